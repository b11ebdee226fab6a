import FuzzSupport
import Switchyard

// FuzzPatterns: bytes → a few pattern lines and URL lines → a route table → lookups.
//
// Input layout: lines separated by `\n`. The first byte's low two bits plus one (1...4) is the number
// of pattern lines that follow it; the remaining lines (at most 6) are URLs.
//
// Checks:
// - compiling a pattern never crashes (an error is fine); a compiled pattern prints canonical text that
//   compiles back to an equal pattern, which prints the same text;
// - for every URL, the trie's winner is the first of the reference ranking
//   `RouteTable.candidates(for:)` (each pattern checked one by one, sorted by rank vector, priority and
//   order), and the trie matches exactly when the reference finds a candidate;
// - `RouteTable.match` refuses exactly the URLs `RouteURL` refuses;
// - a parameter holds exactly the decoded segment at its depth (a decoded `/` or `\` is data and never
//   splits it; the host lowercased), never `.` or `..`; a catch-all holds the decoded segments from its
//   depth on, joined with `/` (`captureViolation` in FuzzSupport).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let patternCount = Int(data[0] & 3) + 1
    let all = lines(data + 1, size - 1, limit: patternCount + 6)
    let patternLines = all.prefix(patternCount)
    let urlLines = all.dropFirst(patternCount)

    var builder = RouteTableBuilder<Int>()
    for (i, text) in patternLines.enumerated() {
        let pattern: RoutePattern
        do throws(PatternError) { pattern = try RoutePattern(text) } catch { continue }
        let canonical = pattern.description
        do throws(PatternError) {
            let again = try RoutePattern(canonical)
            check(again == pattern, "canonical text \(swiftLiteral(canonical)) compiles to another pattern", input: swiftLiteral(text))
            check(again.description == canonical, "canonical text is not a fixed point: \(swiftLiteral(canonical)) → \(swiftLiteral(again.description))",
                  input: swiftLiteral(text))
        } catch {
            finding("canonical text \(swiftLiteral(canonical)) does not compile: \(error)", input: swiftLiteral(text))
        }
        // Alternate priorities so that ties are broken both ways.
        do throws(RegistrationError) { try builder.add(pattern, target: i, priority: i % 2) } catch { continue }
    }
    let table = builder.build()
    let patternsText = builder.routes.map { swiftLiteral($0.pattern.description) }.joined(separator: ", ")

    for url in urlLines {
        let context = "patterns [\(patternsText)], url \(swiftLiteral(url))"
        let parsed: RouteURL?
        do throws(URLParseError) { parsed = try RouteURL(url) } catch { parsed = nil }
        let match: RouteMatch<Int>?
        do throws(URLParseError) {
            match = try table.match(url)
            check(parsed != nil, "RouteTable.match accepts a URL that RouteURL refuses", input: context)
        } catch {
            check(parsed == nil, "RouteTable.match refuses (\(error)) a URL that RouteURL accepts", input: context)
            continue
        }
        guard let parsed else { continue }
        let reference = table.candidates(for: parsed).first
        check(match?.pattern.description == reference,
              "trie winner \(match.map { swiftLiteral($0.pattern.description) } ?? "nil") is not the reference winner \(reference.map(swiftLiteral) ?? "nil")",
              input: context)
        guard let match else { continue }
        if let why = captureViolation(match, parsed) { finding(why, input: context) }
    }
    return 0
}
