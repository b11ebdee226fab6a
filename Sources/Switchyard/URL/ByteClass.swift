/// Byte classes used by the scanner, one table lookup per byte.
package enum ByteClass {
    /// Bit 0: forbidden anywhere (C0 controls, space, DEL).
    static let forbidden: UInt8 = 1
    /// Bit 1: ends the path (`?`, `#`).
    static let pathEnd: UInt8 = 2
    /// Bit 2: needs attention inside a component (`%`, `/`, non-ASCII, `\`).
    static let special: UInt8 = 4
    /// Bit 3: a host byte that needs no check at all (ASCII, not a capital, not forbidden, not one of
    /// `@ : % \ < > " ^ ` { | } [ ]`): the authority loop skips it after one table lookup.
    static let hostPlain: UInt8 = 8
    /// Bit 4: a query byte that needs no check (ASCII, not forbidden, not `#`, `&`, `=` or `%`).
    static let queryPlain: UInt8 = 16

    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        for b in 0..<0x21 { t[b] |= forbidden }
        t[0x7F] |= forbidden
        t[Int(UInt8(ascii: "?"))] |= pathEnd
        t[Int(UInt8(ascii: "#"))] |= pathEnd
        t[Int(UInt8(ascii: "%"))] |= special
        t[Int(UInt8(ascii: "/"))] |= special
        t[Int(UInt8(ascii: "\\"))] |= special
        for b in 0x80..<0x100 { t[b] |= special }
        for b in 0x21..<0x7F {
            let c = UInt8(b)
            let hostSpecial = Array("@:%\\<>\"^`{|}[]".utf8) + [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
            if !(c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) && !hostSpecial.contains(c) { t[b] |= hostPlain }
            if !Array("#&=%".utf8).contains(c) { t[b] |= queryPlain }
        }
        return t
    }()

    /// ``table`` in a buffer that lives as long as the process, for code that keeps the pointer (a trie reads
    /// it through its own stored property, with no lazy-global check or array retain per lookup).
    static var pointer: UnsafePointer<UInt8> { PinnedTable.shared.base }

    /// The pinned copy of ``table``. `@unchecked Sendable`: written once when first used, then only read.
    private struct PinnedTable: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        static let shared: PinnedTable = {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
            buffer.initialize(from: table, count: 256)
            return PinnedTable(base: UnsafePointer(buffer))
        }()
    }

    @inline(__always)
    package static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    @inline(__always)
    package static func isSchemeByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    @inline(__always)
    package static func isAlpha(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
}
