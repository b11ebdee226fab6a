import Foundation
import Testing
@testable import Switchyard

/// Constraint regexes that could backtrack catastrophically are refused at registration, through the
/// pattern grammar, with a reason; every accepted constraint of a list of safe ones answers like
/// `NSRegularExpression` on 256-character adversarial ASCII segments. (Timing is measured outside the
/// unit tests: `swift run -c release --package-path Fuzz ConstraintTiming`, recorded in RELIABILITY.md.)
@Suite struct RegexSafetyTests {
    typealias Reason = ConstraintError.Reason

    /// Known catastrophic shapes, most from published ReDoS examples (OWASP, CVE write-ups), with the
    /// rule that refuses them.
    static let catastrophic: [(String, Reason)] = [
        (#"(a+)+"#, .nestedQuantifier),
        (#"([a-zA-Z]+)*"#, .nestedQuantifier),
        (#"(a|aa)+"#, .overlappingAlternation),
        (#"(a|a?)+"#, .nestedQuantifier),
        (#"(.*a){20}"#, .nestedQuantifier),
        (#"^(\d+)+$"#, .nestedQuantifier),
        (#"(\d+)*x"#, .nestedQuantifier),
        (#"(x+x+)+y"#, .nestedQuantifier),
        (#"(\w+\s?)+"#, .nestedQuantifier),
        (#"(\s*\w+\s*)+"#, .nestedQuantifier),
        (#"^(([a-z])+.)+[A-Z]([a-z])+$"#, .nestedQuantifier),
        (#"^[a-zA-Z]+(([',.-][a-zA-Z ])?[a-zA-Z]*)*$"#, .nestedQuantifier),
        (#"([a-z0-9]+[-]?)+"#, .nestedQuantifier),
        (#"(a*)*b"#, .nestedQuantifier),
        (#"(?:a+)+"#, .nestedQuantifier),
        (#"((ab)*)+"#, .nestedQuantifier),
        (#"(a{1,10}){1,10}"#, .nestedQuantifier),
        (#"(a|b|ab)*c"#, .overlappingAlternation),
        (#"(\w|\d)+"#, .overlappingAlternation),
        (#"(ab|a)+c"#, .overlappingAlternation),
        (#"(x|x)*y"#, .overlappingAlternation),
        (#"\d+\d+x"#, .adjacentOverlappingQuantifiers),
        (#".*.*=.*"#, .adjacentOverlappingQuantifiers),
        (#"[a-z]+\w+"#, .adjacentOverlappingQuantifiers),
        (#"\d*\.?\d*e"#, .adjacentOverlappingQuantifiers),
        (#"a*a*a*a*b"#, .adjacentOverlappingQuantifiers),
        (#"(a+)\1"#, .backreference),
        (#"(\w+)\s\1"#, .backreference),
        (#"(?=a+)a*b"#, .lookaround),
        (#"(?!x)\w+"#, .lookaround),
    ]

    /// Constraints that must be accepted; each is checked against NSRegularExpression.
    static let safe: [String] = [
        #"[0-9]+"#, #"\d{11}"#, #"1[3-9]\d{9}"#, #"[a-zA-Z_-]+"#, #"[0-9a-fA-F]+"#, #"[A-Z0-9-]+"#,
        #"SKU-[0-9]{4}"#, #"[a-z]+-[0-9]+"#, #"(foo|bar)"#, #"cat|car"#, #"colou?r"#, #"(ab|cd)+"#,
        #"v[0-9]+(\.[0-9]+)*"#, #"([a-z]+-)*[a-z]+"#, #"(\d{1,3}\.){3}\d{1,3}"#, #"(a{2})+"#, #"(ab?)+"#,
        #".*foo.*"#, #"a+b+"#, #"(a|b)+"#, #"[a-z]+\d?"#, #"(a+)?"#, #"\d{1,3}\d"#, #"[^/]+"#, #"\w+"#,
        #"[a-z0-9]+(-[a-z0-9]+)*"#, #"[A-Za-z]{2,8}"#, #"\d{4}-\d{2}-\d{2}"#,
        #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, #"(en|fr|de)(-[A-Z]{2})?"#,
        #"x*y"#, #"[a-z]*[0-9]+"#, #".+"#, #"a{0,100}b?"#, #"(/[^/]+)+"#, #"[a-z]{1,32}(\.[a-z]{1,32})*"#,
    ]

    static func reason(_ regex: String) -> Reason? {
        do throws(PatternError) {
            _ = try RoutePattern("app://r/:v(" + regex + ")")
            return nil
        } catch {
            if case .constraint(let e) = error.reason { return e.reason }
            Issue.record("\(regex): refused for another reason: \(error)")
            return nil
        }
    }

    @Test func listsAreLargeEnough() {
        #expect(Self.catastrophic.count >= 20)
        #expect(Self.safe.count >= 30)
    }

    @Test(arguments: 0..<catastrophic.count)
    func catastrophicConstraintIsRefusedAtRegistration(_ index: Int) throws {
        let (regex, expected) = Self.catastrophic[index]
        let pattern = "app://r/:v(" + regex + ")"
        #expect(Self.reason(regex) == expected, "\(regex)")
        // The same refusal through a table builder and a router, naming the reason.
        var b = RouteTableBuilder<Int>()
        #expect {
            try b.add(pattern, target: 1)
        } throws: { error in
            guard case .invalidPattern(let e) = error as? RegistrationError, case .constraint(let c) = e.reason else {
                return false
            }
            return c.reason == expected && e.description.contains(regex)
        }
        let router = Router()
        #expect(throws: RegistrationError.self) { try router.register(pattern, target: "R") { _ in RouteResult() } }
        #expect(router.table.routes.isEmpty)
    }

    @Test func refusalsNameTheReason() {
        let messages = Self.catastrophic.compactMap { regex, _ -> String? in
            do throws(PatternError) { _ = try RoutePattern("app://r/:v(" + regex + ")"); return nil } catch {
                return error.description
            }
        }
        #expect(messages.count == Self.catastrophic.count)
        for m in messages {
            let reasons = ["nested quantifier", "overlapping alternation", "adjacent overlapping quantifiers",
                           "backreference", "lookaround"]
            #expect(reasons
                .contains { m.contains($0) }, "\(m)")
            #expect(m.contains("at offset"), "\(m)")
        }
    }

    /// 256-character ASCII segments built to make a backtracking engine work hard on each pattern: long
    /// runs of what the pattern accepts, ended by a character that breaks the match, plus matching ones.
    static func adversarial(for regex: String) -> [String] {
        let n = 256
        var out: [String] = []
        for fill in ["a", "0", "A", "-", ".", "ab", "a-", "0.", "x", "/a", "_", "a0"] {
            let body = String(String(repeating: fill, count: n).prefix(n - 1))
            for end in ["!", "a", "0", "-", "y", "b", "Z", " "] { out.append(body + end) }
            out.append(String(String(repeating: fill, count: n).prefix(n)))
        }
        out.append(String(String(repeating: "foo", count: 86).prefix(n - 3)) + "foo")
        out.append(String(repeating: "cd", count: 128))
        out.append(String(repeating: "a", count: 128) + String(repeating: "b", count: 128))
        out.append("v1" + String(repeating: ".2", count: 127))
        out.append(String(repeating: "abc-", count: 64))
        out.append(String(repeating: "x", count: 255) + "y")
        out.append(String(repeating: "ab", count: 128))
        return out.map { String($0.prefix(n)) }.filter { $0.utf8.count == n }
    }

    @Test(arguments: safe)
    func safeConstraintAgreesWithNSRegularExpression(_ regex: String) throws {
        #expect(Self.reason(regex) == nil, "\(regex) is refused")
        let pattern = try RoutePattern("app://r/:v(" + regex + ")")
        guard case .parameter(_, let c?) = pattern.path[0] else {
            Issue.record("no constraint")
            return
        }
        let reference = try NSRegularExpression(pattern: "^(?:" + regex + ")$")
        for input in Self.adversarial(for: regex) {
            let range = NSRange(location: 0, length: (input as NSString).length)
            let expected = reference.firstMatch(in: input, options: [], range: range) != nil
            #expect(c.matches(input) == expected,
                    "\(regex) on \(input.prefix(12))…\(input.suffix(4)) (\(input.count) chars)")
        }
        // The segment check through the table agrees too (only segments that can be URL segments).
        var b = RouteTableBuilder<Int>()
        try b.add(pattern, target: 1)
        let table = b.build()
        for input in Self.adversarial(for: regex) where !input.contains("/") && !input.contains(" ") {
            #expect((try table.match("app://r/" + input) != nil) == c.matches(input), "\(regex) via the table")
        }
    }

    @Test func everySafeConstraintIsMatchedByAtLeastOneAdversarialSegment() throws {
        // Guards the test above against trivially comparing "no match" with "no match" everywhere.
        var unmatched: [String] = []
        for regex in Self.safe {
            let c = try SegmentConstraint(regex: regex)
            if !Self.adversarial(for: regex).contains(where: { c.matches($0) }) { unmatched.append(regex) }
        }
        #expect(unmatched.count <= Self.safe.count / 2, "\(unmatched)")
    }
}
