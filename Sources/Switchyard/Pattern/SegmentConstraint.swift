/// A compiled check for one decoded path segment. Matching always covers the whole segment
/// (implicit `^...$`) and runs in time linear in the segment length (no backtracking engine is used).
public struct SegmentConstraint: Sendable, Hashable, CustomStringConvertible {
    enum Program: Sendable {
        case typed(TypeName)
        case bytes(ByteProgram)
        case nfa(NFAProgram)
    }

    enum TypeName: String, Sendable, CaseIterable {
        case int, uint, uuid, hex, alpha, alnum, slug
    }

    /// The compiled constraint, shared by reference so that a pattern segment stays small.
    final class Storage: Sendable {
        let source: String
        let isTyped: Bool
        let program: Program

        init(source: String, isTyped: Bool, program: Program) {
            self.source = source
            self.isTyped = isTyped
            self.program = program
        }
    }

    let storage: Storage

    /// The text it was created from: the regex source, or the type name.
    public var source: String { storage.source }
    /// Whether it was made from a type name.
    public var isTyped: Bool { storage.isTyped }
    var program: Program { storage.program }

    /// Compiles a regular-expression constraint (the text between the parentheses of `:name(...)`).
    ///
    /// Throws a ``ConstraintError`` for empty, malformed, unsupported or potentially catastrophic
    /// patterns; see ``ConstraintError/Reason`` for the rules.
    public init(regex: String) throws(ConstraintError) {
        try self.init(regex: regex, allowFastPath: true)
    }

    init(regex: String, allowFastPath: Bool) throws(ConstraintError) {
        let root = try ConstraintParser.parse(regex)
        let program: Program
        if allowFastPath, let fast = ByteProgram(root) {
            program = .bytes(fast)
        } else {
            program = .nfa(NFAProgram(root))
        }
        storage = Storage(source: regex, isTyped: false, program: program)
    }

    /// A named type: "int" (optional leading '-', 1...19 digits, value fits Int64), "uint" (digits,
    /// fits UInt64), "uuid" (8-4-4-4-12 hex, either case), "hex" (1+ hex digits), "alpha" (1+ ASCII
    /// letters), "alnum" (1+ ASCII letters/digits), "slug" (1+ of [a-z0-9-]). Returns nil for an
    /// unknown name.
    public init?(typeName: String) {
        guard let name = TypeName(rawValue: typeName) else { return nil }
        storage = Storage(source: typeName, isTyped: true, program: .typed(name))
    }

    /// All type names accepted by ``init(typeName:)``, for error messages and docs.
    public static let typeNames: [String] = TypeName.allCases.map(\.rawValue)

    /// `"(regex)"` or `"<type>"`, as it would appear in a route pattern.
    public var description: String {
        isTyped ? "<\(source)>" : "(\(source))"
    }

    /// True when the bytes (UTF-8 of the decoded segment) match entirely. Invalid UTF-8 never matches.
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch program {
        case .typed(let name): return name.matches(bytes)
        case .bytes(let fast): return fast.matches(bytes)
        case .nfa(let nfa): return nfa.matches(bytes)
        }
    }

    /// Convenience for tests and tools: matches the UTF-8 of `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    /// Two constraints are equal when both kind (typed or regex) and source text are equal.
    public static func == (lhs: SegmentConstraint, rhs: SegmentConstraint) -> Bool {
        lhs.isTyped == rhs.isTyped && lhs.source == rhs.source
    }

    /// Hashes the kind and the source text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isTyped)
        hasher.combine(source)
    }
}

extension SegmentConstraint.TypeName {
    /// Hand-written checks over ASCII bytes.
    func matches(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .int:
            let negative = b.first == UInt8(ascii: "-")
            let digits = UnsafeBufferPointer(rebasing: b[(negative ? 1 : 0)...])
            return Self.decimal(digits, limit: negative ? "9223372036854775808" : "9223372036854775807")
        case .uint:
            return Self.decimal(b, limit: "18446744073709551615")
        case .uuid:
            guard b.count == 36 else { return false }
            for (i, c) in b.enumerated() {
                let ok = (i == 8 || i == 13 || i == 18 || i == 23) ? c == UInt8(ascii: "-") : Self.isHex(c)
                if !ok { return false }
            }
            return true
        case .hex: return !b.isEmpty && b.allSatisfy(Self.isHex)
        case .alpha: return !b.isEmpty && b.allSatisfy(Self.isLetter)
        case .alnum: return !b.isEmpty && b.allSatisfy { Self.isLetter($0) || Self.isDigit($0) }
        case .slug:
            return !b.isEmpty && b.allSatisfy {
                Self.isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0 == UInt8(ascii: "-")
            }
        }
    }

    /// 1...limit.count ASCII digits whose value does not exceed `limit` (a decimal string).
    private static func decimal(_ b: UnsafeBufferPointer<UInt8>, limit: StaticString) -> Bool {
        let max = limit.utf8CodeUnitCount
        guard !b.isEmpty, b.count <= max, b.allSatisfy(isDigit) else { return false }
        guard b.count == max else { return true }
        // Same length: compare lexicographically with the limit.
        let lim = UnsafeBufferPointer(start: limit.utf8Start, count: max)
        for (x, y) in zip(b, lim) where x != y {
            return x < y
        }
        return true
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private static func isLetter(_ c: UInt8) -> Bool {
        (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
    }
    private static func isHex(_ c: UInt8) -> Bool {
        isDigit(c) || ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "f"))
    }
}
