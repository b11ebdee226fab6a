#!/usr/bin/env bash
# Builds and runs a separate package that depends on this checkout by path and uses only the public
# API of Switchyard, SwitchyardKit and SwitchyardTooling: the README's examples (quick start, the QA
# API, the route caches) and a module with per-run services, then the route check against its own
# router. Exits non-zero if the package does not build or a check in it fails.
#
#   Scripts/external-package.sh [WORKDIR]     (default: a fresh temporary directory)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work/Sources/ExternalApp"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExternalApp",
    dependencies: [.package(name: "switchyard", path: "$root")],
    targets: [
        .executableTarget(name: "ExternalApp", dependencies: [
            .product(name: "Switchyard", package: "switchyard"),
            .product(name: "SwitchyardKit", package: "switchyard"),
            .product(name: "SwitchyardTooling", package: "switchyard"),
        ]),
    ]
)
SWIFT
cp "$root/Scripts/external-package/main.swift" "$work/Sources/ExternalApp/main.swift"
cd "$work"
swift build
"$work/.build/debug/ExternalApp"
echo "external-package: built and ran against $root"
