import Switchyard

/// Finds route registrations in one Objective-C, Swift, Kotlin or Java file, on the tokens of
/// ``SourceLexer`` (so comments and strings never fool it): WLRRoute, JLRoutes, MGJRouter, URLNavigator,
/// TheRouter (iOS), DeepLinkKit, and ARouter/TheRouter `@Route(path = …)` annotations.
struct SourceImporter {
    let file: String
    let language: SourceLanguage
    let tokens: [SourceToken]
    private(set) var routes: [ImportedRoute] = []
    private(set) var warnings: [ImportWarning] = []
    /// JLRoutes instances kept in variables: `routes = [JLRoutes routesForScheme:@"s"]`.
    private var schemeVariables: [String: String] = [:]
    /// The type being declared, for TheRouter's `patternString`.
    private var currentType: String?
    /// Whether the file names TheRouter (its `@Route` then is TheRouter's, else ARouter's).
    private let mentionsTheRouter: Bool
    /// Whether the file names DeepLinkKit's types (`DPLDeepLinkRouter`) and not URLNavigator: its
    /// `router.register("/route") { link in … }` is then DeepLinkKit's.
    private let mentionsDeepLinkKit: Bool
    /// String constants a pattern may be held in: the project's, for this language, this file's included.
    let constants: ConstantTable
    /// The project's Java and Kotlin type declarations (for ARouter's services).
    let types: JVMTypeTable
    /// The file's `package a.b.c` (Java, Kotlin), for qualified target names.
    private(set) var packageName: String?
    /// Names the file imports one by one: `APP` → `RouterHub.APP` for `import static a.b.RouterHub.APP`,
    /// `RouterHub` → `RouterHub` for `import a.b.RouterHub`.
    private(set) var importedNames: [String: String] = [:]

    /// `constants` is the project's table for `language`; without one, this file's own constants are used.
    init(file: String, text: String, language: SourceLanguage, constants: ConstantTable? = nil, types: JVMTypeTable = JVMTypeTable()) {
        self.file = file
        self.language = language
        let (tokens, defines) = SourceLexer.tokensAndDefines(text, language: language)
        self.tokens = tokens
        self.mentionsTheRouter = tokens.contains { $0.identifier?.lowercased() == "therouter" }
        self.mentionsDeepLinkKit = tokens.contains { $0.identifier?.hasPrefix("DPL") == true || $0.identifier == "DeepLinkKit" }
            && !tokens.contains { $0.identifier == "URLNavigator" || $0.identifier == "Navigator" || $0.identifier == "NavigatorProtocol" }
        var types = types
        if language.family == .jvm { types.collect(file: file, tokens: tokens) }
        self.types = types
        if let constants, constants.files.contains(file) {
            self.constants = constants
        } else {
            var own = constants ?? ConstantTable()
            own.collect(file: file, tokens: tokens, defines: defines, language: language)
            self.constants = own
        }
    }

    /// The names this file declares as functions or methods (`func addRouterItem`, `+ (void)registerURLPattern:`):
    /// a file that declares a registration method is the router's own implementation, whose calls of it
    /// forward run-time values; they are not the app's registrations.
    private func declaredMethods() -> Set<String> {
        var out: Set<String> = []
        for i in tokens.indices {
            if tokens[i].identifier == "func", let n = token(i + 1)?.identifier { out.insert(n) }
            if language == .objectiveC, tokens[i].isPunctuation("-") || tokens[i].isPunctuation("+"), token(i + 1)?.isPunctuation("(") == true,
                i == 0 || tokens[i - 1].line < tokens[i].line
            {
                var k = i + 2
                while k < tokens.count && k < i + 12 && !tokens[k].isPunctuation(")") { k += 1 }
                // Every part of the selector: `registerHandler:(…)h forRoute:(…)r`.
                k += 1
                while k < tokens.count && k < i + 80 && !tokens[k].isPunctuation("{") && !tokens[k].isPunctuation(";") {
                    if let n = tokens[k].identifier, token(k + 1)?.isPunctuation(":") == true { out.insert(n) }
                    k += 1
                }
            }
        }
        return out
    }

