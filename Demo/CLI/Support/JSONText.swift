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
        switch v {
        case .string(let s): return quote(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal.
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
