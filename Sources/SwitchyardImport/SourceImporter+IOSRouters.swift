import Switchyard

/// The iOS routers' registrations: WLRRoute and DeepLinkKit `forRoute:`, JLRoutes `addRoute`, MGJRouter
/// `registerURLPattern`, URLNavigator `register` / `handle`, DeepLinkKit's subscript; and what they need
/// (the enclosing method, the handler's class, JLRoutes' scheme and priority).
extension SourceImporter {
    /// `KEYWORD:@"…"` (Objective-C), `KEYWORD("…")` or `KEYWORD: "…"` (Swift).
    mutating func registration(at i: Int, kind: Kind) {
        if token(i - 1)?.identifier == "func" { return }  // a declaration, not a call
        guard let arg = argument(after: i) else { return }
        let router: String, dialect: PatternDialect
        var target: String?
        var scheme: String?
        switch kind {
        case .forRoute:
            let (method, start) = enclosingMethod(before: i)
            if method == "registerHandlerClass" {
                router = "DeepLinkKit"
                dialect = .deepLinkKit
            } else {
                router = "WLRRoute"
                dialect = .wlrRoute
            }
            if method == "registerHandlerClass" || method == "registerHandler", let start {
                target = className(in: start..<i) ?? variableType(in: start..<i)
            }
        case .addRoute:
            router = "JLRoutes"
            dialect = .jlRoutes
            scheme = jlRoutesScheme(before: i)
        case .mgj:
            router = "MGJRouter"
            dialect = .mgjRouter
        }
        var priority = 0
        var notes: [String] = []
        if kind == .mgj {
            let (product, note) = mgjObjectProduct(after: i)
            target = product
            if let note { notes.append(note) }
        }
        if kind == .addRoute, let p = jlRoutesPriority(after: i) {
            priority = p
            notes.append("JLRoutes priority \(p) dropped as an order: JLRoutes tries routes by priority before "
                + "anything else, Switchyard ranks the more specific pattern first and uses priority only between "
                + "equally specific ones")
        }
        if kind == .addRoute, let declines = jlRoutesDeclines(after: i) { notes.append(declines) }
        switch arg {
        case .literal(let text, let line): emit(text, line: line, dialect: dialect, scheme: scheme, target: target,
            router: router, notes: notes, priority: priority)
        case .symbol(let name, let line): emitConstant(name, line: line, dialect: dialect, scheme: scheme,
            target: target, router: router, notes: notes)
        case .dynamic(let line, let k):
            emitTemplate(at: k, line: line, dialect: dialect, scheme: scheme, target: target, router: router,
                         notes: notes, priority: priority)
        }
    }

    /// MGJRouter `deregisterURLPattern:`: a route taken away at run time (when a screen closes, a
    /// feature turns off). The table keeps the route, as registered until then; a warning at the call
    /// says so, so a reader of the table knows that the route can be gone.
    mutating func mgjDeregistration(at i: Int) {
        if token(i - 1)?.identifier == "func" { return }  // a declaration, not a call
        guard let arg = argument(after: i) else { return }
        let line: Int, shown: String
        switch arg {
        case .literal(let text, let l): (line, shown) = (l, "'\(text)'")
        case .symbol(let name, let l): (line, shown) = (l, name)
        case .dynamic(let l, _): (line, shown) = (l, "a pattern built at run time")
        }
        warn(line, "MGJRouter deregisters \(shown) here; the route is imported as registered (it is removed "
            + "only when this runs)")
    }

