/// A small JSON writer that keeps keys in the order given, for stable one-line output.
enum JSONText {
    /// A JSON value.
    indirect enum Value {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])
    }

    /// Renders a value on one line.
    static func render(_ v: Value) -> String {
        switch v {
        case .string(let s): return quote(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal; control characters and non-BMP-safe text are escaped.
    static func quote(_ s: String) -> String {
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