    /// Scans the file once.
    mutating func run() {
        let declared = declaredMethods()
        for i in tokens.indices {
            if let w = tokens[i].identifier, declared.contains(w) { continue }
            if tokens[i].isPunctuation("[") { deepLinkKitSubscript(at: i); continue }
            guard let word = tokens[i].identifier else { continue }
            switch word {
            case "package" where language.family == .jvm && (i == 0 || tokens[i - 1].line < tokens[i].line):
                packageName = dottedName(from: i + 1)
            case "import" where language.family == .jvm:
                var k = i + 1
                if token(k)?.identifier == "static" { k += 1 }
                let parts = dottedName(from: k).split(separator: ".").map(String.init)
                if parts.count >= 2, let last = parts.last, last != "*" {
                    importedNames[last] = parts.suffix(last.first?.isUppercase == true && parts[parts.count - 2].first?.isLowercase == true ? 1 : 2).joined(separator: ".")
                }
            case "RouterPage" where language == .swift && token(i - 1)?.isPunctuation("@") == true:
                routerPage(at: i)
            case "class", "struct", "enum", "extension", "object", "interface":
                if let name = token(i + 1)?.identifier { currentType = name }
            case "routesForScheme", "forScheme":
                rememberSchemeVariable(at: i)
            case "forRoute":
                registration(at: i, kind: .forRoute)
            case "addRoute":
                registration(at: i, kind: .addRoute)
            case "registerURLPattern":
                registration(at: i, kind: .mgj)
            case "register" where language == .swift, "handle" where language == .swift:
                urlNavigator(at: i, handle: word == "handle")
            case "addRouterItem":
                theRouterItem(at: i)
            case "patternString" where language == .swift:
                theRouterPatternString(at: i)
            case "Route" where (language == .kotlin || language == .java) && token(i - 1)?.isPunctuation("@") == true:
                routeAnnotation(at: i)
            default:
                break
            }
        }
    }

    // MARK: Recognisers

    private enum Kind: Equatable { case forRoute, addRoute, mgj }

    /// `KEYWORD:@"…"` (Objective-C), `KEYWORD("…")` or `KEYWORD: "…"` (Swift).
    private mutating func registration(at i: Int, kind: Kind) {
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
        if kind == .addRoute, let p = jlRoutesPriority(after: i) {
            priority = p
            notes.append("JLRoutes priority \(p) dropped as an order: JLRoutes tries routes by priority before anything else, Switchyard ranks the more specific pattern first and uses priority only between equally specific ones")
        }
        switch arg {
        case .literal(let text, let line): emit(text, line: line, dialect: dialect, scheme: scheme, target: target, router: router, notes: notes, priority: priority)
        case .symbol(let name, let line): emitConstant(name, line: line, dialect: dialect, scheme: scheme, target: target, router: router, notes: notes)
        case .dynamic(let line): warn(line, "\(router) pattern interpolates a value; only literal patterns are imported")
        }
    }

