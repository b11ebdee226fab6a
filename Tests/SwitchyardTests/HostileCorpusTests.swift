import Foundation
import Testing
@testable import Switchyard

/// The hostile-input corpus `Corpus/hostile.tsv`: every line gives an input and its expected result
/// against a fixed route table (see the file's header for the format).
@Suite struct HostileCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let line: Int
        let input: String
        let expect: String
        let params: [String: String]?
        let query: [[String]]?
        let note: String
        var isKnownBug: Bool { note.hasPrefix("bug:") }
        var testDescription: String { "line \(line): \(JSONText.quote(input))" }
    }

    struct CorpusError: Error, CustomStringConvertible {
        let description: String
    }

    static func load() throws -> [Case] {
        var out: [Case] = []
        let lines = try HostileCorpus.text("hostile.tsv").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = index + 1
            if raw.isEmpty || raw.hasPrefix("#") { continue }
            let cols = raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cols.count == 5 else {
                throw CorpusError(description: "line \(line): \(cols.count) columns, expected 5")
            }
            guard case .string(let input) = try JSONText.parse(cols[0]) else {
                throw CorpusError(description: "line \(line): the input is not a JSON string")
            }
            var params: [String: String]?
            if cols[2] != "-" {
                guard case .object(let pairs) = try JSONText.parse(cols[2]) else {
                    throw CorpusError(description: "line \(line): params is not a JSON object")
                }
                params = Dictionary(pairs.map { ($0.0, $0.1.string ?? "") }, uniquingKeysWith: { a, _ in a })
            }
            var query: [[String]]?
            if cols[3] != "-" {
                guard let items = try JSONText.parse(cols[3]).array else {
                    throw CorpusError(description: "line \(line): query is not a JSON array")
                }
                query = items.map { ($0.array ?? []).map { $0.string ?? "" } }
            }
            out.append(Case(line: line, input: input, expect: cols[1], params: params, query: query, note: cols[4]))
        }
        return out
    }

    /// Runs one case; returns the problems found (empty when it behaves as expected).
    static func run(_ c: Case, on table: RouteTable<String>) -> [String] {
        var problems: [String] = []
        let where_ = "line \(c.line) \(JSONText.quote(c.input))"
        let result: Result<RouteMatch<String>?, URLParseError>
        do throws(URLParseError) { result = .success(try table.match(c.input)) } catch { result = .failure(error) }

        // RouteURL and the table agree on validity.
        do throws(URLParseError) {
            _ = try RouteURL(c.input)
            if case .failure(let e) = result { problems.append("\(where_): RouteURL accepts but match refuses: \(e)") }
        } catch {
            if case .success = result { problems.append("\(where_): match accepts but RouteURL refuses: \(error)") }
        }

        switch result {
        case .failure(let e):
            if c.expect != "error \(e.code)" {
                problems.append("\(where_): expected \(c.expect), got error \(e.code) (\(e))")
            }
        case .success(let m):
            if let m, let why = HostileCorpus.invariantViolation(m) { problems.append("\(where_): invariant: \(why)") }
            let got = "ok " + (m?.pattern.description ?? "-")
            guard got == c.expect else {
                let detail = m.map { " \($0.parameters.dictionary)" } ?? ""
                problems.append("\(where_): expected \(c.expect), got \(got)\(detail)")
                break
            }
            guard let m else { break }
            if let params = c.params, m.parameters.dictionary != params {
                problems.append("\(where_): expected parameters \(params), got \(m.parameters.dictionary)")
            }
            if let query = c.query {
                let items = m.query.items.map { [$0.name, $0.value] }
                if items != query { problems.append("\(where_): expected query \(query), got \(items)") }
            }
        }
        return problems
    }

    @Test func everyLineGivesItsExpectedResult() throws {
        let table = try HostileCorpus.table()
        let cases = try Self.load().filter { !$0.isKnownBug }
        var failures = 0
        for c in cases {
            for problem in Self.run(c, on: table) {
                failures += 1
                Issue.record(Comment(rawValue: problem))
            }
        }
        #expect(failures == 0)
    }

    /// Lines marked `bug:` pin reported library bugs; every one reported so far is fixed, so none may remain.
    @Test func noKnownBugLinesRemain() throws {
        let open = try Self.load().filter(\.isKnownBug)
        #expect(open.isEmpty, "still marked as bugs: \(open.map(\.input))")
    }

    @Test func corpusIsLargeAndCoversEveryOutcome() throws {
        let cases = try Self.load()
        #expect(cases.count >= 300)
        let codes = Set(cases.compactMap { $0.expect.hasPrefix("error ") ? String($0.expect.dropFirst(6)) : nil })
        // Every parse error of the contract but the limits (tested in LimitsTests) appears.
        for code in ["empty", "forbidden_character", "bad_percent_escape", "invalid_utf8", "encoded_control_character",
                     "invalid_scheme", "missing_authority", "empty_host", "invalid_host", "userinfo_not_allowed",
                     "invalid_port", "invalid_ipv6"] {
            #expect(codes.contains(code), "no case expects \(code)")
        }
        #expect(cases.contains { $0.expect == "ok -" })
        #expect(cases.contains { $0.expect.hasPrefix("ok app") })
    }

    @Test func inputsRoundTripThroughTheCorpusEscaping() throws {
        for c in try Self.load() {
            #expect(try JSONText.parse(JSONText.quote(c.input)) == .string(c.input), "line \(c.line)")
        }
    }
}
