// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so that RoutingKit and the malloc interposer
// never become dependencies of the Switchyard library itself.
let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "SwitchyardBenchmarks",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
                "CHeapInfo",
            ],
            // libc first: otherwise the interposer's malloc, linked in only for its counting API,
            // would take over every allocation even when it is not preloaded.
            linkerSettings: [.linkedLibrary("c")]
        ),
        // glibc's mallinfo2(), which the Glibc module does not export to Swift.
        .target(name: "CHeapInfo"),
    ],
    swiftLanguageModes: [.v6]
)
