import Switchyard

/// ARouter and TheRouter (Android) `@Route` annotations, and the argument expressions they take.
extension SourceImporter {
    /// ARouter and TheRouter (Android): `@Route(path = "/group/page")` on a class; the class is the target.
    /// The path may be a literal, a constant or an expression over both (`RouterHub.APP + "/Splash"`).
    /// ARouter's `@Route` on a service (an `IProvider` implementation) is not a screen: not imported.
    mutating func routeAnnotation(at i: Int) {
        guard token(i + 1)?.isPunctuation("(") == true else { return }
        var k = i + 2
        var path: (ConstantTable.Value, Int)?
        var group: String?
        var depth = 0
        while k < tokens.count && k < i + 200 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") || t.isPunctuation("{") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") || t.isPunctuation("}") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, let w = t.identifier, w == "path" || w == "group", token(k + 1)?.isPunctuation("=") == true {
                let (value, next) = expression(from: k + 2)
                if w == "path" {
                    path = (value, t.line)
                } else if case .parts(let p) = value, p.count == 1, case .text(let g) = p[0] {
                    group = g
                }
                k = next
                continue
            }
            k += 1
        }
        var target: String?
        var j = k
        while j < tokens.count && j < k + 80 {
            if let w = tokens[j].identifier, ["class", "object",
                "interface"].contains(w), let name = token(j + 1)?.identifier { target = name; break }
            j += 1
        }
        let router = mentionsTheRouter ? "TheRouter" : "ARouter"
        guard let (value, line) = path else {
            warn(tokens[i].line, "@Route has no path")
            return
        }
        let text: String
        switch constants.evaluate(rewritingImports(value), in: file) {
        case .literal(let s)?: text = s
        case .failed(let why)?:
            warn(line, "\(router) path is \(why); not imported")
            return
        case nil:
            warn(line, "\(router) path is \(Self.describe(value)), \(notDefined); not imported")
            return
        }
        if router == "ARouter", let target, types.isService(target) {
            warn(line, "ARouter @Route '\(SchemaTextEcho.echo(text))' on \(target) is a service (it implements "
                + "IProvider), not a screen; not imported")
            return
        }
        var notes: [String] = []
        if router == "ARouter", let group {
            let first = text.split(separator: "/").first.map(String.init) ?? ""
            if group != first {
                notes.append("ARouter group '\(SchemaTextEcho.echo(group))' is not the path's first segment "
                    + "'\(SchemaTextEcho.echo(first))': ARouter finds this page from a URL only once group "
                    + "'\(SchemaTextEcho.echo(group))' is loaded (or with build(path, group)); imported by its path, "
                    + "which matches such URLs always")
            }
        }
        emit(text, line: line, dialect: router == "ARouter" ? .aRouter : .plain, scheme: nil, target: target,
            router: router, notes: notes)
    }

    /// The expression starting at `k` up to a `,` or closing bracket at its own depth, as a value, and
    /// the index where it ends.
    func expression(from k: Int) -> (ConstantTable.Value, Int) {
        var end = k
        var depth = 0
        while end < tokens.count && end < k + 64 {
            let t = tokens[end]
            if t.isPunctuation("(") || t.isPunctuation("[") || t.isPunctuation("{") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") || t.isPunctuation("}") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0 && (t.isPunctuation(",") || t.isPunctuation(";")) { break }
            end += 1
        }
        return (ConstantTable.value(of: tokens[k..<end], language: language), end)
    }

    /// `value` with each name's first component replaced by what the file imports under it.
    func rewritingImports(_ value: ConstantTable.Value) -> ConstantTable.Value {
        guard case .parts(let pieces) = value else { return value }
        return .parts(pieces.map { piece in
            guard case .name(let n) = piece else { return piece }
            return .name(rewritingImports(n))
        })
    }

    /// `APP` → `RouterHub.APP` when the file imports `RouterHub.APP` statically.
    func rewritingImports(_ name: String) -> String {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let imported = importedNames[first], imported != first else { return name }
        return ([imported] + parts.dropFirst()).joined(separator: ".")
    }

    /// A value as the source writes it, for messages.
    static func describe(_ value: ConstantTable.Value) -> String {
        guard case .parts(let pieces) = value else { return "an expression" }
        return pieces.map { piece in
            switch piece {
            case .text(let t): "\"\(SchemaTextEcho.echo(t))\""
            case .name(let n): n
            }
        }.joined(separator: " + ")
    }
}