    /// URLNavigator: `navigator.register("myapp://user/<int:id>") { … }` and `navigator.handle("…")`.
    mutating func urlNavigator(at i: Int, handle: Bool) {
        guard token(i - 1)?.isPunctuation(".") == true, token(i + 1)?.isPunctuation("(") == true,
            let s = token(i + 2)
        else { return }
        // `register` is a common name: only URL-like strings count.
        func urlLike(_ text: String) -> Bool { text.contains("://") || text.hasPrefix("/") || text.contains("<") }
        let text: String
        var symbolEnd = i + 3
        switch s.kind {
        case .string(let t, let dynamic):
            guard urlLike(t) else { return }
            if dynamic {
                // `"\(Constant.scheme)://user/<id>"`: resolved over the project's string constants.
                let value = ConstantTable.value(of: tokens[(i + 2)...(i + 2)], language: language)
                switch constants.evaluate(value, in: file) {
                case .literal(let resolved)?: text = resolved
                case .failed(let why)?:
                    warn(s.line, "URLNavigator pattern is \(why); not imported")
                    return
                case nil:
                    warn(s.line, "URLNavigator pattern is \(Self.describe(value)), \(notDefined); not imported")
                    return
                }
            } else {
                text = t
            }
        case .identifier:
            // `register(userRoute)` or `register(Routes.user)`: a constant, when it holds a URL-like string.
            let name = dottedName(from: i + 2)
            symbolEnd = i + 2 + 2 * name.split(separator: ".").count - 1
            let receiver = token(i - 2)?.identifier?.lowercased() ?? ""
            if token(symbolEnd)?.isPunctuation("(") == true {
                // `register(urlString(path: "a"))`: a project helper that builds the pattern.
                guard receiver.contains("navigator") else { return }
                switch helperCall(at: i + 2) {
                case .literal(let t)?:
                    guard urlLike(t) else { return }
                    text = t
                case .failed(let why)?:
                    warn(s.line, "URLNavigator pattern is \(why); not imported")
                    return
                case nil:
                    warn(s.line, "URLNavigator pattern is built by a call of \(name)(…); only literals, string "
                        + "constants and calls of a string helper are imported; not imported")
                    return
                }
                // The call's closing parenthesis, then what follows the argument.
                var depth = 0
                while symbolEnd < tokens.count && symbolEnd < i + 40 {
                    if tokens[symbolEnd].isPunctuation("(") { depth += 1 }
                    if tokens[symbolEnd].isPunctuation(")") { depth -= 1; if depth == 0 { break } }
                    symbolEnd += 1
                }
                symbolEnd += 1
                break
            }
            guard token(symbolEnd)?.isPunctuation(")") == true || token(symbolEnd)?.isPunctuation(",") == true else {
                return
            }
            switch constants.resolve(name, in: file) {
            case .literal(let t)?:
                guard urlLike(t) else { return }
                text = t
            case .failed(let why)?:
                if receiver.contains("navigator") { warn(s.line, "URLNavigator pattern is \(why); not imported") }
                return
            case nil:
                if receiver.contains("navigator") {
                    warn(s.line, "URLNavigator pattern is \(name), \(notDefined); not imported")
                }
                return
            }
        default:
            return
        }
        var target: String?
        var notes: [String] = []
        if !handle {
            // `register("…", UserViewController.init)` or a factory closure that builds a controller.
            var k = symbolEnd
            if token(k)?.isPunctuation(",") == true, let name = token(k + 1)?.identifier,
                name.first?.isUppercase == true
            {
                target = name
            }
            // `register("…", self.webFactory)`: the controller that function builds, else its name.
            if target == nil, token(k)?.isPunctuation(",") == true {
                var n = k + 1
                if token(n)?.identifier == "self" || token(n)?.identifier == "Self",
                    token(n + 1)?.isPunctuation(".") == true
                {
                    n += 2
                }
                if let name = token(n)?.identifier, name.first?.isLowercase == true {
                    let products = factoryProducts(name)
                    target = products.count == 1 ? products[0] : name.prefix(1).uppercased() + name.dropFirst()
                    if products.count > 1 {
                        notes.append("URLNavigator factory \(name) returns \(products.joined(separator: " or ")) "
                            + "(chosen at run time): the target names the factory")
                    }
                }
            }
            if target == nil {
                while k < tokens.count && k < symbolEnd + 6 && !tokens[k].isPunctuation("{") { k += 1 }
                if k < tokens.count && tokens[k].isPunctuation("{") {
                    // A closure that returns one of several controllers names no class: its target is
                    // named from the pattern, as a block handler's is.
                    let products = closureProducts(from: k)
                    if products.count == 1 { target = products[0] }
                    if products.count > 1 {
                        let all = products.joined(separator: " or ")
                        notes.append("URLNavigator factory returns \(all) (chosen at run time): the target is "
                            + "named from the pattern")
                    }
                }
            }
        }
        if mentionsDeepLinkKit {
            emit(text, line: s.line, dialect: .deepLinkKit, scheme: nil, target: target, router: "DeepLinkKit")
            return
        }
        emit(text, line: s.line, dialect: .urlNavigator, scheme: nil, target: target, router: "URLNavigator",
            notes: notes)
    }

