import Foundation
import Switchyard

/// Writes the Swift source of `switchyard generate swift`.
struct SwiftRouteGenerator {
    /// A route's builder: its names and URL expression.
    private struct Builder {
        let pattern: String
        let target: String
        var function: String
        var type: String
        let parameters: [(label: String, type: String, defaultValue: String?)]
        /// The labels of the parameters whose value is checked when the link is made (it could be
        /// empty, `.` or `..`, which no route matches), with their names in the pattern.
        var checked: [(label: String, name: String, optional: Bool)] = []
        let urlExpression: String
        /// For a suffix pattern: the label of its `base` parameter, checked when the link is made.
        var baseLabel: String?
        /// For a suffix pattern that names a scheme: the scheme its base must have.
        var baseScheme: String?

        init(pattern: String, target: String, function: String, type: String,
             parameters: [(label: String, type: String, defaultValue: String?)], urlExpression: String,
             baseLabel: String?, baseScheme: String?, checked: [(label: String, name: String, optional: Bool)]) {
            self.pattern = pattern
            self.target = target
            self.function = function
            self.type = type
            self.parameters = parameters
            self.urlExpression = urlExpression
            self.baseLabel = baseLabel
            self.baseScheme = baseScheme
            self.checked = checked
        }

        /// Whether making the link can fail (a base or a value to check).
        var throwing: Bool { baseLabel != nil || !checked.isEmpty }
    }

    let enumName: String
    let source: String
    private var builders: [Builder] = []
    /// Routes left out, with why.
    private(set) var skipped: [String] = []

    init(enumName: String, source: String) {
        self.enumName = enumName
        self.source = source
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "url",
        "pattern", "target", "any", "some", "_", "hashValue",
    ]

    /// Names the generated file declares in the enum or qualifies with: a route's type never takes one
    /// (it gets `Route` appended), nor may the enum (`--name`).
    static let reservedTypeNames: Set<String> = [
        "Link", "LinkError", "Swift", "Foundation", "String", "Int", "UInt", "UUID", "Error", "Hashable", "Sendable",
        "CustomStringConvertible", "CharacterSet", "KeyValuePairs", "Optional", "Array", "Bool", "Never", "Void",
        "Self", "Any", "Type", "Protocol",
    ]

    /// The enum's own functions: a route's builder never takes one of these names (it gets `Route` appended).
    static let reservedFunctionNames: Set<String> = ["segment", "host", "suffixBase", "value"]

    /// Why `name` cannot name the generated enum, or nil when it can.
    static func problem(enumName name: String) -> String? {
        guard isIdentifier(name) else {
            return "'\(name)' is not a Swift type name (ASCII letters, digits and _, not starting with a digit)"
        }
        if keywords.contains(name) || name.hasPrefix("$") { return "'\(name)' is a Swift keyword" }
        if reservedTypeNames.contains(name) {
            return "'\(name)' is a Swift or Foundation name the generated file uses, or one it declares"
        }
        return nil
    }

    /// Whether `text` is a plain Swift identifier (ASCII letters, digits and `_`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }

