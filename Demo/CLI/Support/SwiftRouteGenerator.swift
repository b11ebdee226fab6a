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
        let urlExpression: String
        /// For a suffix pattern: the label of its `base` parameter, checked when the link is made.
        var baseLabel: String?
        /// For a suffix pattern that names a scheme: the scheme its base must have.
        var baseScheme: String?
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
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "url",
        "pattern", "target",
    ]

    /// Whether `text` is a plain Swift identifier (ASCII letters, digits and `_`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
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
            guard let constraint, constraint.isTyped else { return "String" }
            switch constraint.source {
            case "int": return "Int"
            case "uint": return "UInt"
            case "uuid": return "UUID"
            default: return "String"
            }
        }
        func text(_ label: String, _ type: String) -> String {
            switch type {
            case "String": label
            case "UUID": "\(label).uuidString.lowercased()"
            default: "String(\(label))"
            }
        }
        let prefix = (pattern.scheme.map { Self.literal($0) + "://" }) ?? ""
        // A suffix pattern ends a URL: its builder takes the URL it is appended to (`app://user`), and
        // every one of its segments is a path segment.
        let first = pattern.isSuffix ? -1 : 0
        var baseLabel: String?
        if pattern.isSuffix {
            let label = parameter("base", "String", nil)
            baseLabel = label
            pieces.append("\(label) + \"/\"")
        } else if pattern.scheme == nil {
            _ = parameter("scheme", "String", "\"app\"")
            pieces.append("scheme + \"://\"")
        } else {
            pieces.append("\"\(prefix)\"")
        }
        for (index, segment) in pattern.segments.enumerated() {
            let encode = index == first ? "\(enumName).host" : "\(enumName).segment"
            let slash = index == 0 ? "" : "\"/\" + "
            switch segment {
            case .literal(let value):
                let encoded = index == first ? value : (value.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? value)
                pieces.append("\(slash)\"\(Self.literal(encoded))\"")
            case .parameter(let name, let constraint):
                let type = valueType(constraint)
                let label = parameter(name, type, nil)
                pieces.append("\(slash)\(encode)(\(text(label, type)))")
            case .optional(let name, let constraint):
                let type = valueType(constraint)
                let label = parameter(name, type + "?", "nil")
                let value = type == "String" ? "$0" : (type == "UUID" ? "$0.uuidString.lowercased()" : "String($0)")
                pieces.append("(\(label).map { \"/\" + \(encode)(\(value)) } ?? \"\")")
            case .catchAll(let name):
                let label = parameter(name ?? "rest", "[String]", nil)
                pieces.append("\(slash)\(label).map(\(enumName).segment).joined(separator: \"/\")")
            }
        }
        let function = Self.label(route.target)
        builders.append(Builder(pattern: route.pattern, target: route.target, function: function,
                                type: Self.camel(route.target, upper: true), parameters: parameters,
                                urlExpression: pieces.joined(separator: " + "), baseLabel: baseLabel,
                                baseScheme: pattern.isSuffix ? pattern.scheme : nil))
    }

    /// Characters a path segment keeps as they are.
    static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    /// The builders with unique names: routes sharing a target get their pattern's literal words.
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
        var seen: [String: Int] = [:]
        for index in result.indices {
            let count = seen[result[index].function, default: 0]
            seen[result[index].function] = count + 1
            if count > 0 {
                result[index].function += "\(count + 1)"
                result[index].type += "\(count + 1)"
            }
        }
        return result
    }

    /// The error and the check for a suffix pattern's base, written only when a route needs them.
    private var suffixBaseSource: [String] {
        [
            "",
            "    /// Why a URL cannot be the base a suffix pattern's link is appended to.",
            "    public struct SuffixBaseError: Error, Hashable, Sendable, CustomStringConvertible {",
            "        /// What is wrong with the base.",
            "        public enum Reason: Hashable, Sendable {",
            "            /// It does not start with a scheme and `://` (`app://`).",
            "            case missingScheme",
            "            /// It has no host after `://`.",
            "            case missingHost",
            "            /// It has a query (`?…`).",
            "            case query",
            "            /// It has a fragment (`#…`).",
            "            case fragment",
            "            /// Its scheme is not the one the pattern names.",
            "            case scheme(expected: String)",
            "        }",
            "",
            "        /// The suffix pattern.",
            "        public let pattern: String",
            "        /// The base given.",
            "        public let base: String",
            "        /// What is wrong with it.",
            "        public let reason: Reason",
            "",
            "        public var description: String {",
            "            let why: String",
            "            switch reason {",
            "            case .missingScheme: why = \"it does not start with a scheme and ://\"",
            "            case .missingHost: why = \"it has no host after ://\"",
            "            case .query: why = \"it has a query\"",
            "            case .fragment: why = \"it has a fragment\"",
            "            case .scheme(let expected): why = \"its scheme is not \\(expected)\"",
            "            }",
            "            return \"'\\(base)' cannot be the base of suffix pattern '\\(pattern)': \\(why)\"",
            "        }",
            "    }",
            "",
            "    /// `base` checked as the base of the suffix pattern `pattern` (of `scheme`, when it names",
            "    /// one): `scheme://host[/path]`, without query or fragment; returned without a trailing `/`.",
            "    public static func suffixBase(_ base: String, pattern: String, scheme: String?) throws(SuffixBaseError) -> String {",
            "        func refuse(_ reason: SuffixBaseError.Reason) -> SuffixBaseError { SuffixBaseError(pattern: pattern, base: base, reason: reason) }",
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
            "        return base.hasSuffix(\"/\") ? String(base.dropLast()) : base",
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
            "    public protocol Link: Hashable, Sendable {",
            "        /// The route's pattern.",
            "        static var pattern: String { get }",
            "        /// The route's target.",
            "        static var target: String { get }",
            "        /// The URL to open.",
            "        var url: String { get }",
            "    }",
            "",
            "    /// `value` percent-encoded as one path segment (`.` and `..` too, so they stay values).",
            "    public static func segment(_ value: String) -> String {",
            "        var allowed = CharacterSet.urlPathAllowed",
            "        allowed.remove(charactersIn: \"/;?#%\")",
            "        if value == \".\" || value == \"..\" { return value.replacingOccurrences(of: \".\", with: \"%2E\") }",
            "        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value",
            "    }",
            "",
            "    /// `value` as a host (lowercased; characters a host cannot hold percent-encoded).",
            "    public static func host(_ value: String) -> String {",
            "        value.lowercased().addingPercentEncoding(withAllowedCharacters: .urlHostAllowed) ?? value",
            "    }",
        ]
        if builders.contains(where: { $0.baseLabel != nil }) {
            lines += suffixBaseSource
        }
        for builder in named {
            let arguments = builder.parameters.map { "\($0.label): \($0.type)" + ($0.defaultValue.map { " = \($0)" } ?? "") }
            let forwarded = builder.parameters.map { "\($0.label): \($0.label)" }.joined(separator: ", ")
            let doc = "`\(Self.literal(builder.pattern))` → \(Self.literal(builder.target))"
            // A suffix pattern's link checks its base when it is made, and says what is wrong with it.
            let throwing = builder.baseLabel == nil ? "" : " throws(\(enumName).SuffixBaseError)"
            lines += [
                "",
                "    /// \(doc)",
                "    public struct \(builder.type): Link {",
                "        public static let pattern = \"\(Self.literal(builder.pattern))\"",
                "        public static let target = \"\(Self.literal(builder.target))\"",
            ]
            lines += builder.parameters.map { "        public\($0.label == builder.baseLabel ? " private(set)" : "") var \($0.label): \($0.type)" }
            lines.append("")
            if let baseLabel = builder.baseLabel {
                let scheme = builder.baseScheme.map { " of scheme `\(Self.literal($0))`" } ?? ""
                lines.append("        /// Throws when `\(baseLabel)` is not an absolute URL (`scheme://host[/path]`)\(scheme) without query or fragment.")
            }
            lines.append("        public init(\(arguments.joined(separator: ", ")))\(throwing) {")
            lines += builder.parameters.map { parameter in
                guard parameter.label == builder.baseLabel else { return "            self.\(parameter.label) = \(parameter.label)" }
                let scheme = builder.baseScheme.map { "\"\(Self.literal($0))\"" } ?? "nil"
                return "            self.\(parameter.label) = try \(enumName).suffixBase(\(parameter.label), pattern: Self.pattern, scheme: \(scheme))"
            }
            lines += [
                "        }",
                "",
                "        public var url: String { \(builder.urlExpression) }",
                "    }",
                "",
                "    /// \(doc)",
                "    public static func \(builder.function)(\(arguments.joined(separator: ", ")))\(throwing) -> \(builder.type) {",
                "        \(builder.baseLabel == nil ? "" : "try ")\(builder.type)(\(forwarded))",
                "    }",
            ]
        }
        lines += [
            "}",
            "",
            "extension \(enumName).Link {",
            "    /// The URL with `query` appended (names and values percent-encoded).",
            "    public func url(query: KeyValuePairs<String, String>) -> String {",
            "        var allowed = CharacterSet.urlQueryAllowed",
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
