import Switchyard

/// Echoing source text in a message: at most 80 characters, control characters escaped.
enum SchemaTextEcho {
    static func echo(_ s: String) -> String {
        let cut = s.count > 80 ? String(s.prefix(80)) + "…" : s
        return SchemaText.visible(cut)
    }
}