    /// `text` as lowerCamelCase (or UpperCamelCase) ASCII words; `route` when nothing is left.
    static func camel(_ text: String, upper: Bool) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var out = words.enumerated().map { index, word in
            let head = word.prefix(1), tail = word.dropFirst()
            if index == 0 && !upper && word == word.uppercased() {
                return word.lowercased()    // `FAQ` → `faq`, not `fAQ`
            }
            return (index == 0 && !upper ? head.lowercased() : head.uppercased()) + tail
        }.joined()
        if out.isEmpty { out = upper ? "Route" : "route" }
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = (upper ? "Route" : "route") + out }
        return out
    }

    /// A parameter label: the name in lowerCamelCase, kept clear of keywords.
    static func label(_ name: String) -> String {
        let label = camel(name, upper: false)
        return keywords.contains(label) ? label + "Value" : label
    }

    /// `text` as a Swift string literal's contents.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                if scalar.properties.generalCategory == .control || !scalar.isASCII {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    mutating func add(_ route: RouteDefinition) {
        let pattern: RoutePattern
        do throws(PatternError) { pattern = try RoutePattern(route.pattern) } catch {
            skipped.append("\(route.pattern): not generated: \(error)")
            return
        }
        var parameters: [(label: String, type: String, defaultValue: String?)] = []
        var pieces: [String] = []
        var usedLabels: Set<String> = []
        func parameter(_ name: String, _ type: String, _ defaultValue: String?) -> String {
            var label = Self.label(name)
            while usedLabels.contains(label) { label += "_" }
            usedLabels.insert(label)
            parameters.append((label, type, defaultValue))
            return label
        }
        func valueType(_ constraint: SegmentConstraint?) -> String {
            guard let constraint, constraint.isTyped else { return "Swift.String" }
            switch constraint.source {
            case "int": return "Swift.Int"
            case "uint": return "Swift.UInt"
            case "uuid": return "Foundation.UUID"
            default: return "Swift.String"
            }
        }
        func text(_ label: String, _ type: String) -> String {
            switch type {
            case "Swift.String": label
            case "Foundation.UUID": "\(label).uuidString.lowercased()"
            default: "Swift.String(\(label))"
            }
        }
        var checked: [(label: String, name: String, optional: Bool)] = []
        /// A text value the constraint lets be empty, `.` or `..` is checked when the link is made.
        func needsCheck(_ type: String, _ constraint: SegmentConstraint?) -> Bool {
            guard type == "Swift.String" else { return false }
            guard let constraint else { return true }
            return constraint.matches("") || constraint.matches(".") || constraint.matches("..")
        }
        let prefix = (pattern.scheme.map { Self.literal($0) + "://" }) ?? ""
        // A suffix pattern ends a URL: its builder takes the URL it is appended to (`app://user`), and
        // every one of its segments is a path segment.
        let first = pattern.isSuffix ? -1 : 0
        var baseLabel: String?
        if pattern.isSuffix {
            let label = parameter("base", "Swift.String", nil)
            baseLabel = label
            pieces.append("\(label) + \"/\"")
        } else if pattern.scheme == nil {
            _ = parameter("scheme", "Swift.String", "\"app\"")
            pieces.append("scheme + \"://\"")
        } else {
            pieces.append("\"\(prefix)\"")
        }
        for (index, segment) in pattern.segments.enumerated() {
            let encode = index == first ? "\(enumName).host" : "\(enumName).segment"
            let slash = index == 0 ? "" : "\"/\" + "
            switch segment {
            case .literal(let value):
                let encoded = index == first
                    ? value : (value.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? value)
                pieces.append("\(slash)\"\(Self.literal(encoded))\"")
            case .parameter(let name, let constraint):
                let type = valueType(constraint)
                let label = parameter(name, type, nil)
                if needsCheck(type, constraint) { checked.append((label, name, false)) }
                pieces.append("\(slash)\(encode)(\(text(label, type)))")
            case .optional(let name, let constraint):
                let type = valueType(constraint)
                let label = parameter(name, type + "?", "nil")
                if needsCheck(type, constraint) { checked.append((label, name, true)) }
                let value = type == "Swift.String"
                    ? "$0" : (type == "Foundation.UUID" ? "$0.uuidString.lowercased()" : "Swift.String($0)")
                pieces.append("(\(label).map { \"/\" + \(encode)(\(value)) } ?? \"\")")
            case .catchAll(let name):
                let label = parameter(name ?? "rest", "[Swift.String]", nil)
                pieces.append("\(slash)\(label).map(\(enumName).segment).joined(separator: \"/\")")
            }
        }
        let function = Self.label(route.target)
        builders.append(Builder(pattern: route.pattern, target: route.target, function: function,
                                type: Self.camel(route.target, upper: true), parameters: parameters,
                                urlExpression: pieces.joined(separator: " + "), baseLabel: baseLabel,
                                baseScheme: pattern.isSuffix ? pattern.scheme : nil, checked: checked))
    }

    /// Characters a path segment keeps as they are.
    static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    /// The builders with unique names. Routes sharing a function name get their pattern's literal words
    /// (`itemDiscoverItem`); a name the enum already uses (`Link`, `String`, the enum's own name…) gets
    /// `Route`; and a function or type name still taken, after a case change too (`FAQ` and `fAQ` both
    /// make the type `FAQ`), gets a number (`FAQ2`), so every function and every type is declared once.
    private var named: [Builder] {
        var result = builders
        let counts = Dictionary(grouping: result.indices, by: { result[$0].function })
        for (_, indices) in counts where indices.count > 1 {
            for index in indices {
                let words = (try? RoutePattern(result[index].pattern))?.segments.compactMap { segment -> String? in
                    if case .literal(let value) = segment { return value }
                    return nil
                } ?? []
                let suffix = Self.camel(words.joined(separator: " "), upper: true)
                result[index].function += suffix
                result[index].type += suffix
            }
        }
        let reservedTypes = Self.reservedTypeNames.union([enumName])
        var functions = Self.reservedFunctionNames
        var types = reservedTypes
        for index in result.indices {
            if Self.reservedFunctionNames.contains(result[index].function) { result[index].function += "Route" }
            if reservedTypes.contains(result[index].type) { result[index].type += "Route" }
            result[index].function = Self.unique(result[index].function, among: &functions)
            result[index].type = Self.unique(result[index].type, among: &types)
        }
        return result
    }

    /// `name`, or `name` with the first number from 2 that makes it new to `taken`; the result is added to `taken`.
    static func unique(_ name: String, among taken: inout Set<String>) -> String {
        var result = name
        var number = 1
        while taken.contains(result) {
            number += 1
            result = name + "\(number)"
        }
        taken.insert(result)
        return result
    }

    /// The error a link's making throws, written only when a route needs it.
    private var linkErrorSource: [String] {
        [
            "",
            "    /// Why a link cannot be made: a suffix pattern's base that is not an absolute URL, or a",
            "    /// parameter value that no route matches (empty, `.` or `..`).",
            "    public struct LinkError: Swift.Error, Swift.Hashable, Swift.Sendable, Swift.CustomStringConvertible {",
            "        /// What is wrong with the value.",
            "        public enum Reason: Swift.Hashable, Swift.Sendable {",
            "            /// The base does not start with a scheme and `://` (`app://`).",
            "            case missingScheme",
            "            /// The base has no host after `://`.",
            "            case missingHost",
            "            /// The base has a query (`?…`).",
            "            case query",
            "            /// The base has a fragment (`#…`).",
            "            case fragment",
            "            /// The base's scheme is not the one the pattern names.",
            "            case scheme(expected: Swift.String)",
            "            /// The value of `parameter` is empty, `.` or `..`: such a segment is never a parameter's value.",
            "            case notASegmentValue(parameter: Swift.String)",
            "        }",
            "",
            "        /// The route's pattern.",
            "        public let pattern: Swift.String",
            "        /// The value refused: the base, or the parameter's value.",
            "        public let value: Swift.String",
            "        /// What is wrong with it.",
            "        public let reason: Reason",
            "",
            "        /// A sentence naming the value, the pattern and what is wrong.",
            "        public var description: Swift.String {",
            "            let why: Swift.String",
            "            switch reason {",
            "            case .missingScheme: why = \"it does not start with a scheme and ://\"",
            "            case .missingHost: why = \"it has no host after ://\"",
            "            case .query: why = \"it has a query\"",
            "            case .fragment: why = \"it has a fragment\"",
            "            case .scheme(let expected): why = \"its scheme is not \\(expected)\"",
            "            case .notASegmentValue(let parameter):",
            "                return \"'\\(value)' cannot be the value of parameter '\\(parameter)' of '\\(pattern)': an empty, '.' or '..' segment never matches a parameter\"",
            "            }",
            "            return \"'\\(value)' cannot be the base of suffix pattern '\\(pattern)': \\(why)\"",
            "        }",
            "    }",
        ]
    }

    /// The check of a text parameter's value, written only when a route needs it.
    private var valueCheckSource: [String] {
        [
            "",
            "    /// `value` checked as the value of `parameter` of `pattern`: never empty, `.` or `..`, which no route matches.",
            "    public static func value(_ value: Swift.String, of parameter: Swift.String, pattern: Swift.String) throws(LinkError) -> Swift.String {",
            "        guard !value.isEmpty, value != \".\", value != \"..\" else {",
            "            throw LinkError(pattern: pattern, value: value, reason: .notASegmentValue(parameter: parameter))",
            "        }",
            "        return value",
            "    }",
        ]
    }

    /// The check for a suffix pattern's base, written only when a route needs it.
    private var suffixBaseSource: [String] {
        [
            "",
            "    /// `base` checked as the base of the suffix pattern `pattern` (of `scheme`, when it names",
            "    /// one): `scheme://host[/path]`, without query or fragment; returned without a trailing `/`.",
            "    public static func suffixBase(_ base: Swift.String, pattern: Swift.String, scheme: Swift.String?) throws(LinkError) -> Swift.String {",
            "        func refuse(_ reason: LinkError.Reason) -> LinkError { LinkError(pattern: pattern, value: base, reason: reason) }",
            "        guard let separator = base.range(of: \"://\") else { throw refuse(.missingScheme) }",
            "        let head = base[..<separator.lowerBound]",
            "        guard let first = head.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,",
            "              head.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || (\"0\"...\"9\").contains($0) || \"+-.\".unicodeScalars.contains($0)) }) else {",
            "            throw refuse(.missingScheme)",
            "        }",
            "        if base.contains(\"#\") { throw refuse(.fragment) }",
            "        if base.contains(\"?\") { throw refuse(.query) }",
            "        if base[separator.upperBound...].prefix(while: { $0 != \"/\" }).isEmpty { throw refuse(.missingHost) }",
            "        if let scheme, head.lowercased() != scheme.lowercased() { throw refuse(.scheme(expected: scheme)) }",
            "        return base.hasSuffix(\"/\") ? Swift.String(base.dropLast()) : base",
            "    }",
        ]
    }

    var output: String {
        var lines = [
            "// Generated by `switchyard generate swift` from \(source.unicodeScalars.filter { $0.properties.generalCategory != .control }). Do not edit; regenerate.",
            "import Foundation",
            "",
            "/// Typed links to the routes: `\(enumName).<route>(…).url`. Leaving out a required parameter does not compile.",
            "public enum \(enumName) {",
            "    /// A link to one route (TheRouter's CustomRouterInfo): its pattern, its target and its URL.",
            "    public protocol Link: Swift.Hashable, Swift.Sendable {",
            "        /// The route's pattern.",
            "        static var pattern: Swift.String { get }",
            "        /// The route's target.",
            "        static var target: Swift.String { get }",
            "        /// The URL to open.",
            "        var url: Swift.String { get }",
            "    }",
            "",
            "    /// `value` percent-encoded as one path segment (a catch-all's `.` and `..` too).",
            "    public static func segment(_ value: Swift.String) -> Swift.String {",
            "        var allowed = Foundation.CharacterSet.urlPathAllowed",
            "        allowed.remove(charactersIn: \"/;?#%\")",
            "        if value == \".\" || value == \"..\" { return value.replacingOccurrences(of: \".\", with: \"%2E\") }",
            "        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value",
            "    }",
            "",
            "    /// `value` as a host (lowercased; characters a host cannot hold percent-encoded).",
            "    public static func host(_ value: Swift.String) -> Swift.String {",
            "        value.lowercased().addingPercentEncoding(withAllowedCharacters: .urlHostAllowed) ?? value",
            "    }",
        ]
        if builders.contains(where: \.throwing) { lines += linkErrorSource }
        if builders.contains(where: { !$0.checked.isEmpty }) { lines += valueCheckSource }
        if builders.contains(where: { $0.baseLabel != nil }) { lines += suffixBaseSource }
        for builder in named {
            let arguments = builder.parameters.map {
                "\($0.label): \($0.type)" + ($0.defaultValue.map { " = \($0)" } ?? "")
            }
            let forwarded = builder.parameters.map { "\($0.label): \($0.label)" }.joined(separator: ", ")
            let doc = "`\(Self.literal(builder.pattern))` → \(Self.literal(builder.target))"
            // A link checks its base and its text values when it is made, and says what is wrong.
            let throwing = builder.throwing ? " throws(\(enumName).LinkError)" : ""
            let checked = Set(builder.checked.map(\.label))
            lines += [
                "",
                "    /// \(doc)",
                "    public struct \(builder.type): Link {",
                "        public static let pattern: Swift.String = \"\(Self.literal(builder.pattern))\"",
                "        public static let target: Swift.String = \"\(Self.literal(builder.target))\"",
            ]
            lines += builder.parameters.map {
                let guarded = $0.label == builder.baseLabel || checked.contains($0.label)
                return "        public\(guarded ? " private(set)" : "") var \($0.label): \($0.type)"
            }
            lines.append("")
            if let baseLabel = builder.baseLabel {
                let scheme = builder.baseScheme.map { " of scheme `\(Self.literal($0))`" } ?? ""
                lines.append("        /// Throws when `\(baseLabel)` is not an absolute URL"
                             + " (`scheme://host[/path]`)\(scheme) without query or fragment.")
            }
            if !builder.checked.isEmpty {
                let names = builder.checked.map { "`\($0.label)`" }.joined(separator: ", ")
                lines.append(
                    "        /// Throws when \(names) is empty, `.` or `..` (no route matches such a segment).")
            }
            lines.append("        public init(\(arguments.joined(separator: ", ")))\(throwing) {")
            lines += builder.parameters.map { parameter in
                let label = parameter.label
                if label == builder.baseLabel {
                    let scheme = builder.baseScheme.map { "\"\(Self.literal($0))\"" } ?? "nil"
                    return "            self.\(label) = try \(enumName).suffixBase(\(label), pattern: Self.pattern,"
                        + " scheme: \(scheme))"
                }
                guard let check = builder.checked.first(where: { $0.label == label }) else {
                    return "            self.\(label) = \(label)"
                }
                let call = "try \(enumName).value(\(label), of: \"\(Self.literal(check.name))\", pattern: Self.pattern)"
                return check.optional
                    ? "            if let \(label) { self.\(label) = \(call) } else { self.\(label) = nil }"
                    : "            self.\(label) = \(call)"
            }
            lines += [
                "        }",
                "",
                "        public var url: Swift.String { \(builder.urlExpression) }",
                "    }",
                "",
                "    /// \(doc)",
                "    public static func \(builder.function)(\(arguments.joined(separator: ", ")))\(throwing)"
                    + " -> \(builder.type) {",
                "        \(builder.throwing ? "try " : "")\(builder.type)(\(forwarded))",
                "    }",
            ]
        }
        lines += [
            "}",
            "",
            "extension \(enumName).Link {",
            "    /// The URL with `query` appended (names and values percent-encoded).",
            "    public func url(query: Swift.KeyValuePairs<Swift.String, Swift.String>) -> Swift.String {",
            "        var allowed = Foundation.CharacterSet.urlQueryAllowed",
            "        allowed.remove(charactersIn: \"&=+#\")",
            "        let items = query.map { ($0.key.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.key) + \"=\" + ($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.value) }",
            "        return items.isEmpty ? url : url + \"?\" + items.joined(separator: \"&\")",
            "    }",
            "}",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
