import Foundation
import Testing

/// The package manifest as SwiftPM reads it on a clean machine.
@Suite("Package manifest")
struct PackageManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// SwiftPM keeps only `-I` and `-F` of a system library's pkg-config compiler flags and warns
    /// "prohibited flag(s)" about any other on every build (ncursesw's are `-D_DEFAULT_SOURCE
    /// -D_XOPEN_SOURCE=600`). No target may name a pkg-config package whose flags SwiftPM refuses.
    @Test func noSystemLibraryBringsFlagsSwiftPMRefuses() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = manifest.matches(of: /pkgConfig:\s*"([^"]+)"/).map { String($0.output.1) }
        for name in names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["pkg-config", "--cflags", name]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { continue }
            let refused = output.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("-I") && !$0.hasPrefix("-F") }
            #expect(refused.isEmpty, "pkgConfig \"\(name)\": SwiftPM warns about \(refused.joined(separator: ", "))")
        }
        // The ncurses module still links the wide library and asks for the wide API itself.
        let moduleMap = try String(contentsOf: Self.root.appendingPathComponent("Sources/CNcursesw/module.modulemap"), encoding: .utf8)
        #expect(moduleMap.contains(#"link "ncursesw""#))
        let shim = try String(contentsOf: Self.root.appendingPathComponent("Sources/CNcursesw/shim.h"), encoding: .utf8)
        #expect(shim.contains("#define NCURSES_WIDECHAR 1"))
    }
}
