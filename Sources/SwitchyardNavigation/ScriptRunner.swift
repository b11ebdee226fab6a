import Switchyard

/// Runs navigation scripts against an ``AppRuntime``: one command a line, headless.
///
/// Commands: `open URL`, `back`, `dismiss`, `tab N` (1-based), `tap N` (the N-th link of the top
/// screen), `login`, `logout`, `discard` (drop the top screen's leave guard), `expect top TITLE`,
/// `expect stack STATE` (the compact state, e.g. `[Orders] Orders > Order #42 ^ Login`),
/// `expect outcome CODE` (`handled`, `not_found`, `rejected`, …, of the last open), `expect error`
/// / `expect ok` (of the last step), and `#` comments. After each line the runner prints the state, the
/// transition and the trace. A bad line prints an error with its line number and the run goes on; a
/// failed `expect` makes ``failures`` non-zero.
@MainActor
public final class ScriptRunner {
    /// The app being driven.
    public let runtime: AppRuntime
    /// How many `expect` lines failed, plus how many lines could not be run.
    public private(set) var failures = 0
    /// How many `expect` lines passed.
    public private(set) var passedExpectations = 0
    /// Print traces after each open (on by default).
    public var showTraces: Bool
    private var last: StepReport?
    private let output: (String) -> Void

    /// Creates a runner that writes its report through `output`, one line per call.
    public init(runtime: AppRuntime, showTraces: Bool = true, output: @escaping (String) -> Void) {
        self.runtime = runtime
        self.showTraces = showTraces
        self.output = output
    }

    /// Runs every line of `text`; returns true when no expectation failed and every line ran.
    @discardableResult
    public func run(_ text: String) async -> Bool {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            await run(line: String(line), number: number)
        }
        output("# \(passedExpectations) passed, \(failures) failed")
        return failures == 0
    }

    /// Runs one line (1-based `number` for messages).
    public func run(line raw: String, number: Int) async {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { return }
        let (word, rest) = Self.split(line)
        let report: StepReport
        switch word {
        case "open":
            guard !rest.isEmpty else { return bad(number, "open needs a URL") }
            report = await runtime.open(rest)
        case "back": report = runtime.back()
        case "dismiss": report = runtime.dismiss()
        case "tab":
            guard let n = Int(rest) else { return bad(number, "tab needs a number (1-based)") }
            report = await runtime.selectTab(n - 1)
        case "tap":
            guard let n = Int(rest) else { return bad(number, "tap needs a link number (1-based)") }
            report = await runtime.tap(n)
        case "login": report = await runtime.login()
        case "logout": report = runtime.logout()
        case "discard": report = runtime.discardGuard()
        case "expect":
            expect(rest, number)
            return
        default:
            return bad(number, "unknown command '\(word)' (open, back, dismiss, tab, tap, login, logout, discard, expect)")
        }
        last = report
        print(report, number)
    }

    private func bad(_ number: Int, _ message: String) {
        failures += 1
        output("line \(number): error: \(message)")
    }

    private static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
        return (String(line[..<space]), line[space...].trimmingCharacters(in: .whitespaces))
    }

    private func print(_ r: StepReport, _ number: Int) {
        output("> \(SafeText.visible(r.command))")
        output("  state: \(SafeText.visible(r.state.compactDescription))")
        if r.transition != .none { output("  transition: \(r.transition)") }
        if let outcome = r.outcome { output("  outcome: \(SafeText.visible(outcome.description))") }
        if let m = r.message { output("  \(r.isError ? "error" : "note"): \(SafeText.visible(m))") }
        if showTraces, let t = r.trace {
            for l in t.description.split(separator: "\n").dropFirst() {
                output("  trace: " + SafeText.visible(l.trimmingCharacters(in: .whitespaces)))
            }
        }
    }

    private func expect(_ spec: String, _ number: Int) {
        let (what, value) = Self.split(spec)
        let state = runtime.state
        let ok: Bool
        let actual: String
        switch what {
        case "top":
            actual = state.top.title
            ok = actual == value
        case "stack":
            actual = state.compactDescription
            ok = actual == value
        case "outcome":
            // The final outcome's code; `redirected` matches any redirected outcome.
            actual = last?.outcome?.code ?? "none"
            if case .redirected = last?.outcome, value == "redirected" { ok = true } else { ok = actual == value }
        case "error":
            actual = last.map { $0.isError ? "error" : "ok" } ?? "none"
            ok = actual == "error"
        case "ok":
            actual = last.map { $0.isError ? "error" : "ok" } ?? "none"
            ok = actual == "ok"
        case "transition":
            actual = last.map { Self.kind($0.transition) } ?? "none"
            ok = actual == value
        default:
            return bad(number, "unknown expectation '\(what)' (top, stack, outcome, transition, error, ok)")
        }
        if ok {
            passedExpectations += 1
            output("line \(number): ok: expect \(what)\(value.isEmpty ? "" : " \(value)")")
        } else {
            failures += 1
            output("line \(number): FAILED: expect \(what)\(value.isEmpty ? "" : " \(value)"), got \(actual)")
        }
    }

    /// The transition's kind as one word (`push`, `pop`, `present`…), for `expect transition`.
    static func kind(_ t: Transition) -> String {
        switch t {
        case .push: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .present: "present"
        case .dismiss: "dismiss"
        case .tabSwitch: "tabSwitch"
        case .rootReplaced: "rootReplaced"
        case .replace: "replace"
        case .none: "none"
        }
    }
}

/// Makes text safe to print: control and bidirectional-override characters are shown escaped.
enum SafeText {
    /// `text` with C0/C1 controls, DEL and bidi controls replaced by `\u{XXXX}`.
    static func visible(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            let v = u.value
            let unsafe = v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
            if unsafe {
                out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

import Foundation