    /// DeepLinkKit: `self.router[@"/product/:sku"] = [ProductRouteHandler class];` or `= ^(DPLDeepLink *link) {…}`.
    mutating func deepLinkKitSubscript(at i: Int) {
        guard let receiver = token(i - 1)?.identifier, receiver.lowercased().hasSuffix("router") else { return }
        var k = i + 1
        if token(k)?.isPunctuation("@") == true { k += 1 }
        guard let s = token(k) else { return }
        // `router[@"…"]`, `router[@"a" @"b"]` or `router[kProductRoute]`.
        let key: Argument
        switch s.kind {
        case .string:
            guard let run = literalRun(at: k) else { return }
            key = run.dynamic ? .dynamic(s.line, at: k) : .literal(run.value, s.line)
            k = run.next - 1
        case .identifier:
            let name = dottedName(from: k)
            key = .symbol(name, s.line)
            k += 2 * name.split(separator: ".").count - 2
        default:
            return
        }
        guard token(k + 1)?.isPunctuation("]") == true, token(k + 2)?.isPunctuation("=") == true else { return }
        var target: String?
        if token(k + 3)?.isPunctuation("[") == true, let name = token(k + 4)?.identifier,
            token(k + 5)?.identifier == "class"
        {
            target = name
        }
        if language == .swift, let name = token(k + 3)?.identifier, token(k + 4)?.isPunctuation(".") == true,
            token(k + 5)?.identifier == "self"
        {
            target = name
        }
        switch key {
        case .literal(let text, let line): emit(text, line: line, dialect: .deepLinkKit, scheme: nil, target: target,
            router: "DeepLinkKit")
        case .symbol(let name, let line): emitConstant(name, line: line, dialect: .deepLinkKit, scheme: nil,
            target: target, router: "DeepLinkKit")
        case .dynamic(let line, let at):
            emitTemplate(at: at, line: line, dialect: .deepLinkKit, scheme: nil, target: target, router: "DeepLinkKit")
        }
    }

    /// For `forRoute:`, the method the keyword belongs to and the index after the bracket that opens the
    /// call: `[router registerHandler:… forRoute:…]` gives `registerHandler`.
    func enclosingMethod(before i: Int) -> (String?, Int?) {
        var depth = 0
        var j = i - 1
        var firstKeyword: String?
        while j >= 0 && j > i - 600 {
            let t = tokens[j]
            if t.isPunctuation("]") || t.isPunctuation(")") || t.isPunctuation("}") { depth += 1 }
            if t.isPunctuation("[") || t.isPunctuation("(") || t.isPunctuation("{") {
                depth -= 1
                if depth < 0 {
                    if t.isPunctuation("("), let name = token(j - 1)?.identifier { return (name, j + 1) }
                    return (firstKeyword, j + 1)
                }
            }
            if depth == 0 && t.isPunctuation(";") { break }
            if depth == 0, let w = t.identifier, token(j + 1)?.isPunctuation(":") == true { firstKeyword = w }
            j -= 1
        }
        return (firstKeyword, nil)
    }

    /// The first type `func name(…)` in this file builds (`SFSafariViewController(url: url)`), if any.
    /// The type a call at `j` builds: `X(…)`, or a static factory `X.make(…)` (`X.loadFromStoryboard()`,
    /// `X.init(…)`); nil for anything else.
    func constructed(at j: Int) -> String? {
        guard let name = token(j)?.identifier, name.first?.isUppercase == true else { return nil }
        if token(j + 1)?.isPunctuation("(") == true { return name }
        if token(j + 1)?.isPunctuation(".") == true, token(j + 2)?.identifier != nil,
            token(j + 3)?.isPunctuation("(") == true
        {
            return name
        }
        return nil
    }

