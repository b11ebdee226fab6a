// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Switchyard. Build and run one with `Scripts/fuzz.sh TARGET SECONDS` from the
// repository root; it builds with
//   swift build -c debug --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product TARGET
// Each target is an executable whose entry point is `LLVMFuzzerTestOneInput` (libFuzzer provides
// `main`), so building the whole package without `--sanitize=fuzzer` does not link: always build one
// product at a time through the script.
let package = Package(
    name: "SwitchyardFuzz",
    dependencies: [
        .package(name: "Switchyard", path: ".."),
    ],
    targets: [
        // Checks shared by the targets: failing a check traps with a message (that is the finding).
        .target(name: "FuzzSupport", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "FuzzURL", dependencies: ["FuzzSupport", .product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "FuzzPatterns", dependencies: ["FuzzSupport", .product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "FuzzRelocation", dependencies: ["FuzzSupport", .product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(
            name: "FuzzNavigation",
            dependencies: [
                "FuzzSupport",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "SwitchyardNavigation", package: "Switchyard"),
            ]
        ),
        .executableTarget(name: "FuzzImport", dependencies: [.product(name: "SwitchyardImport", package: "Switchyard")]),
        // Not a fuzz target: release-build timings of segment constraints (see RELIABILITY.md).
        //   swift run -c release --package-path Fuzz ConstraintTiming
        .executableTarget(name: "ConstraintTiming", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
    ],
    swiftLanguageModes: [.v6]
)
