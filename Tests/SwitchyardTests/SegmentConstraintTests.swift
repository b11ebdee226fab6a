import Foundation
import Testing
@testable import Switchyard

/// Builds a constraint from its pattern notation: `(regex)` or `<type>`.
private func constraint(_ notation: String) throws -> SegmentConstraint {
    if notation.hasPrefix("<"), notation.hasSuffix(">") {
        let name = String(notation.dropFirst().dropLast())
        guard let typed = SegmentConstraint(typeName: name) else { throw ConstraintError(.empty, at: 0, in: name) }
        return typed
    }
    return try SegmentConstraint(regex: String(notation.dropFirst().dropLast()))
}

/// The same regex compiled without the byte-table fast path.
private func generalOnly(_ c: SegmentConstraint) throws -> SegmentConstraint {
    c.isTyped ? c : try SegmentConstraint(regex: c.source, allowFastPath: false)
}

struct MatchCase: Sendable, CustomTestStringConvertible {
    let notation: String
    let input: String
    let expected: Bool
    init(_ notation: String, _ input: String, _ expected: Bool) {
        (self.notation, self.input, self.expected) = (notation, input, expected)
    }
    var testDescription: String { "\(notation) ~ \"\(input)\" -> \(expected)" }
}

let goldenCases: [MatchCase] = [
    // WLRRoute examples (fast path)
    .init(#"([0-9]+)"#, "12345", true), .init(#"([0-9]+)"#, "", false), .init(#"([0-9]+)"#, "12a", false),
    .init(#"([a-zA-Z_-]+)"#, "hello_World-x", true), .init(#"([a-zA-Z_-]+)"#, "a b", false),
    .init(#"(\d{11})"#, "13812345678", true), .init(#"(\d{11})"#, "1381234567", false),
    .init(#"(\d{11})"#, "138123456789", false),
    .init(#"([0-9a-fA-F]+)"#, "DEADbeef09", true), .init(#"([0-9a-fA-F]+)"#, "xyz", false),
    .init(#"(1[3-9]\d{9})"#, "13912345678", true), .init(#"(1[3-9]\d{9})"#, "12912345678", false),
    .init(#"(a{2,3})"#, "a", false), .init(#"(a{2,3})"#, "aa", true), .init(#"(a{2,3})"#, "aaa", true),
    .init(#"(a{2,3})"#, "aaaa", false), .init(#"(a{2,})"#, "aaaaaa", true), .init(#"(a{2,})"#, "a", false),
    .init(#"(colou?r)"#, "color", true), .init(#"(colou?r)"#, "colour", true), .init(#"(a+?)"#, "aaa", true),
    .init(#"(a{0})"#, "", true), .init(#"(a{0})"#, "a", false), .init(#"([-a]+)"#, "-a-", true),
    .init(#"([a-]+)"#, "a-", true), .init(#"([\]\[]+)"#, "[]", true), .init(#"([\d-z]+)"#, "5-z", true),
    .init(#"(\.\-\\\/)"#, #".-\/"#, true), .init(#"(\$\^)"#, "$^", true), .init(#"(^abc$)"#, "abc", true),
    .init(#"(\d+)"#, "١٢", false),
    // alternation and groups
    .init(#"(cat|dog)"#, "dog", true), .init(#"(cat|dog)"#, "cow", false), .init(#"(cat|dog)"#, "catdog", false),
    .init(#"(foo|bar)"#, "bar", true), .init(#"((?:x|y)z)"#, "yz", true),
    .init(#"((ab|cd)+)"#, "abcdab", true), .init(#"((ab|cd)+)"#, "abc", false), .init(#"((ab|cd)+)"#, "", false),
    .init(#"([a-z]+-[0-9]+)"#, "item-42", true), .init(#"([a-z]+-[0-9]+)"#, "item-", false),
    .init(#"(v[0-9]+(\.[0-9]+)*)"#, "v1.2.30", true), .init(#"(v[0-9]+(\.[0-9]+)*)"#, "v1", true),
    .init(#"(v[0-9]+(\.[0-9]+)*)"#, "v1..2", false),
    .init(#"(\d{1,3}(\.\d{1,3}){3})"#, "192.168.0.1", true), .init(#"(\d{1,3}(\.\d{1,3}){3})"#, "192.168.0", false),
    .init(#"(([a-z]+-)*[a-z]+)"#, "my-blog-post", true), .init(#"(([a-z]+-)*[a-z]+)"#, "-post", false),
    // classes, dot, escapes, Unicode (general path)
    .init(#"(.)"#, "x", true), .init(#"(.)"#, "中", true), .init(#"(.)"#, "xy", false), .init(#"(.*)"#, "", true),
    .init(#"(.+)"#, "🙂", true), .init(#"(a.c)"#, "a/c", true), .init(#"([^/]+)"#, "a b", true),
    .init(#"([^/]+)"#, "a/b", false), .init(#"([^a])"#, "é", true), .init(#"(\w+)"#, "A_z9", true),
    .init(#"(\w+)"#, "a-b", false), .init(#"(\W)"#, "-", true), .init(#"(\s)"#, "\t", true),
    .init(#"(\S+)"#, "ab", true), .init(#"(\D+)"#, "ab", true), .init(#"(\D+)"#, "a1", false),
    .init(#"([一-龥]+)"#, "中文", true), .init(#"([一-龥]+)"#, "中a", false),
    .init(#"(路由)"#, "路由", true),
    .init(#"(\d{100})"#, String(repeating: "7", count: 100), true),
    .init(#"(\d{100})"#, String(repeating: "7", count: 99), false),
    // typed names
    .init("<int>", "0", true), .init("<int>", "-0", true), .init("<int>", "9223372036854775807", true),
    .init("<int>", "9223372036854775808", false), .init("<int>", "-9223372036854775808", true),
    .init("<int>", "-9223372036854775809", false), .init("<int>", "", false), .init("<int>", "-", false),
    .init("<int>", "+1", false), .init("<int>", "12a", false), .init("<int>", "00000000000000000001", false),
    .init("<uint>", "18446744073709551615", true), .init("<uint>", "18446744073709551616", false),
    .init("<uint>", "-1", false), .init("<uint>", "0", true),
    .init("<uuid>", "123e4567-e89b-12d3-a456-426614174000", true),
    .init("<uuid>", "123E4567-E89B-12D3-A456-426614174000", true),
    .init("<uuid>", "123e4567e89b12d3a456426614174000", false),
    .init("<uuid>", "123e4567-e89b-12d3-a456-42661417400g", false),
    .init("<hex>", "00ff", true), .init("<hex>", "", false), .init("<alpha>", "abcXYZ", true),
    .init("<alpha>", "abc1", false), .init("<alnum>", "abc123", true), .init("<alnum>", "abc-1", false),
    .init("<slug>", "my-post-1", true), .init("<slug>", "My-post", false),
]

struct RejectCase: Sendable, CustomTestStringConvertible {
    let regex: String
    let reason: ConstraintError.Reason
    let offset: Int
    init(_ regex: String, _ reason: ConstraintError.Reason, _ offset: Int) {
        (self.regex, self.reason, self.offset) = (regex, reason, offset)
    }
    var testDescription: String { "'\(regex)' -> \(reason) @\(offset)" }
}

/// Known catastrophic-backtracking shapes.
let catastrophicCases: [RejectCase] = [
    .init(#"(a+)+"#, .nestedQuantifier, 4), .init(#"(a|aa)+"#, .overlappingAlternation, 3),
    .init(#"(.*)*"#, .nestedQuantifier, 4), .init(#"(a*)*b"#, .nestedQuantifier, 4),
    .init(#"(a|a)*"#, .overlappingAlternation, 3), .init(#"(\d+)*"#, .nestedQuantifier, 5),
    .init(#"([a-z]+)*"#, .nestedQuantifier, 8), .init(#"(a+)*"#, .nestedQuantifier, 4),
    .init(#"(a|ab)*c"#, .overlappingAlternation, 3), .init(#"(.*a){12}"#, .nestedQuantifier, 5),
    .init(#"\d+\d+"#, .adjacentOverlappingQuantifiers, 3), .init(#".*.*"#, .adjacentOverlappingQuantifiers, 2),
    .init(#"(\w+\s?)+"#, .nestedQuantifier, 8), .init(#"^(a+)+$"#, .nestedQuantifier, 5),
    .init(#"(x+x+)+y"#, .nestedQuantifier, 6), .init(#"(a|b|ab)*"#, .overlappingAlternation, 5),
    .init(#"([a-zA-Z]+)*"#, .nestedQuantifier, 11), .init(#"(\w|\d)+"#, .overlappingAlternation, 4),
    .init(#"(.+)+"#, .nestedQuantifier, 4), .init(#"(a?){25}a{25}"#, .nestedQuantifier, 4),
    .init(#"a*a*"#, .adjacentOverlappingQuantifiers, 2), .init(#"[a-z]+\w+"#, .adjacentOverlappingQuantifiers, 6),
    .init(#"(a{2,})+"#, .nestedQuantifier, 7), .init(#"(\d|\d\d)+"#, .overlappingAlternation, 4),
    .init(#"a+b?a+"#, .adjacentOverlappingQuantifiers, 4), .init(#"\d+\.?\d*"#, .adjacentOverlappingQuantifiers, 6),
    .init(#"(ab|b)*b*"#, .adjacentOverlappingQuantifiers, 7), .init(#"(x(a|ab))+"#, .overlappingAlternation, 5),
    .init(#"(\.a?a?)+"#, .adjacentOverlappingQuantifiers, 5), .init(#"(a{1,2}){9}"#, .nestedQuantifier, 8),
    .init(#"(?:a+)+"#, .nestedQuantifier, 6), .init(#"(ab|a)+c"#, .overlappingAlternation, 4),
]

/// Malformed or outside the supported subset.
let unsupportedCases: [RejectCase] = [
    .init("", .empty, 0), .init("()", .empty, 1), .init("a|", .empty, 2), .init("^$", .empty, 0),
    .init("(a|)+", .empty, 3),
    .init("a*+", .unsupportedSyntax("possessive quantifier"), 2),
    .init("(?<name>a)", .unsupportedSyntax("named group"), 0), .init(#"\bword"#, .unsupportedSyntax(#"\b"#), 0),
    .init(#"\p{L}+"#, .unsupportedSyntax(#"\p"#), 0), .init(#"\x41"#, .unsupportedSyntax(#"\x"#), 0),
    .init(#"(a)\1"#, .backreference, 3), .init(#"\k<x>"#, .backreference, 0), .init("(?P=x)", .backreference, 0),
    .init("(?=a)a", .lookaround, 0), .init("(?<!a)b", .lookaround, 0), .init("a(?!b)", .lookaround, 1),
    .init("(?i)abc", .unsupportedSyntax("inline flags"), 0), .init("(?>a)", .unsupportedSyntax("atomic group"), 0),
    .init("(abc", .unbalanced, 0), .init("[abc", .unbalanced, 0), .init("abc)", .unbalanced, 3),
    .init("a]", .unbalanced, 1), .init("a}", .unbalanced, 1), .init("a{3,1}", .badQuantifier, 1),
    .init("*a", .badQuantifier, 0), .init("{3}", .badQuantifier, 0), .init("a{1001}", .badQuantifier, 1),
    .init("a{2}{3}", .badQuantifier, 4), .init("a**", .badQuantifier, 2), .init("a{x}", .badQuantifier, 1),
    .init("(|a)", .empty, 1), .init("[z-a]", .unsupportedSyntax("reversed range"), 1),
    .init("[]", .unsupportedSyntax("empty character class"), 0),
    .init("[[:alpha:]]", .unsupportedSyntax("nested character class"), 1),
    .init("a^", .unsupportedSyntax("anchor '^' not at start"), 1),
    .init("a$b", .unsupportedSyntax("anchor '$' not at end"), 1),
    .init("\\", .unsupportedSyntax("trailing backslash"), 0),
    .init(#"\d{200}\d{100}"#, .tooComplex, 0), .init("(a{20}){20}", .tooComplex, 7),
    .init(String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40), .tooComplex, 32),
    .init(String(repeating: "a", count: 1025), .tooComplex, 1024),
]

@Suite struct SegmentConstraintTests {
    @Test(arguments: goldenCases)
    func matchesGoldenTable(_ row: MatchCase) throws {
        let c = try constraint(row.notation)
        #expect(c.matches(row.input) == row.expected)
        #expect(try generalOnly(c).matches(row.input) == row.expected)
    }

    @Test(arguments: catastrophicCases + unsupportedCases)
    func rejectsPattern(_ row: RejectCase) {
        #expect {
            _ = try SegmentConstraint(regex: row.regex)
        } throws: { error in
            guard let e = error as? ConstraintError else { return false }
            return e.reason == row.reason && e.offset == row.offset && e.source == row.regex
        }
    }

    @Test(arguments: [
        #"[0-9]+"#, #"\d{11}"#, #"(ab|cd)+"#, #"[a-z]+-[0-9]+"#, #"(foo|bar)"#, #"v[0-9]+(\.[0-9]+)*"#,
        #"(/[^/]+)+"#, #"([a-z]+-)*[a-z]+"#, #"(\d{1,3}\.){3}\d{1,3}"#, #"(a{2})+"#, #"(ab?)+"#, #"cat|car"#,
        #".*foo.*"#, #"a+b+"#, #"(a|b)+"#, #"[a-z]+\d?"#, #"(a+)?"#, #"\d{1,3}\d"#,
    ])
    func acceptsSafePattern(_ regex: String) throws {
        let c = try SegmentConstraint(regex: regex)
        #expect(c.source == regex && !c.isTyped)
    }

    @Test func rejectionTablesAreLargeEnough() {
        #expect(catastrophicCases.count >= 20)
        #expect(unsupportedCases.count >= 10)
        #expect(goldenCases.count >= 60)
    }

    @Test func errorDescriptionNamesProblemOffsetAndSource() {
        let error = ConstraintError(.nestedQuantifier, at: 4, in: "(a+)+")
        #expect(error.description
                    == "nested quantifier at offset 4 in constraint '(a+)+': it can backtrack catastrophically")
        let possessive = ConstraintError(.unsupportedSyntax("possessive quantifier"), at: 2, in: "a*+")
        #expect(possessive.description
                    .hasPrefix("unsupported syntax 'possessive quantifier' at offset 2 in constraint 'a*+'"))
    }

    @Test func descriptionRoundTrips() throws {
        for notation in Set(goldenCases.map(\.notation)) {
            let c = try constraint(notation)
            #expect(c.description == notation)
            let again = try constraint(c.description)
            #expect(again == c)
            #expect(again.hashValue == c.hashValue)
        }
    }

    @Test func equalityComparesKindAndSource() throws {
        let typed = try #require(SegmentConstraint(typeName: "int"))
        let regex = try SegmentConstraint(regex: "int")
        #expect(typed != regex)
        #expect(try SegmentConstraint(regex: "[0-9]+") == SegmentConstraint(regex: "[0-9]+"))
        #expect(try SegmentConstraint(regex: "[0-9]+") != SegmentConstraint(regex: "\\d+"))
        #expect(typed.isTyped && !regex.isTyped && typed.source == "int")
        #expect(Set([typed, regex, typed]).count == 2)
    }

    @Test func typeNamesAreAllAccepted() {
        #expect(SegmentConstraint.typeNames == ["int", "uint", "uuid", "hex", "alpha", "alnum", "slug"])
        for name in SegmentConstraint.typeNames { #expect(SegmentConstraint(typeName: name) != nil) }
        #expect(SegmentConstraint(typeName: "float") == nil)
        #expect(SegmentConstraint(typeName: "Int") == nil)
    }

    @Test func invalidUTF8NeverMatches() throws {
        let bad: [[UInt8]] = [
            [0xFF], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xF4, 0x90, 0x80, 0x80],
            [0x61, 0x62, 0xFE], [0xE4, 0xB8, 0xAD, 0xE6], [0xF8, 0x88, 0x80, 0x80, 0x80],
        ]
        let notations = ["(.*)", "([^/]+)", "(.)", #"(\D+)"#, "([一-龥]+)", "([0-9]+)", "(.{1,4})", "<alnum>",
                         "<hex>"]
        for notation in notations {
            let c = try constraint(notation)
            for bytes in bad {
                #expect(bytes.withUnsafeBufferPointer { c.matches($0) } == false, "\(notation) \(bytes)")
            }
        }
        // Sanity: the same constraints accept valid bytes.
        let good: [UInt8] = [0xE4, 0xB8, 0xAD]  // 中
        #expect(try constraint("([一-龥]+)").matches("") == false)
        #expect(try good.withUnsafeBufferPointer { try constraint("([一-龥]+)").matches($0) })
    }

    @Test func adversarialInputsAgreeWithICU() throws {
        let inputs = [
            String(repeating: "a", count: 255) + "!", String(repeating: "1", count: 255) + "!",
            String(repeating: "a", count: 256), String(repeating: "ab", count: 128),
            String(repeating: "-", count: 255) + "!", String(repeating: "a-", count: 127) + "!!",
        ]
        for notation in Set(goldenCases.map(\.notation)) {
            let c = try constraint(notation)
            let general = try generalOnly(c)
            let oracle = try icu(for: c)
            for input in inputs {
                let result = c.matches(input)
                #expect(result == general.matches(input), "\(notation)")
                if let oracle { #expect(result == oracle(input), "\(notation) on \(input.prefix(8))…") }
            }
            let wide = String(repeating: "中", count: 255) + "!"
            #expect(c.matches(wide) == general.matches(wide))
        }
    }

    @Test func randomShortInputsAgreeWithICU() throws {
        var seed: UInt64 = 0x5EED
        let alphabet = Array("ab1-._x/ ")
        for notation in Set(goldenCases.map(\.notation)) {
            let c = try constraint(notation)
            let general = try generalOnly(c)
            guard let oracle = try icu(for: c) else { continue }
            for _ in 0..<150 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let length = Int(seed >> 60)
                var text = ""
                for _ in 0..<length {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    text.append(alphabet[Int(seed >> 33) % alphabet.count])
                }
                #expect(c.matches(text) == oracle(text), "\(notation) on '\(text)'")
                #expect(general.matches(text) == oracle(text), "\(notation) on '\(text)'")
            }
        }
    }
}

/// An independent oracle for ASCII input: ICU with explicit anchors. Typed names map to the
/// equivalent regex (bounds of int/uint do not matter for the inputs used with it).
private func icu(for c: SegmentConstraint) throws -> ((String) -> Bool)? {
    let typed = [
        "int": "-?[0-9]{1,19}", "uint": "[0-9]{1,20}", "hex": "[0-9a-fA-F]+", "alpha": "[A-Za-z]+",
        "alnum": "[A-Za-z0-9]+", "slug": "[a-z0-9-]+",
        "uuid": "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    ]
    guard let pattern = c.isTyped ? typed[c.source] : c.source,
          let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return nil }
    return { text in
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