    /// The class an Objective-C message at `j` builds: `[[X alloc] init…]` or `[X new]`; nil otherwise.
    func objcConstructed(at j: Int) -> String? {
        guard token(j)?.isPunctuation("[") == true else { return nil }
        if token(j + 1)?.isPunctuation("[") == true, let name = token(j + 2)?.identifier,
            name.first?.isUppercase == true, token(j + 3)?.identifier == "alloc"
        {
            return name
        }
        if let name = token(j + 1)?.identifier, name.first?.isUppercase == true, token(j + 2)?.identifier == "new" {
            return name
        }
        return nil
    }

    /// MGJRouter's `toObjectHandler:^(NSDictionary *p) { … return vc; }`: the class the block returns (the
    /// object `objectForURL:` gives the caller), and a note when it returns one of several.
    func mgjObjectProduct(after i: Int) -> (target: String?, note: String?) {
        var k = i + 1
        var depth = 0
        while k < tokens.count && k < i + 60 {
            let t = tokens[k]
            if t.isPunctuation("[") || t.isPunctuation("(") { depth += 1 }
            if t.isPunctuation("]") || t.isPunctuation(")") { depth -= 1; if depth < 0 { return (nil, nil) } }
            if t.isPunctuation(";") { return (nil, nil) }
            if t.identifier == "toObjectHandler" { break }
            k += 1
        }
        guard token(k)?.identifier == "toObjectHandler" else { return (nil, nil) }
        while k < tokens.count && k < i + 120 && !tokens[k].isPunctuation("{") {
            if tokens[k].isPunctuation(";") { return (nil, nil) }
            k += 1
        }
        guard token(k)?.isPunctuation("{") == true else { return (nil, nil) }
        // A UIKit or Foundation class (`UIView`, `NSObject`) names no screen of the app: such a product
        // leaves the target to the pattern.
        let products = closureProducts(from: k).filter { name in
            !((name.hasPrefix("UI") || name.hasPrefix("NS")) && name.dropFirst(2).first?.isUppercase == true)
        }
        if products.count > 1 {
            return (nil, "MGJRouter object handler returns \(products.joined(separator: " or ")) (chosen at run "
                + "time): the target is named from the pattern")
        }
        return (products.first, nil)
    }

    /// The controller a factory closure opening at `open` returns: the type after a `return`, or the type
    /// a returned variable was built as (`let vc = X.loadFromStoryboard(); …; return vc`); else the first
    /// `…Controller` it builds, else the first type it builds.
    func closureProduct(from open: Int) -> String? { closureProducts(from: open).first }

    /// Every type the factory closure opening at `open` returns, in order (``closureProduct(from:)`` is
    /// the first); a closure that returns none gives its first `…Controller`, else its first built type.
    func closureProducts(from open: Int) -> [String] {
        var depth = 0
        var j = open
        var built: [String: String] = [:]  // variable → the type it was built as
        var returned: [String] = []
        var firstController: String?
        var firstBuilt: String?
        while j < tokens.count && j < open + 400 {
            if tokens[j].isPunctuation("{") { depth += 1 }
            if tokens[j].isPunctuation("}") { depth -= 1; if depth == 0 { break } }
            // Objective-C: `Type *v = [[Type alloc] init…]`, `return [[Type alloc] init…]`, `return v`.
            if tokens[j].isPunctuation("*"), let v = token(j + 1)?.identifier, token(j + 2)?.isPunctuation("=") == true,
                let type = objcConstructed(at: j + 3)
            {
                built[v] = type
            }
            if let w = tokens[j].identifier {
                if w == "return", let type = objcConstructed(at: j + 1), !returned.contains(type) {
                    returned.append(type)
                }
                if w == "let" || w == "var", let v = token(j + 1)?.identifier,
                    token(j + 2)?.isPunctuation("=") == true, let type = constructed(at: j + 3)
                {
                    built[v] = type
                }
                if w == "return", let type = constructed(at: j + 1) ?? token(j + 1)?.identifier.flatMap({ built[$0] }) {
                    if !returned.contains(type) { returned.append(type) }
                }
                if let type = constructed(at: j) {
                    if firstBuilt == nil { firstBuilt = type }
                    if firstController == nil && type.hasSuffix("Controller") { firstController = type }
                }
            }
            j += 1
        }
        if !returned.isEmpty { return returned }
        return (firstController ?? firstBuilt).map { [$0] } ?? []
    }

