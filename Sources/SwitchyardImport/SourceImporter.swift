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
    var schemeVariables: [String: String] = [:]
    /// The type being declared, for TheRouter's `patternString`.
    var currentType: String?
    /// Whether the file names TheRouter (its `@Route` then is TheRouter's, else ARouter's).
    let mentionsTheRouter: Bool
    /// Whether the file names DeepLinkKit's types (`DPLDeepLinkRouter`) and not URLNavigator: its
    /// `router.register("/route") { link in … }` is then DeepLinkKit's.
    let mentionsDeepLinkKit: Bool
    /// String constants a pattern may be held in: the project's, for this language, this file's included.
    let constants: ConstantTable
    /// The project's Java and Kotlin type declarations (for ARouter's services).
    let types: JVMTypeTable
    /// The file's `package a.b.c` (Java, Kotlin), for qualified target names.
    private(set) var packageName: String?
    /// Names the file imports one by one: `APP` → `RouterHub.APP` for `import static a.b.RouterHub.APP`,
    /// `RouterHub` → `RouterHub` for `import a.b.RouterHub`.
    private(set) var importedNames: [String: String] = [:]
    /// The file's Objective-C conditional directives (`#if`, `#ifdef`, …).
    let directives: [SourceDirective]
    /// The conditions each token runs under, computed by ``run()``.
    private(set) var conditions = SourceConditions.none
    /// The token of the registration being read: ``emit(_:line:dialect:scheme:target:router:notes:priority:)``
    /// warns about the conditions it runs under.
    private(set) var registrationIndex = -1
    /// Tokens the readers' look-ahead into handler bodies may still visit in this file (set by ``run()``),
    /// so a hostile file of unclosed handlers stays linear.
    var scanBudget = 0

    /// `constants` is the project's table for `language`; without one, this file's own constants are used.
    init(file: String, text: String, language: SourceLanguage, constants: ConstantTable? = nil,
        types: JVMTypeTable = JVMTypeTable()) {
        self.file = file
        self.language = language
        let (tokens, defines, directives) = SourceLexer.tokensDefinesAndDirectives(text, language: language)
        self.tokens = tokens
        self.directives = directives
        self.mentionsTheRouter = tokens.contains { $0.identifier?.lowercased() == "therouter" }
        self.mentionsDeepLinkKit = tokens.contains { $0.identifier?.hasPrefix("DPL") == true
            || $0.identifier == "DeepLinkKit" }
            && !tokens.contains { $0.identifier == "URLNavigator" || $0.identifier == "Navigator"
                || $0.identifier == "NavigatorProtocol" }
        // The project's table already holds this file's types (copying it to add them would cost the
        // whole table per file).
        if language.family == .jvm && !types.files.contains(file) {
            var own = types
            own.collect(file: file, tokens: tokens)
            self.types = own
        } else {
            self.types = types
        }
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
    func declaredMethods() -> Set<String> {
        var out: Set<String> = []
        for i in tokens.indices {
            if tokens[i].identifier == "func", let n = token(i + 1)?.identifier { out.insert(n) }
            if language == .objectiveC, tokens[i].isPunctuation("-")
                || tokens[i].isPunctuation("+"), token(i + 1)?.isPunctuation("(") == true,
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
        conditions = SourceConditions(tokens: tokens, directives: directives, language: language)
        scanBudget = tokens.count * 8 + 10_000
        for i in tokens.indices {
            registrationIndex = i
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
                    importedNames[last] = parts.suffix(last.first?.isUppercase == true
                        && parts[parts.count - 2].first?.isLowercase == true ? 1 : 2).joined(separator: ".")
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
            case "deregisterURLPattern":
                mgjDeregistration(at: i)
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

    enum Kind: Equatable { case forRoute, addRoute, mgj }

    // MARK: Helpers

    func token(_ i: Int) -> SourceToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    /// The argument after a keyword: `K:@"…"`, `K("…")`, `K: "…"`, or a symbol such as `K:R_Detail`.
    enum Argument { case literal(String, Int), symbol(String, Int), dynamic(Int, at: Int) }
    func argument(after i: Int) -> Argument? {
        var k = i + 1
        guard let open = token(k), open.isPunctuation(":") || open.isPunctuation("(") else { return nil }
        k += 1
        if token(k)?.isPunctuation("@") == true { k += 1 }
        guard let t = token(k) else { return nil }
        switch t.kind {
        case .string:
            guard let run = literalRun(at: k) else { return nil }
            return run.dynamic ? .dynamic(t.line, at: k) : .literal(run.value, t.line)
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
    func literalRun(at k: Int) -> (value: String, dynamic: Bool, next: Int)? {
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

    var notDefined: String { "a name not defined as a string constant in the scanned \(language.rawValue) files" }

    /// A pattern held in the constant `name`: imported with the constant's literal, or a warning that
    /// says why it cannot be followed.
    mutating func emitConstant(_ name: String, line: Int, noun: String = "pattern", dialect: PatternDialect,
        scheme: String?, target: String?, router: String, notes: [String] = []) {
        let resolved = constants.resolve(rewritingImports(name), in: file) ?? constants.resolve(name, in: file)
        switch resolved {
        case .literal(let text)?: emit(text, line: line, dialect: dialect, scheme: scheme, target: target,
            router: router, notes: notes)
        case .failed(let why)?: warn(line, "\(router) \(noun) is \(why); not imported")
        case nil: warn(line, "\(router) \(noun) is \(name), \(notDefined); not imported")
        }
    }

    /// `A.B.C` starting at token `k`.
    func dottedName(from k: Int) -> String {
        var parts: [String] = []
        var j = k
        while let w = token(j)?.identifier, parts.count < 16 {
            parts.append(w)
            guard token(j + 1)?.isPunctuation(".") == true else { break }
            j += 2
        }
        return parts.joined(separator: ".")
    }

    mutating func emitToken(_ t: SourceToken, dialect: PatternDialect, target: String?, router: String) {
        switch t.kind {
        case .string(let s, false): emit(s, line: t.line, dialect: dialect, scheme: nil, target: target, router: router)
        case .string(_, true):
            let value = ConstantTable.value(of: [t][...], language: language)
            emitValue(value, line: t.line, dialect: dialect, scheme: nil, target: target, router: router)
        default: break
        }
    }

    /// A call of a project's string helper at `k`, `NAME("a")` or `NAME(label: "a")` (see
    /// ``ConstantTable/StringFunction``): its value, or why it cannot be followed; nil when `k` does not
    /// start a call of one string literal.
    func helperCall(at k: Int) -> ConstantTable.Resolution? {
        guard let name = token(k)?.identifier, token(k + 1)?.isPunctuation("(") == true else { return nil }
        var j = k + 2
        if token(j)?.identifier != nil, token(j + 1)?.isPunctuation(":") == true { j += 2 }
        guard case .string(let argument, let dynamic)? = token(j)?.kind, token(j + 1)?.isPunctuation(")") == true
        else { return nil }
        if dynamic { return .failed("a call of \(name)(…) with an interpolated argument") }
        guard let value = constants.call(name, argument: argument, in: file) else {
            return .failed("a call of \(name)(…), not a string helper of the scanned files (one string "
                + "parameter, one string template)")
        }
        return value
    }

    /// A string that interpolates (`"\(Constant.scheme)://jump/a"`, `"$BASE/a"`) at token `k`: imported
    /// when every interpolated part is a string constant of the scanned files, else a warning saying why.
    mutating func emitTemplate(at k: Int, line: Int, dialect: PatternDialect, scheme: String?, target: String?,
                               router: String, notes: [String] = [], priority: Int = 0) {
        let value = ConstantTable.value(of: tokens[k...k], language: language)
        emitValue(value, line: line, dialect: dialect, scheme: scheme, target: target, router: router, notes: notes,
                  priority: priority)
    }

    /// Emits what `value` evaluates to over the project's constants, or warns why it cannot be followed.
    mutating func emitValue(_ value: ConstantTable.Value, line: Int, dialect: PatternDialect, scheme: String?,
                            target: String?, router: String, notes: [String] = [], priority: Int = 0) {
        switch constants.evaluate(value, in: file) {
        case .literal(let text)?:
            emit(text, line: line, dialect: dialect, scheme: scheme, target: target, router: router, notes: notes,
                 priority: priority)
        case .failed(let why)?: warn(line, "\(router) pattern is \(why); not imported")
        case nil: warn(line, "\(router) pattern is \(Self.describe(value)), \(notDefined); not imported")
        }
    }

    /// Converts `source` and adds its routes. Every note of the conversion, and each of `notes` (what
    /// the reader itself lost), is a warning here and part of each route's `importWarning`.
    mutating func emit(_ source: String, line: Int, dialect: PatternDialect, scheme: String?, target: String?,
        router: String, notes: [String] = [], priority: Int = 0) {
        let converted = PatternConversion.convert(source, dialect: dialect, scheme: scheme)
        let shown = SchemaTextEcho.echo(source)
        if let why = converted.refusal {
            warn(line, "\(router) pattern '\(shown)' not converted: \(why)")
            return
        }
        var losses: [String] = []
        var notes = notes
        if let under = conditionNote(router: router, shown: shown) { notes.insert(under, at: 0) }
        for note in converted.notes.map({ "\(router) pattern '\(shown)': \($0)" }) + notes {
            warn(line, note)
            losses.append(ImportWarning(file: file, line: line, message: note).description)
        }
        for p in converted.patterns {
            let name = target.map(ImportTargets.name(from:)) ?? PatternConversion.targetName(for: p)
            var route = ImportedRoute(pattern: p, target: name, file: file, line: line, metadata: ["router": router],
                priority: priority)
            route.losses = losses
            if dialect == .mgjRouter { route.mgjSource = source }
            if target == nil { route.derivedFrom = source }
            if let target, let packageName, !target.contains(".") { route.qualifiedTarget = packageName + "." + target }
            routes.append(route)
        }
    }

    /// The warning for a registration that runs only under conditions (an `if`, `#if`, `switch` case,
    /// `guard`), naming each with its line; nil for one that always runs. The route is imported as if the
    /// registration always ran, which widens it wherever a condition is false.
    func conditionNote(router: String, shown: String) -> String? {
        let under = conditions.conditions(at: registrationIndex)
        guard !under.isEmpty else { return nil }
        let all = under.map { "`\($0.text)` (line \($0.line))" }.joined(separator: " and ")
        return "\(router) pattern '\(shown)' is registered only under \(all); imported as if it were always "
            + "registered"
    }

    mutating func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(file: file, line: line, message: message))
    }
}
