import Switchyard

/// TheRouter (iOS): `addRouterItem`, `patternString` arrays and the `@RouterPage` macro.
extension SourceImporter {
    /// TheRouter (iOS): the macro `@RouterPage(["scheme://a", "scheme://b"])` on a class; the class is the
    /// target.
    mutating func routerPage(at i: Int) {
        guard token(i + 1)?.isPunctuation("(") == true else { return }
        var k = i + 2
        let array = token(k)?.isPunctuation("[") == true
        if array { k += 1 }
        var entries: [(ConstantTable.Value, Int)] = []
        while k < tokens.count && k < i + 400 {
            guard let t = token(k), !t.isPunctuation("]"), !t.isPunctuation(")") else { break }
            let (value, next) = expression(from: k)
            entries.append((value, t.line))
            k = next
            if token(k)?.isPunctuation(",") == true { k += 1 } else { break }
        }
        var j = k
        var target: String?
        while j < tokens.count && j < k + 60 {
            if let w = tokens[j].identifier, ["class", "struct", "enum"].contains(w),
                let name = token(j + 1)?.identifier
            {
                target = name
                break
            }
            j += 1
        }
        for (value, line) in entries {
            switch constants.evaluate(value, in: file) {
            case .literal(let text)?: emit(text, line: line, dialect: .plain, scheme: nil, target: target,
                router: "TheRouter")
            case .failed(let why)?: warn(line, "TheRouter pattern is \(why); not imported")
            case nil: warn(line, "TheRouter pattern is \(Self.describe(value)), \(notDefined); not imported")
            }
        }
    }

    /// TheRouter (iOS): `TheRouter.addRouterItem("scheme://x", classString: "C")`, a `["pattern": "Class"]`
    /// dictionary, or `RouteItem(path: "…", className: "…")`.
    mutating func theRouterItem(at i: Int) {
        if token(i - 1)?.identifier == "func" { return }
        guard let open = token(i + 1), open.isPunctuation("(") || open.isPunctuation(":") else { return }
        var k = i + 2, depth = 1
        var items: [SourceToken] = []
        while k < tokens.count && k < i + 400 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") {
                depth -= 1
                if depth == 0 && open.isPunctuation("(") { break }
            }
            if open.isPunctuation(":") && depth <= 1 && t.isPunctuation("]") { break }
            items.append(t)
            k += 1
        }
        // A class name: a literal, or a string constant (`classString: Api.routerClass`) the scanned
        // files define; what cannot be followed leaves the target to the path.
        func className(at j: Int) -> String? {
            if let cls = items[j].string { return cls }
            guard items[j].identifier != nil else { return nil }
            if case .literal(let cls)? = constants.resolve(dottedName(from: i + 2 + j), in: file) { return cls }
            return nil
        }
        // A dictionary of pattern → class name.
        var pairs: [(SourceToken, String?)] = []
        for j in items.indices where j + 2 < items.count && items[j].string != nil && items[j + 1].isPunctuation(":") {
            if items[j + 2].string != nil || items[j + 2].identifier != nil {
                pairs.append((items[j], className(at: j + 2)))
            }
        }
        if !pairs.isEmpty {
            for (p, cls) in pairs { emitToken(p, dialect: .plain, target: cls, router: "TheRouter") }
            return
        }
        var target: String?
        for j in items.indices where j + 2 < items.count
            && (items[j].identifier == "classString" || items[j].identifier == "className")
                && items[j + 1].isPunctuation(":")
        {
            target = className(at: j + 2)
        }
        // The pattern argument: after a `patternString:` label, or `RouteItem(path: …)`'s `path`.
        var start = 0
        if items.count > 2, items[0].identifier == "patternString", items[1].isPunctuation(":") { start = 2 }
        if items.count > start + 1, items[start].identifier == "RouteItem", items[start + 1].isPunctuation("(") {
            guard let p = items.indices.first(where: { $0 + 2 < items.count && items[$0].identifier == "path"
                && items[$0 + 1].isPunctuation(":") }) else { return }
            start = p + 2
        }
        guard start < items.count else { return }
        let (value, _) = expression(from: i + 2 + start)
        let line = items[start].line
        switch constants.evaluate(value, in: file) {
        case .literal(let text)?: emit(text, line: line, dialect: .plain, scheme: nil, target: target,
            router: "TheRouter")
        case .failed(let why)?: warn(line, "TheRouter pattern is \(why); not imported")
        case nil: warn(line, "TheRouter pattern is \(Self.describe(value)), \(notDefined); not imported")
        }
    }

    /// TheRouter (iOS): `static var patternString: [String] { ["scheme://x"] }` or `= ["…"]` in a
    /// `TheRouterable` type; the type is the target.
    mutating func theRouterPatternString(at i: Int) {
        guard token(i - 1)?.identifier == "var" || token(i - 1)?.identifier == "let" else { return }
        var k = i + 1
        // Skip the type annotation `: [String]` to the value.
        while k < tokens.count && k < i + 12
            && !(tokens[k].isPunctuation("=") || tokens[k].isPunctuation("{")) { k += 1 }
        // The value must be an array, right after `=`, `{` or `{ return`: a `String` patternString (a URL
        // an API type builds, not a registration) is not read, nor anything after it.
        k += 1
        if token(k)?.identifier == "return" { k += 1 }
        guard token(k)?.isPunctuation("[") == true else { return }
        k += 1
        while k < tokens.count && !tokens[k].isPunctuation("]") && k < i + 400 {
            if tokens[k].isString { emitToken(tokens[k], dialect: .plain, target: currentType, router: "TheRouter") }
            // `[RouterPaths.account]`: a constant.
            if tokens[k].identifier != nil, token(k - 1)?.isPunctuation("[") == true
                || token(k - 1)?.isPunctuation(",") == true {
                let name = dottedName(from: k)
                emitConstant(name, line: tokens[k].line, dialect: .plain, scheme: nil, target: currentType,
                    router: "TheRouter")
                k += 2 * name.split(separator: ".").count - 2
            }
            k += 1
        }
    }
}
