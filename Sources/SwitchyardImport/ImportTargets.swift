import Switchyard

/// Target names from class names as sources write them.
enum ImportTargets {
    /// `com.example.app.DetailActivity` or `.DetailActivity` → `DetailActivity`; `@+id/detail` → `detail`.
    static func name(from raw: String) -> String {
        var s = raw.trimmingWhitespace
        if let slash = s.lastIndex(of: "/") { s = String(s[s.index(after: slash)...]) }
        if let dot = s.lastIndex(of: ".") { s = String(s[s.index(after: dot)...]) }
        return s.isEmpty ? "Screen" : s
    }
}
