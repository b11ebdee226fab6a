/// The class and interface declarations of a project's Java and Kotlin sources, each with the types it
/// names as supertypes, so `import` can tell an ARouter `@Route` on a service (an `IProvider`
/// implementation, directly or through an interface of the project) from one on a screen.
struct JVMTypeTable {
    /// ARouter's own interfaces that extend `IProvider`: an implementation of one is a service.
    static let providerRoots: Set<String> = [
        "IProvider", "SerializationService", "PathReplaceService", "DegradeService", "PretreatmentService",
        "InterceptorService", "AutowiredService", "ClassLoaderService",
    ]
    /// At most this many declarations are kept.
    static let maxTypes = 200_000

    /// Supertypes (simple names) by simple type name; a name declared twice keeps both lists.
    private var supertypes: [String: [String]] = [:]
    private var count = 0
    /// The files whose declarations were collected.
    private(set) var files: Set<String> = []

    /// Adds the declarations of one file.
    mutating func collect(file: String, tokens: [SourceToken]) {
        files.insert(file)
        for i in tokens.indices {
            guard let w = tokens[i].identifier, w == "class" || w == "interface",
                i + 1 < tokens.count, let name = tokens[i + 1].identifier
            else { continue }
            if i > 0, tokens[i - 1].isPunctuation(".")
                || tokens[i - 1].isPunctuation(":") { continue }  // `X.class`, `X::class`
            let supers = Self.supertypes(tokens, after: i + 2)
            guard count < Self.maxTypes else { return }
            supertypes[name, default: []] += supers
            count += 1
        }
    }

    /// The simple names after `extends`, `implements` or (Kotlin) `:` up to the body's `{` (or the end of
    /// the declaration), generic arguments and constructor calls skipped.
    static func supertypes(_ tokens: [SourceToken], after start: Int) -> [String] {
        var out: [String] = []
        var k = start
        var reading = false
        var angle = 0, paren = 0
        var last: String?
        while k < tokens.count && k < start + 200 {
            let t = tokens[k]
            if t.isPunctuation("{") || t.isPunctuation(";") || t.isPunctuation("}") { break }
            if t.isPunctuation("<") {
                angle += 1
            } else if t.isPunctuation(">") {
                angle = max(0, angle - 1)
            } else if t.isPunctuation("(") {
                paren += 1
            } else if t.isPunctuation(")") {
                paren = max(0, paren - 1)
            }
            if angle == 0 && paren == 0 {
                if let w = t.identifier, w == "extends" || w == "implements" {
                    reading = true
                } else if t.isPunctuation(":") {
                    reading = true
                } else if reading, t.isPunctuation(",") {
                    if let l = last { out.append(l) }
                    last = nil
                } else if reading, let w = t.identifier, w != "where" {
                    last = w  // `a.b.IProvider` keeps the last name
                }
            }
            k += 1
        }
        if reading, let l = last { out.append(l) }
        return out
    }

    /// Whether `name` implements an ARouter service interface, through any chain of declarations seen.
    func isService(_ name: String) -> Bool {
        var seen: Set<String> = [name]
        var queue = [name]
        while let n = queue.popLast() {
            for s in supertypes[n] ?? [] {
                if Self.providerRoots.contains(s) { return true }
                if seen.count < 4096, seen.insert(s).inserted { queue.append(s) }
            }
        }
        return false
    }
}
