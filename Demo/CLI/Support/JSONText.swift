import Switchyard

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
        var out = ""
        render(v, into: &out)
        return out
    }

    /// Appends `v`, rendered on one line, to `out`.
    static func render(_ v: Value, into out: inout String) {
        switch v {
        case .string(let s): out += quote(s)
        case .int(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                render(item, into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (k, pair) in pairs.enumerated() {
                if k > 0 { out += "," }
                out += quote(pair.0)
                out += ":"
                render(pair.1, into: &out)
            }
            out += "}"
        }
    }

    /// Appends `s` as a JSON string literal to `out`.
    static func appendQuoted(_ s: String, to out: inout String) {
        // Most text needs no escape (see `JSONValue.quoted(_:)`): appended whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += quote(s)
        }
    }

    /// A JSON string literal.
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
