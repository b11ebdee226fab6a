import SwitchyardImport

// FuzzImport: bytes → one source, XML or AASA file → `switchyard import`'s readers.
//
// The first byte picks the file's name (and so its reader: Objective-C, Swift, Kotlin, Java, a
// manifest, a navigation graph, an AASA file; a test directory when the bit 0x80 is set), the rest is
// the file's text. Every input must finish without a crash, within libFuzzer's time limit and memory
// limit; every route written must be a pattern Switchyard accepts (the importer registers each one).

let names = [
    "app/Routes.m", "App/Router.swift", "app/src/main/java/a/Routes.kt", "app/src/main/java/a/Paths.java",
    "app/src/main/AndroidManifest.xml", "app/src/main/res/navigation/graph.xml", "apple-app-site-association",
    "App/Routes.h",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let pick = Int(bytes[0])
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let name = (pick & 0x80 != 0 ? "src/test/" : "") + names[pick % names.count]
    _ = ImportFuzzing.run(file: name, text: text, includeTests: pick & 0x40 != 0)
    return 0
}