    /// TheRouter (iOS): the macro `@RouterPage(["scheme://a", "scheme://b"])` on a class; the class is the
    /// target.
    private mutating func routerPage(at i: Int) {
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
            if let w = tokens[j].identifier, ["class", "struct", "enum"].contains(w), let name = token(j + 1)?.identifier { target = name; break }
            j += 1
        }
        for (value, line) in entries {
            switch constants.evaluate(value, in: file) {
            case .literal(let text)?: emit(text, line: line, dialect: .plain, scheme: nil, target: target, router: "TheRouter")
            case .failed(let why)?: warn(line, "TheRouter pattern is \(why); not imported")
            case nil: warn(line, "TheRouter pattern is \(Self.describe(value)), \(notDefined); not imported")
            }
        }
    }

    /// URLNavigator: `navigator.register("myapp://user/<int:id>") { … }` and `navigator.handle("…")`.
    private mutating func urlNavigator(at i: Int, handle: Bool) {
        guard token(i - 1)?.isPunctuation(".") == true, token(i + 1)?.isPunctuation("(") == true, let s = token(i + 2) else { return }
        // `register` is a common name: only URL-like strings count.
        func urlLike(_ text: String) -> Bool { text.contains("://") || text.hasPrefix("/") || text.contains("<") }
        let text: String
        var symbolEnd = i + 3
        switch s.kind {
        case .string(let t, let dynamic):
            guard urlLike(t) else { return }
            if dynamic { warn(s.line, "URLNavigator pattern interpolates a value; only literal patterns are imported"); return }
            text = t
        case .identifier:
            // `register(userRoute)` or `register(Routes.user)`: a constant, when it holds a URL-like string.
            let name = dottedName(from: i + 2)
            symbolEnd = i + 2 + 2 * name.split(separator: ".").count - 1
            guard token(symbolEnd)?.isPunctuation(")") == true || token(symbolEnd)?.isPunctuation(",") == true else { return }
            let receiver = token(i - 2)?.identifier?.lowercased() ?? ""
            switch constants.resolve(name, in: file) {
            case .literal(let t)?:
                guard urlLike(t) else { return }
                text = t
            case .failed(let why)?:
                if receiver.contains("navigator") { warn(s.line, "URLNavigator pattern is \(why); not imported") }
                return
            case nil:
                if receiver.contains("navigator") { warn(s.line, "URLNavigator pattern is \(name), \(notDefined); not imported") }
                return
            }
        default:
            return
        }
        var target: String?
        if !handle {
            // `register("…", UserViewController.init)` or a factory closure that builds a controller.
            var k = symbolEnd
            if token(k)?.isPunctuation(",") == true, let name = token(k + 1)?.identifier, name.first?.isUppercase == true { target = name }
            // `register("…", self.webFactory)`: the controller that function builds, else its name.
            if target == nil, token(k)?.isPunctuation(",") == true {
                var n = k + 1
                if token(n)?.identifier == "self" || token(n)?.identifier == "Self", token(n + 1)?.isPunctuation(".") == true { n += 2 }
                if let name = token(n)?.identifier, name.first?.isLowercase == true { target = factoryProduct(name) ?? (name.prefix(1).uppercased() + name.dropFirst()) }
            }
            if target == nil {
                while k < tokens.count && k < i + 8 && !tokens[k].isPunctuation("{") { k += 1 }
                if k < tokens.count && tokens[k].isPunctuation("{") {
                    var depth = 0
                    var j = k
                    while j < tokens.count && j < k + 400 {
                        if tokens[j].isPunctuation("{") { depth += 1 }
                        if tokens[j].isPunctuation("}") { depth -= 1; if depth == 0 { break } }
                        if let name = tokens[j].identifier, name.first?.isUppercase == true, token(j + 1)?.isPunctuation("(") == true {
                            target = name
                            break
                        }
                        j += 1
                    }
                }
            }
        }
        if mentionsDeepLinkKit {
            emit(text, line: s.line, dialect: .deepLinkKit, scheme: nil, target: target, router: "DeepLinkKit")
            return
        }
        emit(text, line: s.line, dialect: .urlNavigator, scheme: nil, target: target, router: "URLNavigator")
    }

    /// TheRouter (iOS): `TheRouter.addRouterItem("scheme://x", classString: "C")`, a `["pattern": "Class"]`
    /// dictionary, or `RouteItem(path: "…", className: "…")`.
    private mutating func theRouterItem(at i: Int) {
        if token(i - 1)?.identifier == "func" { return }
        guard let open = token(i + 1), open.isPunctuation("(") || open.isPunctuation(":") else { return }
        var k = i + 2, depth = 1
        var items: [SourceToken] = []
        while k < tokens.count && k < i + 400 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1; if depth == 0 && open.isPunctuation("(") { break } }
            if open.isPunctuation(":") && depth <= 1 && t.isPunctuation("]") { break }
            items.append(t)
            k += 1
        }
        // A dictionary of pattern → class name.
        var pairs: [(SourceToken, String)] = []
        for j in items.indices where j + 2 < items.count && items[j].string != nil && items[j + 1].isPunctuation(":") {
            if let cls = items[j + 2].string { pairs.append((items[j], cls)) }
        }
        if !pairs.isEmpty {
            for (p, cls) in pairs { emitToken(p, dialect: .plain, target: cls, router: "TheRouter") }
            return
        }
        var target: String?
        for j in items.indices where j + 2 < items.count && (items[j].identifier == "classString" || items[j].identifier == "className") && items[j + 1].isPunctuation(":") {
            target = items[j + 2].string
        }
        // The pattern argument: after a `patternString:` label, or `RouteItem(path: …)`'s `path`.
        var start = 0
        if items.count > 2, items[0].identifier == "patternString", items[1].isPunctuation(":") { start = 2 }
        if items.count > start + 1, items[start].identifier == "RouteItem", items[start + 1].isPunctuation("(") {
            guard let p = items.indices.first(where: { $0 + 2 < items.count && items[$0].identifier == "path" && items[$0 + 1].isPunctuation(":") }) else { return }
            start = p + 2
        }
        guard start < items.count else { return }
        let (value, _) = expression(from: i + 2 + start)
        let line = items[start].line
        switch constants.evaluate(value, in: file) {
        case .literal(let text)?: emit(text, line: line, dialect: .plain, scheme: nil, target: target, router: "TheRouter")
        case .failed(let why)?: warn(line, "TheRouter pattern is \(why); not imported")
        case nil: warn(line, "TheRouter pattern is \(Self.describe(value)), \(notDefined); not imported")
        }
    }

    /// TheRouter (iOS): `static var patternString: [String] { ["scheme://x"] }` or `= ["…"]` in a
    /// `TheRouterable` type; the type is the target.
    private mutating func theRouterPatternString(at i: Int) {
        guard token(i - 1)?.identifier == "var" || token(i - 1)?.identifier == "let" else { return }
        var k = i + 1
        // Skip the type annotation `: [String]` to the value.
        while k < tokens.count && k < i + 12 && !(tokens[k].isPunctuation("=") || tokens[k].isPunctuation("{")) { k += 1 }
        // The value must be an array, right after `=`, `{` or `{ return`: a `String` patternString (a URL
        // an API type builds, not a registration) is not read, nor anything after it.
        k += 1
        if token(k)?.identifier == "return" { k += 1 }
        guard token(k)?.isPunctuation("[") == true else { return }
        k += 1
        while k < tokens.count && !tokens[k].isPunctuation("]") && k < i + 400 {
            if tokens[k].isString { emitToken(tokens[k], dialect: .plain, target: currentType, router: "TheRouter") }
            // `[RouterPaths.account]`: a constant.
            if tokens[k].identifier != nil, token(k - 1)?.isPunctuation("[") == true || token(k - 1)?.isPunctuation(",") == true {
                let name = dottedName(from: k)
                emitConstant(name, line: tokens[k].line, dialect: .plain, scheme: nil, target: currentType, router: "TheRouter")
                k += 2 * name.split(separator: ".").count - 2
            }
            k += 1
        }
    }

    /// ARouter and TheRouter (Android): `@Route(path = "/group/page")` on a class; the class is the target.
    /// The path may be a literal, a constant or an expression over both (`RouterHub.APP + "/Splash"`).
    /// ARouter's `@Route` on a service (an `IProvider` implementation) is not a screen: not imported.
    private mutating func routeAnnotation(at i: Int) {
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
                if w == "path" { path = (value, t.line) } else if case .parts(let p) = value, p.count == 1, case .text(let g) = p[0] { group = g }
                k = next
                continue
            }
            k += 1
        }
        var target: String?
        var j = k
        while j < tokens.count && j < k + 80 {
            if let w = tokens[j].identifier, ["class", "object", "interface"].contains(w), let name = token(j + 1)?.identifier { target = name; break }
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
            warn(line, "ARouter @Route '\(SchemaTextEcho.echo(text))' on \(target) is a service (it implements IProvider), not a screen; not imported")
            return
        }
        var notes: [String] = []
        if router == "ARouter", let group {
            let first = text.split(separator: "/").first.map(String.init) ?? ""
            if group != first {
                notes.append("ARouter group '\(SchemaTextEcho.echo(group))' is not the path's first segment '\(SchemaTextEcho.echo(first))': ARouter finds this page from a URL only once group '\(SchemaTextEcho.echo(group))' is loaded (or with build(path, group)); imported by its path, which matches such URLs always")
            }
        }
        emit(text, line: line, dialect: router == "ARouter" ? .aRouter : .plain, scheme: nil, target: target, router: router, notes: notes)
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

    /// DeepLinkKit: `self.router[@"/product/:sku"] = [ProductRouteHandler class];` or `= ^(DPLDeepLink *link) {…}`.
    private mutating func deepLinkKitSubscript(at i: Int) {
        guard let receiver = token(i - 1)?.identifier, receiver.lowercased().hasSuffix("router") else { return }
        var k = i + 1
        if token(k)?.isPunctuation("@") == true { k += 1 }
        guard let s = token(k) else { return }
        // `router[@"…"]`, `router[@"a" @"b"]` or `router[kProductRoute]`.
        let key: Argument
        switch s.kind {
        case .string:
            guard let run = literalRun(at: k) else { return }
            key = run.dynamic ? .dynamic(s.line) : .literal(run.value, s.line)
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
        if token(k + 3)?.isPunctuation("[") == true, let name = token(k + 4)?.identifier, token(k + 5)?.identifier == "class" { target = name }
        if language == .swift, let name = token(k + 3)?.identifier, token(k + 4)?.isPunctuation(".") == true, token(k + 5)?.identifier == "self" { target = name }
        switch key {
        case .literal(let text, let line): emit(text, line: line, dialect: .deepLinkKit, scheme: nil, target: target, router: "DeepLinkKit")
        case .symbol(let name, let line): emitConstant(name, line: line, dialect: .deepLinkKit, scheme: nil, target: target, router: "DeepLinkKit")
        case .dynamic(let line): warn(line, "DeepLinkKit pattern interpolates a value; only literal patterns are imported")
        }
    }

    // MARK: Helpers

    private func token(_ i: Int) -> SourceToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    /// The argument after a keyword: `K:@"…"`, `K("…")`, `K: "…"`, or a symbol such as `K:R_Detail`.
    private enum Argument { case literal(String, Int), symbol(String, Int), dynamic(Int) }
    private func argument(after i: Int) -> Argument? {
        var k = i + 1
        guard let open = token(k), open.isPunctuation(":") || open.isPunctuation("(") else { return nil }
        k += 1
        if token(k)?.isPunctuation("@") == true { k += 1 }
        guard let t = token(k) else { return nil }
        switch t.kind {
        case .string:
            guard let run = literalRun(at: k) else { return nil }
            return run.dynamic ? .dynamic(t.line) : .literal(run.value, t.line)
        case .identifier(let name):
            // `addRoute:(NSString *)p` and `func addRoute(_ pattern: String)` are declarations.
            if language == .swift && (name == "_" || token(k + 1)?.isPunctuation(":") == true) { return nil }
            if ["self", "nil", "NULL", "YES", "NO", "true", "false"].contains(name) { return nil }
            return .symbol(dottedName(from: k), t.line)
        default: return nil
        }
    }

    /// The string literal at `k`, with the literals right after it in Objective-C, where `@"a" @":b"`
    /// and `"a" "b"` are one string; `next` is the index after the last.
    private func literalRun(at k: Int) -> (value: String, dynamic: Bool, next: Int)? {
        guard case .string(let first, let firstDynamic)? = token(k)?.kind else { return nil }
        var value = first, dynamic = firstDynamic
        var next = k + 1
        while language == .objectiveC && next - k < 256 {
            let j = token(next)?.isPunctuation("@") == true ? next + 1 : next
            guard case .string(let more, let d)? = token(j)?.kind else { break }
            value += more
            dynamic = dynamic || d
            next = j + 1
        }
        return (value, dynamic, next)
    }

    private var notDefined: String { "a name not defined as a string constant in the scanned \(language.rawValue) files" }

    /// A pattern held in the constant `name`: imported with the constant's literal, or a warning that
    /// says why it cannot be followed.
    private mutating func emitConstant(_ name: String, line: Int, noun: String = "pattern", dialect: PatternDialect, scheme: String?, target: String?, router: String, notes: [String] = []) {
        let resolved = constants.resolve(rewritingImports(name), in: file) ?? constants.resolve(name, in: file)
        switch resolved {
        case .literal(let text)?: emit(text, line: line, dialect: dialect, scheme: scheme, target: target, router: router, notes: notes)
        case .failed(let why)?: warn(line, "\(router) \(noun) is \(why); not imported")
        case nil: warn(line, "\(router) \(noun) is \(name), \(notDefined); not imported")
        }
    }

    /// `A.B.C` starting at token `k`.
    private func dottedName(from k: Int) -> String {
        var parts: [String] = []
        var j = k
        while let w = token(j)?.identifier, parts.count < 16 {
            parts.append(w)
            guard token(j + 1)?.isPunctuation(".") == true else { break }
            j += 2
        }
        return parts.joined(separator: ".")
    }

    /// For `forRoute:`, the method the keyword belongs to and the index after the bracket that opens the
    /// call: `[router registerHandler:… forRoute:…]` gives `registerHandler`.
    private func enclosingMethod(before i: Int) -> (String?, Int?) {
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
    private func factoryProduct(_ name: String) -> String? {
        guard let f = tokens.indices.first(where: { tokens[$0].identifier == "func" && token($0 + 1)?.identifier == name }) else { return nil }
        guard let open = (f..<min(tokens.count, f + 200)).first(where: { tokens[$0].isPunctuation("{") }) else { return nil }
        var depth = 0
        var j = open
        while j < tokens.count && j < open + 2000 {
            if tokens[j].isPunctuation("{") { depth += 1 }
            if tokens[j].isPunctuation("}") { depth -= 1; if depth == 0 { return nil } }
            if let w = tokens[j].identifier, w.first?.isUppercase == true, w.hasSuffix("Controller"), token(j + 1)?.isPunctuation("(") == true { return w }
            j += 1
        }
        return nil
    }

    /// JLRoutes' `priority:5` / `priority: 5` in the registration statement after `i`.
    private func jlRoutesPriority(after i: Int) -> Int? {
        var k = i + 1
        var depth = 0
        while k < tokens.count && k < i + 40 {
            let t = tokens[k]
            if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
            if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1; if depth < 0 { return nil } }
            if t.isPunctuation(";") || t.isPunctuation("{") { return nil }
            if depth <= 1, t.identifier == "priority", token(k + 1)?.isPunctuation(":") == true {
                if token(k + 2)?.isPunctuation("-") == true, let v = token(k + 3)?.identifier.flatMap({ Int($0) }) { return -v }
                return token(k + 2)?.identifier.flatMap { Int($0) }
            }
            k += 1
        }
        return nil
    }

    /// The type of a handler held in a variable: `registerHandler:handler` with `HBXHandler *handler = …`
    /// (Objective-C) or `let handler = HBXHandler(…)` / `let handler: HBXHandler` (Swift) earlier in the file.
    private func variableType(in range: Range<Int>) -> String? {
        guard let at = range.first(where: { tokens[$0].identifier == "registerHandler" || tokens[$0].identifier == "registerHandlerClass" }),
            token(at + 1)?.isPunctuation(":") == true || token(at + 1)?.isPunctuation("(") == true,
            let name = token(at + 2)?.identifier, name.first?.isLowercase == true, name != "self"
        else { return nil }
        var j = range.lowerBound - 1
        while j > 0 && j > range.lowerBound - 4000 {
            if tokens[j].identifier == name {
                // `Type * name =` or `Type *name;`
                if token(j - 1)?.isPunctuation("*") == true, let type = token(j - 2)?.identifier, type.first?.isUppercase == true { return type }
                // `let name = Type(` / `let name: Type`
                if let kw = token(j - 1)?.identifier, kw == "let" || kw == "var" {
                    if token(j + 1)?.isPunctuation(":") == true, let type = token(j + 2)?.identifier { return type }
                    if token(j + 1)?.isPunctuation("=") == true, let type = token(j + 2)?.identifier, type.first?.isUppercase == true { return type }
                }
            }
            j -= 1
        }
        return nil
    }

    /// The first class name in a handler argument: `[[X alloc] init]`, `[X class]`, `X()`, `X.self`, `X.new`.
    private func className(in range: Range<Int>) -> String? {
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
    private func jlRoutesScheme(before i: Int) -> String? {
        var j = i - 1
        while j >= 0 && j > i - 40 {
            let t = tokens[j]
            if t.isPunctuation(";") || t.isPunctuation("{") || t.isPunctuation("}") { break }
            if let w = t.identifier, w == "routesForScheme" || w == "forScheme", case .literal(let s, _)? = argument(after: j) { return s }
            j -= 1
        }
        // The receiver: `[routes addRoute:` or `routes.addRoute(`.
        let receiver = token(i - 1)?.isPunctuation(".") == true ? token(i - 2)?.identifier : token(i - 1)?.identifier
        return receiver.flatMap { schemeVariables[$0] }
    }

    private mutating func rememberSchemeVariable(at i: Int) {
        guard case .literal(let scheme, _)? = argument(after: i) else { return }
        var j = i - 1
        while j >= 1 && j > i - 12 {
            if tokens[j].isPunctuation(";") || tokens[j].isPunctuation("{") || tokens[j].isPunctuation("}") { return }
            if tokens[j].isPunctuation("="), let name = tokens[j - 1].identifier { schemeVariables[name] = scheme; return }
            j -= 1
        }
    }

    private mutating func emitToken(_ t: SourceToken, dialect: PatternDialect, target: String?, router: String) {
        switch t.kind {
        case .string(let s, false): emit(s, line: t.line, dialect: dialect, scheme: nil, target: target, router: router)
        case .string(_, true): warn(t.line, "\(router) pattern interpolates a value; only literal patterns are imported")
        default: break
        }
    }

    /// Converts `source` and adds its routes. Every note of the conversion, and each of `notes` (what
    /// the reader itself lost), is a warning here and part of each route's `importWarning`.
    mutating func emit(_ source: String, line: Int, dialect: PatternDialect, scheme: String?, target: String?, router: String, notes: [String] = [], priority: Int = 0) {
        let converted = PatternConversion.convert(source, dialect: dialect, scheme: scheme)
        let shown = SchemaTextEcho.echo(source)
        if let why = converted.refusal {
            warn(line, "\(router) pattern '\(shown)' not converted: \(why)")
            return
        }
        var losses: [String] = []
        for note in converted.notes.map({ "\(router) pattern '\(shown)': \($0)" }) + notes {
            warn(line, note)
            losses.append(ImportWarning(file: file, line: line, message: note).description)
        }
        for p in converted.patterns {
            let name = target.map(ImportTargets.name(from:)) ?? PatternConversion.targetName(for: p)
            var route = ImportedRoute(pattern: p, target: name, file: file, line: line, metadata: ["router": router], priority: priority)
            route.losses = losses
            if let target, let packageName, !target.contains(".") { route.qualifiedTarget = packageName + "." + target }
            routes.append(route)
        }
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(file: file, line: line, message: message))
    }
}

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

/// Echoing source text in a message: at most 80 characters, control characters escaped.
enum SchemaTextEcho {
    static func echo(_ s: String) -> String {
        let cut = s.count > 80 ? String(s.prefix(80)) + "…" : s
        return SchemaText.visible(cut)
    }
}
