import Foundation
import SwitchyardTestSupport
import TerminalKit
import Testing
@testable import SwitchyardShell

/// Wrapping breaks at token boundaries and never leaves a lone short token on a line: a marker
/// (`▸`, `✓`, `·`, `→`) stays with what follows it, an entry's number with its text, and a word too
/// long for a line breaks at its components. Checked over widths 20–200, on random texts made of
/// the tokens the log, the route table and the phone show, and on the log's own lines.
@Suite("Wrapping at token boundaries")
struct WrapPropertyTests {
    static let markers = ["▸", "▾", "✓", "✗", "·", "→", "•", "="]
    static let words = ["open", "handled", "redirected", "matched", "placement", "segment", "satisfy", "nearest",
                        "(slideFromRight)", "Order", "total", "login", "does", "not", "the", "URL", "has", "fewer"]

    /// A URL or pattern of 1–6 components.
    static func url(_ random: inout SplitMix64) -> String {
        let parts = ["order", "42", ":id<int>", "discover7", "group15", "comment", "search", "shoes?sort=price",
                     "very-long-segment-name", "x"]
        let count = 1 + random.below(6)
        return "app://" + (0..<count).map { _ in parts[random.below(parts.count)] }.joined(separator: "/")
    }

    static func text(_ random: inout SplitMix64) -> String {
        var tokens: [String] = []
        for _ in 0..<(2 + random.below(14)) {
            switch random.below(4) {
            case 0: tokens.append(markers[random.below(markers.count)])
            case 1: tokens.append(url(&random))
            default: tokens.append(words[random.below(words.count)])
            }
        }
        // A text ends on a word, not a marker (markers stand before what they mark).
        while let last = tokens.last, markers.contains(last) { tokens.removeLast() }
        return tokens.joined(separator: " ")
    }

    /// The property for one text at one width: lines fit, nothing is lost, no line but the last
    /// ends on a marker, and no line holds only short tokens while the text has a longer one.
    static func check(_ text: String, width: Int) {
        let lines = AppViewText.wrap(text, width: width)
        let squeezed = { (text: String) in text.filter { $0 != " " } }
        #expect(squeezed(lines.joined()) == squeezed(text), "width \(width): '\(text)' → \(lines)")
        let hasLongToken = text.split(separator: " ").contains { DisplayWidth.of(String($0)) > 3 }
        for (index, line) in lines.enumerated() {
            #expect(DisplayWidth.of(line) <= width, "width \(width): '\(line)' is too wide")
            let tokens = line.split(separator: " ").map(String.init)
            if index < lines.count - 1, let last = tokens.last {
                #expect(!AppViewText.isMarker(last), "width \(width): '\(line)' ends on a marker in \(lines)")
            }
            if hasLongToken, lines.count > 1, tokens.count == 1 {
                #expect(DisplayWidth.of(tokens[0]) > 3, "width \(width): '\(line)' is a lone short token in \(lines)")
            }
            if index < lines.count - 1, hasLongToken {
                #expect(!tokens.allSatisfy { DisplayWidth.of($0) <= 3 },
                        "width \(width): '\(line)' holds only short tokens in \(lines)")
            }
        }
    }

    @Test func randomTextsAtEveryWidth() {
        var random = SplitMix64(seed: 22)
        for width in 20...200 {
            for _ in 0..<12 {
                Self.check(Self.text(&random), width: width)
            }
        }
    }

    /// Texts with wider gaps (two or three spaces, as the log puts between a URL and its outcome): no
    /// line after the first starts with a space, so a wrapped line is indented as every other one.
    @Test func aWrappedLineStartsAtItsFirstWord() {
        var random = SplitMix64(seed: 9)
        for width in 12...120 {
            for _ in 0..<12 {
                let words = Self.text(&random).split(separator: " ")
                let text = words.map { String($0) + String(repeating: " ", count: 1 + random.below(3)) }
                    .joined().trimmingCharacters(in: .whitespaces)
                let lines = AppViewText.wrap(text, width: width)
                #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width): \(lines)")
                for line in lines.dropFirst() {
                    #expect(!line.hasPrefix(" ") && !line.isEmpty, "width \(width): '\(line)' in \(lines)")
                }
            }
        }
    }

    /// The cases the trial met, as a table: the number stays with its text, the arrow with its
    /// target, and a long URL starts on the line where its first component fits.
    @Test func theCasesMetInTheTrial() {
        let cases: [(text: String, width: Int, lines: [String])] = [
            ("nearest app://search/:q0/:p1<int>/:p2<int>: segment 2", 30,
             ["nearest app://search/:q0/", ":p1<int>/:p2<int>: segment 2"]),
            ("12:00:01 ▸\u{A0}#3\u{A0}app://order/42/track ✓ handled", 24,
             ["12:00:01 ▸ #3 app://", "order/42/track ✓ handled"]),
            ("satisfy • fewer = app://comment/group15/shoes?sort=price", 20,
             ["satisfy • fewer", "= app://comment/", "group15/shoes?sort=", "price"]),
            ("matched app://order/:id<int> → OrderDetail", 30, ["matched app://order/:id<int>", "→ OrderDetail"]),
            ("✓ handled by app://order/:id<int>/track", 12, ["✓ handled by", "app://order/", ":id<int>/", "track"]),
        ]
        for entry in cases {
            #expect(AppViewText.wrap(entry.text, width: entry.width) == entry.lines, "\(entry.text)")
        }
    }

    /// The log's own lines, folded and unfolded, at widths 20–200: an entry's number (`#12`) never
    /// ends a line, and no line is a lone short token.
    @Test func logLinesKeepTheNumberWithItsText() {
        var random = SplitMix64(seed: 3)
        var entries: [RouteLogEntry] = []
        for id in 1...12 {
            var entry = RouteLogEntry(id: id, url: Self.url(&random), matchedPattern: Self.url(&random),
                                      target: "OrderDetail",
                                      steps: [.init(kind: "handler", name: "Order", detail: "push Order #\(id)",
                                                    seconds: 0.000_2)],
                                      outcome: "handled by \(Self.url(&random))", isHandled: id % 3 != 0,
                                      seconds: 0.001)
            entry.time = Double(id)
            entry.nearest = id % 3 == 0 ? Self.url(&random) + ": segment 1: 'abc' does not satisfy <int>" : nil
            entries.append(entry)
            var event = RouteLogEntry(id: -id, url: "", outcome: "", isHandled: true, seconds: 0)
            event.event = "resume #\(id) \(Self.url(&random)) as #\(id + 1)"
            event.sequence = -id
            entries.append(event)
        }
        for width in 20...200 {
            for expanded in [false, true] {
                let lines = AppView.logLines(entries, width: width, expanded: { _ in expanded }).map(\.text)
                for (index, line) in lines.enumerated() {
                    let tokens = line.split(separator: " ")
                    // `▸ #3`, `resume #3` (an entry's or an event's number) with its text on the next line.
                    if tokens.count >= 2, let last = tokens.last, last.hasPrefix("#"),
                       last.dropFirst().allSatisfy(\.isNumber), index + 1 < lines.count,
                       ["▸", "▾", "resume", "hold", "cancel"].contains(tokens[tokens.count - 2]) {
                        Issue.record("width \(width): '\(line)' ends on its number")
                    }
                    #expect(tokens.count != 1 || tokens[0].count > 3, "width \(width): '\(line)' is a lone short token")
                }
            }
        }
    }
}
