// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
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
        // Traces logged through swift-log, kept out of the core.
        .target(name: "SwitchyardLogging", dependencies: ["Switchyard", .product(name: "Logging", package: "swift-log")]),
        // The navigation model: pure values, no terminal.
        .target(name: "SwitchyardNavigation", dependencies: ["Switchyard"]),
        // The renderer: cells, layout, animation, line editing. No ncurses.
        .target(name: "SwitchyardTerminal", dependencies: ["SwitchyardNavigation"]),
        // The only code that touches ncurses.
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "SwitchyardCurses", dependencies: ["CNcursesw", "SwitchyardTerminal"]),
        // The demo app: its route table and services, as a library so tests can drive it.
        .target(name: "SwitchyardDemo", dependencies: ["Switchyard", "SwitchyardNavigation"], path: "Demo/App"),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "Switchyard",
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
        // The terminal app's responsiveness in a release build: `swift run -c release switchyard-terminal-bench`.
        .executableTarget(
            name: "switchyard-terminal-bench",
            dependencies: ["Switchyard", "SwitchyardNavigation", "SwitchyardTerminal", "SwitchyardDemo"],
            path: "Benchmarks/Terminal"
        ),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard", "SwitchyardLogging", .product(name: "Logging", package: "swift-log")], exclude: ["Corpus"]),
        .testTarget(name: "SwitchyardNavigationTests", dependencies: ["SwitchyardNavigation", "SwitchyardDemo"], exclude: ["Scripts", "Apps", "Graphs"]),
        .testTarget(name: "SwitchyardTerminalTests", dependencies: ["SwitchyardTerminal"], exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: [], path: "Tests/EndToEndTests", exclude: ["ImportFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
