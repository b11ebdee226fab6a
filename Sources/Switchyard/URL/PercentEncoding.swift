import Foundation

/// Minimal percent-encoding for printing canonical URLs and building URLs from patterns.
package enum PercentEncoding {
    /// A set of ASCII bytes left as they are.
    package struct Allowed: Sendable {
        let table: [Bool]
        init(_ extra: String) {
            var t = [Bool](repeating: false, count: 128)
            for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = true }
            for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = true }
            for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = true }
            for b in "-._~".utf8 { t[Int(b)] = true }
            for b in extra.utf8 { t[Int(b)] = true }
            table = t
        }
        /// Characters allowed raw in a path segment.
        package static let segmentSafe = Allowed("!$&'()*,;=:@")
        /// Characters a pattern's canonical text keeps raw in a literal segment: those of a path
        /// segment and `+`, which a path reads as itself (only a query reads it as a space).
        package static let patternLiteralSafe = Allowed("!$&'()*+,;=:@")
        /// Characters allowed raw in a host.
        package static let hostSafe = Allowed("!$&'()*,;=")
        /// Characters allowed raw in a query name.
        package static let queryKeySafe = Allowed("!$'()*,;:@/?")
        /// Characters allowed raw in a query value.
        package static let queryValueSafe = Allowed("!$'()*,;:@/?=")
        /// Characters allowed raw in a fragment.
        package static let fragmentSafe = Allowed("!$&'()*,;=:@/?#")
    }

    /// Percent-encodes every byte of `s` outside `allowed`; non-ASCII is encoded as UTF-8 bytes.
    /// With `keepNonASCII`, non-ASCII characters stay as they are (for readable pattern text).
    package static func encode(_ s: String, allowed: Allowed, keepNonASCII: Bool = false) -> String {
        // Most text needs no escape: returned as it is, without copying its bytes.
        if s.utf8.allSatisfy({ ($0 < 128 && allowed.table[Int($0)]) || ($0 >= 128 && keepNonASCII) }) { return s }
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in s.utf8 {
            if (b < 128 && allowed.table[Int(b)]) || (b >= 128 && keepNonASCII) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
