// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that RoutingKit, Hummingbird and the malloc interposer
// never become dependencies of the Switchyard library itself.
let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v15)],  // macOS 15: TaskExecutor, which runs the Hummingbird lookups on the calling thread
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        // Hummingbird's router, the second peer. Its default traits (swift-configuration support and full
        // Foundation for URL-encoded forms) touch nothing the router does, so they are left off: that spares
        // every cold build (CI's among them) compiling swift-configuration. Needs tools version 6.1.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // `Logger`, which a Hummingbird request context names (swift-log is already in the graph through both peers).
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "SwitchyardBenchmarks",
            dependencies: [
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
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
