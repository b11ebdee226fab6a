/// Makes text safe to print: control and bidirectional-override characters are shown escaped.
enum SafeText {
    /// `text` with C0/C1 controls, DEL and bidi controls replaced by `\u{XXXX}`.
    static func visible(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            let v = u.value
            let unsafe = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
            if unsafe {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
