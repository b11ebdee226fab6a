import Foundation

/// Writing JSON text by hand, for output that is the same on every platform.
package enum JSONValue {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped (also U+2028/9),
    /// everything else as it is. Used for stable one-line and pretty JSON output.
    package static func quoted(_ s: String) -> String {
        // Most text needs no escape: copied whole. 0xE2 starts U+2028 and U+2029 (and other characters,
        // which the loop below copies as they are).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (0x2028...0x2029).contains(u.value) {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
