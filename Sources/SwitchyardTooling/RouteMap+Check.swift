import Switchyard

/// The result of comparing the routes a module declares with the routes a router has (TheRouter's forceCheck).
///
/// ```swift
/// let report = RouteMap.check(declared: ["app://user/:id<int>", "app://settings"], registered: router)
/// assert(report.isConsistent, report.description)
/// ```
public struct RouteCheckReport: Sendable, Equatable, CustomStringConvertible {
    /// A declared pattern that does not parse.
    public struct InvalidDeclaration: Sendable, Equatable {
        /// The pattern as declared.
        public let pattern: String
        /// Why it does not parse.
        public let error: PatternError
    }

    /// Declared patterns (canonical text) that no registered route has, in declaration order.
    public let declaredButNotRegistered: [String]
    /// Registered patterns (canonical text) that were not declared, in registration order.
    public let registeredButNotDeclared: [String]
    /// Declared patterns that do not parse.
    public let invalidDeclarations: [InvalidDeclaration]

    /// True when both sets agree and every declaration parses.
    public var isConsistent: Bool {
        declaredButNotRegistered.isEmpty && registeredButNotDeclared.isEmpty && invalidDeclarations.isEmpty
    }

    /// One line per difference, or `routes match` when there is none.
    public var description: String {
        var lines: [String] = []
        lines += declaredButNotRegistered.map { "declared but not registered: \($0)" }
        lines += registeredButNotDeclared.map { "registered but not declared: \($0)" }
        lines += invalidDeclarations.map { "invalid declaration: \($0.error)" }
        return lines.isEmpty ? "routes match" : lines.joined(separator: "\n")
    }
}

extension RouteMap {
    /// Compares the patterns a module declares with the routes registered on `router`, by canonical
    /// pattern text (`RoutePattern(text).description`), and reports both differences and the
    /// declarations that do not parse.
    ///
    /// - Parameters:
    ///   - declared: the patterns a module declares, as written.
    ///   - router: the router whose registered routes (code-registered ones included) are compared.
    public static func check(declared: [String], registered router: Router) -> RouteCheckReport {
        check(declared: declared, registered: router.table.routes.map(\.pattern.description))
    }

    /// Compares declared patterns with registered pattern texts (both made canonical first).
    package static func check(declared: [String], registered: [String]) -> RouteCheckReport {
        var invalid: [RouteCheckReport.InvalidDeclaration] = []
        var declaredCanonical: [String] = []
        for text in declared {
            do throws(PatternError) {
                let c = try RoutePattern(text).description
                if !declaredCanonical.contains(c) { declaredCanonical.append(c) }
            } catch {
                invalid.append(.init(pattern: text, error: error))
            }
        }
        var registeredCanonical: [String] = []
        for text in registered {
            let c = (try? RoutePattern(text))?.description ?? text
            if !registeredCanonical.contains(c) { registeredCanonical.append(c) }
        }
        let declaredSet = Set(declaredCanonical)
        let registeredSet = Set(registeredCanonical)
        return RouteCheckReport(declaredButNotRegistered: declaredCanonical.filter { !registeredSet.contains($0) },
                                registeredButNotDeclared: registeredCanonical.filter { !declaredSet.contains($0) },
                                invalidDeclarations: invalid)
    }

    /// The routes as aligned columns (`PATTERN  TARGET  PRIORITY  METADATA  INTERCEPTORS`, a header line
    /// first; `-` for none; metadata as `key=value` sorted by key, comma-separated), then one line per
    /// redirect (`redirect FROM → TO`) and per relocation rule (`relocation replace P → D`…).
    ///
    /// Each route is one line: a metadata value of several lines (an importer's warnings) shows its line
    /// breaks as `\n`. Columns are padded to `width` of each cell: the number of characters by default;
    /// a terminal passes its display width, so that a wide character (`家居`) takes its two columns.
    package func tableLines(width: (String) -> Int = { $0.count }) -> [String] {
        var rows: [[String]] = [["PATTERN", "TARGET", "PRIORITY", "METADATA", "INTERCEPTORS"]]
        for r in routes {
            let md = r.metadata.keys.sorted().map { key in
                "\(key)=\(r.metadata[key] ?? "")".replacingOccurrences(of: "\r", with: "\\r")
                    .replacingOccurrences(of: "\n", with: "\\n")
            }.joined(separator: ",")
            rows.append([r.pattern, r.target, String(r.priority), md.isEmpty ? "-" : md,
                         r.interceptors.isEmpty ? "-" : r.interceptors.joined(separator: ",")])
        }
        var widths = [Int](repeating: 0, count: 5)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], width(cell)) } }
        var lines = rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - width(cell))
            }.joined(separator: "  ")
        }
        if !redirects.isEmpty || !relocations.isEmpty { lines.append("") }
        lines += redirects.map { "redirect \($0.from) → \($0.to)" }
        lines += relocations.map { "relocation \($0)" }
        return lines
    }
}