    /// The types the factory function `func name(…)` of this file returns (``closureProducts(from:)`` of
    /// its body); empty when the file declares no such function.
    func factoryProducts(_ name: String) -> [String] {
        guard let f = tokens.indices.first(where: { tokens[$0].identifier == "func"
            && token($0 + 1)?.identifier == name }) else { return [] }
        guard let open = (f..<min(tokens.count,
            f + 200)).first(where: { tokens[$0].isPunctuation("{") }) else { return [] }
        return closureProducts(from: open)
    }

    /// JLRoutes: a handler block that can return `NO` / `false` declines the URL, and JLRoutes then tries
    /// the next matching route; the route file cannot say so. The note names the first such `return`, and
    /// the conditions it is under inside the handler; nil when the handler always accepts.
    mutating func jlRoutesDeclines(after i: Int) -> String? {
        var budget = scanBudget
        defer { scanBudget = max(0, budget) }
        // The handler's body: the first `{` of the statement.
        var k = i + 1
        var depth = 0
        while k < tokens.count && k < i + 80 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1; if depth < 0 { return nil } }
            if t.isPunctuation(";") { return nil }
            if t.isPunctuation("{") { break }
            k += 1
        }
        guard token(k)?.isPunctuation("{") == true else { return nil }
        let open = k
        let outer = conditions.conditions(at: open).count
        // Braces of the handler's own statements (`if (…) {`, `else {`, `switch (…) {`) as opposed to a block
        // or closure nested in it, whose `return` is not the handler's.
        var nested: [Bool] = []  // per open brace inside the handler: whether it opens a nested function
        func opensStatement(_ b: Int) -> Bool {
            guard let p = token(b - 1) else { return false }
            if p.identifier == "else" || p.identifier == "do" { return true }
            if p.isPunctuation(")") {
                var d = 0
                var j = b - 1
                while j > open && j > b - 400 && budget > 0 {
                    budget -= 1
                    if tokens[j].isPunctuation(")") { d += 1 }
                    if tokens[j].isPunctuation("(") { d -= 1; if d == 0 { break } }
                    j -= 1
                }
                let w = token(j - 1)?.identifier ?? ""
                return ["if", "switch", "while", "for", "catch", "synchronized"].contains(w)
            }
            // Swift: `if cond {`, `guard … else {`, `switch x {`, `for x in y {` start their line.
            var j = b - 1
            while j > open && tokens[j - 1].line == tokens[b].line { j -= 1 }
            return ["if", "guard", "switch", "for", "while"].contains(tokens[j].identifier ?? "")
        }
        k = open + 1
        while k < tokens.count && k < open + 4000 && budget > 0 {
            budget -= 1
            let t = tokens[k]
            if t.isPunctuation("{") { nested.append(!opensStatement(k)) }
            if t.isPunctuation("}") {
                if nested.isEmpty { return nil }
                nested.removeLast()
            }
            if t.identifier == "return", !nested.contains(true),
                let v = token(k + 1)?.identifier, v == "NO" || v == "false"
            {
                let inside = conditions.conditions(at: k).dropFirst(outer)
                let under = inside.isEmpty ? "" : " under " + inside.map { "`\($0.text)` (line \($0.line))" }
                    .joined(separator: " and ")
                return "JLRoutes handler returns \(v) at line \(t.line)\(under): JLRoutes then tries the next "
                    + "matching route; imported as if the handler always took the URL"
            }
            k += 1
        }
        return nil
    }

    /// JLRoutes' `priority:5` / `priority: 5` in the registration statement after `i`.
    func jlRoutesPriority(after i: Int) -> Int? {
        var k = i + 1
        var depth = 0
        while k < tokens.count && k < i + 40 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1; if depth < 0 { return nil } }
            if t.isPunctuation(";") || t.isPunctuation("{") { return nil }
            if depth <= 1, t.identifier == "priority", token(k + 1)?.isPunctuation(":") == true {
                if token(k + 2)?.isPunctuation("-") == true, let v = token(k + 3)?.identifier.flatMap({ Int($0) }) {
                    return -v
                }
                return token(k + 2)?.identifier.flatMap { Int($0) }
            }
            k += 1
        }
        return nil
    }

    /// The type of a handler held in a variable: `registerHandler:handler` with `HBXHandler *handler = …`
    /// (Objective-C) or `let handler = HBXHandler(…)` / `let handler: HBXHandler` (Swift) earlier in the file.
    func variableType(in range: Range<Int>) -> String? {
        guard let at = range.first(where: { tokens[$0].identifier == "registerHandler"
            || tokens[$0].identifier == "registerHandlerClass" }),
            token(at + 1)?.isPunctuation(":") == true || token(at + 1)?.isPunctuation("(") == true,
            let name = token(at + 2)?.identifier, name.first?.isLowercase == true, name != "self"
        else { return nil }
        var j = range.lowerBound - 1
        while j > 0 && j > range.lowerBound - 4000 {
            if tokens[j].identifier == name {
                // `Type * name =` or `Type *name;`
                if token(j - 1)?.isPunctuation("*") == true, let type = token(j - 2)?.identifier,
                    type.first?.isUppercase == true
                {
                    return type
                }
                // `let name = Type(` / `let name: Type`
                if let kw = token(j - 1)?.identifier, kw == "let" || kw == "var" {
                    if token(j + 1)?.isPunctuation(":") == true, let type = token(j + 2)?.identifier { return type }
                    if token(j + 1)?.isPunctuation("=") == true, let type = token(j + 2)?.identifier,
                        type.first?.isUppercase == true
                    {
                        return type
                    }
                }
            }
            j -= 1
        }
        return nil
    }

    /// The first class name in a handler argument: `[[X alloc] init]`, `[X class]`, `X()`, `X.self`, `X.new`.
    func className(in range: Range<Int>) -> String? {
        for j in range {
            guard let w = tokens[j].identifier, w.first?.isUppercase == true else { continue }
            if let next = token(j + 1) {
                if let n = next.identifier, ["alloc", "new", "class"].contains(n) { return w }
                if next.isPunctuation("(") || next.isPunctuation(".") { return w }
            }
        }
        return nil
    }

    /// JLRoutes' scheme: `[JLRoutes routesForScheme:@"s"]` or `JLRoutes(forScheme: "s")` in the same
    /// statement, or a variable that holds one.
    func jlRoutesScheme(before i: Int) -> String? {
        var j = i - 1
        while j >= 0 && j > i - 40 {
            let t = tokens[j]
            if t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("}") { break }
            if let w = t.identifier, w == "routesForScheme"
                || w == "forScheme", case .literal(let s, _)? = argument(after: j) { return s }
            j -= 1
        }
        // The receiver: `[routes addRoute:` or `routes.addRoute(`.
        let receiver = token(i - 1)?.isPunctuation(".") == true ? token(i - 2)?.identifier : token(i - 1)?.identifier
        return receiver.flatMap { schemeVariables[$0] }
    }

    mutating func rememberSchemeVariable(at i: Int) {
        guard case .literal(let scheme, _)? = argument(after: i) else { return }
        var j = i - 1
        while j >= 1 && j > i - 12 {
            if tokens[j].isPunctuation(";") || tokens[j].isPunctuation("{") || tokens[j].isPunctuation("}") { return }
            if tokens[j].isPunctuation("="), let name = tokens[j - 1].identifier {
                schemeVariables[name] = scheme
                return
            }
            j -= 1
        }
    }
}
