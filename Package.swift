// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Switchyard",
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardKit", targets: ["SwitchyardKit"]),
        .library(name: "SwitchyardLogging", targets: ["SwitchyardLogging"]),
        .library(name: "SwitchyardNavigation", targets: ["SwitchyardNavigation"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "SwitchyardImport", targets: ["SwitchyardImport"]),
        .library(name: "SwitchyardTooling", targets: ["SwitchyardTooling"]),
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
        .target(name: "CSwitchyardPrefetch"),
        .target(name: "Switchyard", dependencies: ["CSwitchyardPrefetch"]),
        // The batteries: a login gate, a web host allow list, a service registry, a URL builder.
        .target(name: "SwitchyardKit", dependencies: ["Switchyard"]),
        // Traces logged through swift-log, kept out of the core.
        .target(name: "SwitchyardLogging", dependencies: ["Switchyard", .product(name: "Logging", package: "swift-log")]),
        // The navigation model: pure values, no terminal.
        .target(name: "SwitchyardNavigation", dependencies: ["Switchyard", "SwitchyardKit"]),
        // Route QA on top of the core: lint (of a route file, a live router or an app description), the
        // route map export, the declared-vs-registered route check and explain. Apps that only route do
        // not compile it; the CLI and the shell do.
        .target(name: "SwitchyardTooling", dependencies: ["Switchyard", "SwitchyardNavigation"]),
        // The terminal toolkit: canvas, display widths, frame diff, line editor, animator, input
        // decoding. Knows nothing of Switchyard, and no ncurses.
        .target(name: "TerminalKit"),
        // The app shell: the model, view and loop of the terminal app that draws Switchyard's
        // navigation with TerminalKit.
        .target(name: "SwitchyardShell", dependencies: ["Switchyard", "SwitchyardKit", "SwitchyardNavigation", "SwitchyardTooling", "TerminalKit"]),
        // The only code that touches ncurses: a TerminalKit terminal. No `pkgConfig:`: ncursesw's
        // pkg-config flags are only `-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600` (SwiftPM refuses -D flags
        // with a "prohibited flag(s)" warning on every build) and `-lncursesw -ltinfo`; the header is
        // in the default include path (libncursesw5-dev), the shim asks for the wide API itself, and
        // the module map links ncursesw (whose linker script brings in tinfo).
        .systemLibrary(name: "CNcursesw"),
        .target(name: "SwitchyardCurses", dependencies: ["CNcursesw", "TerminalKit"]),
        // `switchyard import`: the source lexer and the readers of each router's registrations, kept out
        // of the routing core; a library so the fuzz target and the unit tests can drive it.
        .target(name: "SwitchyardImport", dependencies: ["Switchyard"]),
        // The demo app: its route table and services, as a library so tests can drive it.
        .target(name: "SwitchyardDemo", dependencies: ["Switchyard", "SwitchyardKit", "SwitchyardNavigation"], path: "Demo/App"),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "Switchyard",
                "SwitchyardKit",
                "SwitchyardLogging",
                "SwitchyardNavigation",
                "SwitchyardShell",
                "SwitchyardCurses",
                "TerminalKit",
                "SwitchyardDemo",
                "SwitchyardImport",
                "SwitchyardTooling",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Demo",
            exclude: ["App"]
        ),
        // The terminal app's responsiveness in a release build: `swift run -c release switchyard-terminal-bench`.
        .executableTarget(
            name: "switchyard-terminal-bench",
            dependencies: ["Switchyard", "SwitchyardNavigation", "SwitchyardShell", "TerminalKit", "SwitchyardDemo"],
            path: "Benchmarks/Terminal"
        ),
        // Helpers shared by the test targets: the SplitMix64 generator, the callback recorder, the
        // navigation action generator.
        .target(name: "SwitchyardTestSupport", dependencies: ["Switchyard", "SwitchyardNavigation"], path: "Tests/SwitchyardTestSupport"),
        .testTarget(
            name: "SwitchyardTests",
            dependencies: ["Switchyard", "SwitchyardKit", "SwitchyardLogging", "SwitchyardNavigation", "SwitchyardTooling", "SwitchyardTestSupport", .product(name: "Logging", package: "swift-log")],
            exclude: ["Corpus"]
        ),
        .testTarget(
            name: "SwitchyardNavigationTests",
            dependencies: ["SwitchyardKit", "SwitchyardNavigation", "SwitchyardTooling", "SwitchyardDemo", "SwitchyardTestSupport"],
            exclude: ["Scripts", "Apps", "Graphs"]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(name: "SwitchyardShellTests", dependencies: ["SwitchyardKit", "SwitchyardShell", "TerminalKit", "SwitchyardTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "SwitchyardImportTests", dependencies: ["Switchyard", "SwitchyardImport"]),
        .testTarget(name: "EndToEndTests", dependencies: [], path: "Tests/EndToEndTests", exclude: ["ImportFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
