// ConstraintTiming: per-check time of Switchyard's segment constraints on 256-character adversarial
// segments, next to NSRegularExpression, in a release build. Not a fuzz target and not a unit test
// (timings are printed, never asserted):
//
//     swift run -c release --package-path Fuzz ConstraintTiming
//
// The constraint list and the adversarial segments are those of
// Tests/SwitchyardTests/RegexSafetyTests.swift (kept in step by hand). The refused catastrophic
// patterns are only compiled, to show that registration refuses them without running them.
import Foundation
import Switchyard

let safe: [String] = [
    #"[0-9]+"#, #"\d{11}"#, #"1[3-9]\d{9}"#, #"[a-zA-Z_-]+"#, #"[0-9a-fA-F]+"#, #"[A-Z0-9-]+"#,
    #"SKU-[0-9]{4}"#, #"[a-z]+-[0-9]+"#, #"(foo|bar)"#, #"cat|car"#, #"colou?r"#, #"(ab|cd)+"#,
    #"v[0-9]+(\.[0-9]+)*"#, #"([a-z]+-)*[a-z]+"#, #"(\d{1,3}\.){3}\d{1,3}"#, #"(a{2})+"#, #"(ab?)+"#,
    #".*foo.*"#, #"a+b+"#, #"(a|b)+"#, #"[a-z]+\d?"#, #"(a+)?"#, #"\d{1,3}\d"#, #"[^/]+"#, #"\w+"#,
    #"[a-z0-9]+(-[a-z0-9]+)*"#, #"[A-Za-z]{2,8}"#, #"\d{4}-\d{2}-\d{2}"#,
    #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, #"(en|fr|de)(-[A-Z]{2})?"#,
    #"x*y"#, #"[a-z]*[0-9]+"#, #".+"#, #"a{0,100}b?"#, #"(/[^/]+)+"#, #"[a-z]{1,32}(\.[a-z]{1,32})*"#,
]

let catastrophic: [String] = [
    #"(a+)+"#, #"([a-zA-Z]+)*"#, #"(a|aa)+"#, #"(a|a?)+"#, #"(.*a){20}"#, #"^(\d+)+$"#, #"(\d+)*x"#,
    #"(x+x+)+y"#, #"(\w+\s?)+"#, #"(\s*\w+\s*)+"#, #"^(([a-z])+.)+[A-Z]([a-z])+$"#,
    #"^[a-zA-Z]+(([',.-][a-zA-Z ])?[a-zA-Z]*)*$"#, #"([a-z0-9]+[-]?)+"#, #"(a*)*b"#, #"(?:a+)+"#,
    #"((ab)*)+"#, #"(a{1,10}){1,10}"#, #"(a|b|ab)*c"#, #"(\w|\d)+"#, #"(ab|a)+c"#, #"(x|x)*y"#,
    #"\d+\d+x"#, #".*.*=.*"#, #"[a-z]+\w+"#, #"\d*\.?\d*e"#, #"a*a*a*a*b"#, #"(a+)\1"#, #"(\w+)\s\1"#,
    #"(?=a+)a*b"#, #"(?!x)\w+"#,
]

func adversarial() -> [String] {
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

func nanoseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
}

/// Mean nanoseconds per call of `body` over all inputs, repeated until at least 20 ms have passed.
func measure(_ inputs: [String], _ body: (String) -> Bool) -> (ns: Double, matched: Int) {
    let clock = ContinuousClock()
    var matched = 0
    for s in inputs where body(s) { matched += 1 }   // warm-up, and the match count
    var calls = 0
    var sink = 0
    let start = clock.now
    repeat {
        for s in inputs where body(s) { sink &+= 1 }
        calls += inputs.count
    } while clock.now - start < .milliseconds(20)
    let total = nanoseconds(clock.now - start)
    if sink == -1 { print("") }
    return (total / Double(calls), matched)
}

let inputs = adversarial()
print("Segment constraints on \(inputs.count) adversarial 256-character ASCII segments (release build)")
print("")
func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : s + String(repeating: " ", count: w - s.count) }
func num(_ x: Double) -> String { String(format: "%9.1f", x) }
print(pad("constraint", 64) + "  Switchyard ns/check  NSRegularExpression ns/check  matched  agree")
var worst = 0.0
var all: [Double] = []
for regex in safe {
    let c: SegmentConstraint
    do { c = try SegmentConstraint(regex: regex) } catch { print("\(regex): REFUSED \(error)"); continue }
    let ours = measure(inputs) { c.matches($0) }
    guard let ns = try? NSRegularExpression(pattern: "^(?:" + regex + ")$") else { print("\(regex): NSRegularExpression refuses it"); continue }
    let theirs = measure(inputs) { ns.firstMatch(in: $0, range: NSRange(location: 0, length: ($0 as NSString).length)) != nil }
    worst = max(worst, ours.ns)
    all.append(ours.ns)
    print(pad(regex, 64) + "  " + num(ours.ns) + "            " + num(theirs.ns) + "                    "
          + String(format: "%4d", ours.matched) + "     " + (ours.matched == theirs.matched ? "yes" : "NO"))
}
all.sort()
print("")
print(String(format: "Switchyard per check: median %.1f ns, worst %.1f ns (%d constraints)", all[all.count / 2], worst, all.count))

print("")
print("Catastrophic constraints, refused at registration (compile time per pattern):")
let clock = ContinuousClock()
for regex in catastrophic {
    let t0 = clock.now
    let result: String
    do { _ = try SegmentConstraint(regex: regex); result = "ACCEPTED" } catch { result = "\(error.reason)" }
    let ns = nanoseconds(clock.now - t0)
    print(pad(regex, 48) + "  " + pad(result, 32) + String(format: "%8.1f µs", ns / 1000))
}
