// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardKit", targets: ["SwitchyardKit"]),
        .library(name: "SwitchyardLogging", targets: ["SwitchyardLogging"]),
        .library(name: "SwitchyardNavigation", targets: ["SwitchyardNavigation"]),
        .library(name: "SwitchyardTerminal", targets: ["SwitchyardTerminal"]),
        .executable(name: "switchyard", targets: ["switchyard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Documentation builds only (`swift package generate-documentation`, Scripts/docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The routing core: Foundation only.
        .target(name: "Switchyard"),
        // The batteries: a login gate, a web host allow list, a service registry, a URL builder.
        .target(name: "SwitchyardKit", dependencies: ["Switchyard"]),
        // Traces logged through swift-log, kept out of the core.
        .target(name: "SwitchyardLogging", dependencies: ["Switchyard", .product(name: "Logging", package: "swift-log")]),
        // The navigation model: pure values, no terminal.
        .target(name: "SwitchyardNavigation", dependencies: ["Switchyard", "SwitchyardKit"]),
        // The renderer: cells, layout, animation, line editing. No ncurses.
        .target(name: "SwitchyardTerminal", dependencies: ["SwitchyardKit", "SwitchyardNavigation"]),
        // The only code that touches ncurses.
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "SwitchyardCurses", dependencies: ["CNcursesw", "SwitchyardTerminal"]),
        // The demo app: its route table and services, as a library so tests can drive it.
        .target(name: "SwitchyardDemo", dependencies: ["Switchyard", "SwitchyardKit", "SwitchyardNavigation"], path: "Demo/App"),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "Switchyard",
                "SwitchyardKit",
                "SwitchyardLogging",
                "SwitchyardNavigation",
                "SwitchyardTerminal",
                "SwitchyardCurses",
                "SwitchyardDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Demo",
            exclude: ["App"]
        ),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard", "SwitchyardKit", "SwitchyardLogging", .product(name: "Logging", package: "swift-log")], exclude: ["Corpus"]),
        .testTarget(name: "SwitchyardNavigationTests", dependencies: ["SwitchyardKit", "SwitchyardNavigation", "SwitchyardDemo"], exclude: ["Scripts", "Apps"]),
        .testTarget(name: "SwitchyardTerminalTests", dependencies: ["SwitchyardTerminal"], exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: [], path: "Tests/EndToEndTests"),
    ],
    swiftLanguageModes: [.v6]
)
