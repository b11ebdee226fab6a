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
            ]
        ),
        // glibc's mallinfo2(), which the Glibc module does not export to Swift. Its module map also
        // autolinks libc, which puts libc ahead of libMallocInterposerSwift.so in the executable's
        // needed libraries: otherwise the interposer, linked in only for its counting API, would
        // serve every allocation of the timing process even when it is not preloaded.
        .target(name: "CHeapInfo"),
    ],
    swiftLanguageModes: [.v6]
)
