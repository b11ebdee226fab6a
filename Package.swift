// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardNavigation", targets: ["SwitchyardNavigation"]),
        .executable(name: "switchyard", targets: ["switchyard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The routing core: Foundation only.
        .target(name: "Switchyard"),
        .target(name: "SwitchyardNavigation", dependencies: ["Switchyard"]),
        .executableTarget(
            name: "switchyard",
            dependencies: [
                "Switchyard",
                "SwitchyardNavigation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Demo"
        ),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
        .testTarget(name: "SwitchyardNavigationTests", dependencies: ["SwitchyardNavigation"]),
    ],
    swiftLanguageModes: [.v6]
)
