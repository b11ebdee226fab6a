import Foundation
import Switchyard

/// Runs navigation scripts against an ``AppRuntime``: one command a line, headless.
///
/// Commands are ``NavigationCommand`` lines (`open URL`, `back [ANIMATION]`, `dismiss [ANIMATION]`,
/// `tab N`, `tap N`, `login`, `logout`, `discard`), plus expectations: `expect top TITLE`,
/// `expect stack STATE` (the compact state, e.g. `[Orders] Orders > Order #42 ^ Log in`),
/// `expect outcome CODE` (of the last open: `open`, `tap`, `tab`, and a `login` that resumed),
/// `expect transition KIND`, `expect held URL|none`, `expect login yes|no`, `expect error` / `expect ok`
/// (of the last step), and `#` comments. Lines may end in LF or CRLF, and a UTF-8 byte order mark is
/// skipped. After each line the runner prints the command as written, the state, the transition and the
/// trace. A bad line prints an error with its line number and the run goes on; a failed `expect` or a bad
/// line makes ``failures`` non-zero. After every command the runner checks the hold rule
/// (``AppRuntime/holdViolation``) and counts a violation as a failure. A command that ends in an error
/// (a URL not found, `tab 9` in a four-tab app, `back` at a root) fails the script too, unless an
/// `expect error` or `expect outcome CODE` line follows it before the next command: a CI run does not
/// pass on a step that did nothing, and a script that means to test a failure says so.
@MainActor
public final class ScriptRunner {
    /// The app being driven.
    public let runtime: AppRuntime
    /// What the run counted so far: commands run, bad lines, expectations passed and failed.
    public private(set) var tally = ScriptTally()
    /// Set when a whole script had no step: a failure of its own.
    private var wasEmpty = false
    /// How many `expect` lines failed, plus how many lines could not be run and hold-rule violations
    /// (``ScriptTally/failures``), plus one for a script with no step.
    public var failures: Int { tally.failures + (wasEmpty ? 1 : 0) }
    /// How many `expect` lines passed.
    public var passedExpectations: Int { tally.expectationsPassed }
    /// Print traces after each open (on by default).
    public var showTraces: Bool
    /// The routes the script reached so far (see ``RouteCoverage``): the screens on show when the runner
    /// was made, then what its commands reached; a failed `expect` does not undo what its commands reached.
    public private(set) var coverage: RouteCoverage
    /// The line numbers of the commands whose error an `expect error` or `expect outcome` line checks
    /// (``begin(_:)``); nil before a script was begun, when errors are not checked for.
    private var checkedErrorLines: Set<Int>?
    private var last: StepReport?
    private var lastOpen: StepReport?
    /// Set when the last open was held for login and its hold was then cancelled: its callback's outcome.
    private var lastOpenCancelled = false
    private let output: (String) -> Void

    /// Every outcome code `expect outcome` accepts: the codes of `RouteOutcome.code`, plus
    /// `redirected` (any open that went through a redirect) and `none` (no open yet).
    public static let outcomeCodes = ScriptExpectation.outcomeCodes

    /// Creates a runner that writes its report through `output`, one line per call.
    public init(runtime: AppRuntime, showTraces: Bool = true, output: @escaping (String) -> Void) {
        self.runtime = runtime
        self.showTraces = showTraces
        self.output = output
        coverage = RouteCoverage(startingAt: runtime.state)
    }

    /// Reads a whole script before its lines run one by one through ``run(line:number:)``, so that a
    /// command that ends in an error can be told apart from one whose error the script expects.
    /// ``run(_:)`` calls it itself.
    public func begin(_ lines: [String]) {
        checkedErrorLines = Self.commandsWithCheckedErrors(lines)
    }

    /// The 1-based line numbers of the commands followed, before the next command, by an
    /// `expect error` or `expect outcome` line.
    nonisolated static func commandsWithCheckedErrors(_ lines: [String]) -> Set<Int> {
        var checked: Set<Int> = []
        var command: Int?
        for (index, line) in lines.enumerated() where isStep(line) {
            guard !isCommand(line) else {
                command = index + 1
                continue
            }
            guard let command else { continue }
            let spec = split(line.trimmingBlanks).1
            switch try? ScriptExpectation(parsing: spec) {
            case .error?, .outcome?: checked.insert(command)
            default: break
            }
        }
        return checked
    }

    /// Runs each command of a script; ``AppRuntime/perform(_:callback:)`` unless set (the terminal
    /// app's replay sets it so commands play with their animations, while expectations are still
    /// checked here).
    public var performer: ((NavigationCommand) async -> StepReport)?

    /// Splits a script into lines: LF, CRLF and a lone CR each end a line; a leading UTF-8 BOM is dropped.
    public nonisolated static func lines(of text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in scalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// Runs every line of `text`; returns true when no expectation failed and every line ran.
    @discardableResult
    public func run(_ text: String) async -> Bool {
        var number = 0
        var steps = 0
        let lines = Self.lines(of: text)
        begin(lines)
        for line in lines {
            number += 1
            if Self.isStep(line) { steps += 1 }
            await run(line: line, number: number)
        }
        if steps == 0 {
            // An empty script checks nothing: a CI step that runs one must not pass by accident.
            wasEmpty = true
            output("error: the script has no commands or expectations")
        }
        output("# \(tally)")
        return failures == 0
    }

    /// Runs one line (1-based `number` for messages).
    public func run(line raw: String, number: Int) async {
        guard Self.isStep(raw) else { return }
        let line = raw.trimmingBlanks
        let (word, rest) = Self.split(line)
        if word == "expect" {
            expect(rest, number)
            return
        }
        let command: NavigationCommand
        do throws(CommandParseError) { command = try NavigationCommand(parsing: line) } catch {
            return bad(number, error.message)
        }
        var report: StepReport
        let before = runtime.state
        if let performer {
            report = await performer(command)
        } else {
            report = await runtime.perform(command)
        }
        report.command = line
        tally.commandsRun += 1
        coverage.record(report, before: before, router: runtime.router)
        last = report
        if let cancelled = report.cancelledHold, cancelled.openID == lastOpen?.trace?.id { lastOpenCancelled = true }
        if report.isOpen {
            lastOpen = report
            lastOpenCancelled = false
        }
        print(report, number)
        if report.isError, let checked = checkedErrorLines, !checked.contains(number) {
            tally.uncheckedErrors += 1
            let expectation = report.outcome.map { "expect outcome \($0.code)" } ?? "expect error"
            output("line \(number): FAILED: `\(Self.capped(SafeText.visible(line)))` ended in an error; "
                   + "if that is meant, follow it with `\(expectation)`")
        }
        if let violation = runtime.holdViolation {
            tally.holdViolations += 1
            output("line \(number): FAILED: hold rule: \(SafeText.visible(violation))")
        }
    }

    /// Whether a script line does something: not blank and not a `#` comment.
    public nonisolated static func isStep(_ line: String) -> Bool {
        let trimmed = line.trimmingBlanks
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }

    /// Whether a script line is a command (a step that is not an `expect` line).
    public nonisolated static func isCommand(_ line: String) -> Bool {
        isStep(line) && !line.trimmingBlanks.hasPrefix("expect")
    }

    /// `text` cut to its first 300 characters (a binary file's lines are echoed, not flooded).
    static func capped(_ text: String) -> String {
        text.count <= 300 ? text : String(text.prefix(300)) + "… (\(text.count) characters)"
    }

    private func bad(_ number: Int, _ message: String) {
        tally.badLines += 1
        output("line \(number): error: \(SafeText.visible(message))")
    }

    nonisolated private static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
        return (String(line[..<space]), String(line[space...]).trimmingBlanks)
    }

    /// `text` as the report shows it: a generated index screen's internal URL named after its tab
    /// (`user index (tab 1)`), as the tab bar and `switchyard graph` name it, and made visible.
    private func shown(_ text: String) -> String {
        SafeText.visible(runtime.app.showingIndexNames(in: text))
    }

    private func print(_ r: StepReport, _ number: Int) {
        // The command is echoed as written; what it did names generated index screens after their tab.
        output("> \(Self.capped(SafeText.visible(r.command)))")
        output("  state: \(shown(r.state.compactDescription))")
        if r.transition != .none { output("  transition: \(shown(r.transition.summary))") }
        if let outcome = r.outcome { output("  outcome: \(shown(outcome.description))") }
        if let callback = r.trace?.callback {
            let opened = callback.openID.map { " as #\($0)" } ?? ""
            output("  callback: \(shown(callback.url))\(opened): \(shown(callback.outcome.description))")
        }
        if let m = r.message { output("  \(r.isError ? "error" : "note"): \(shown(m))") }
        if showTraces, let t = r.trace {
            for l in t.description.split(separator: "\n").dropFirst() {
                output("  trace: " + shown(l.trimmingCharacters(in: .whitespaces)))
            }
        }
    }

    private func expect(_ spec: String, _ number: Int) {
        let expectation: ScriptExpectation
        do throws(CommandParseError) { expectation = try ScriptExpectation(parsing: spec) } catch {
            return bad(number, error.message)
        }
        let state = runtime.state
        let ok: Bool
        let actual: String
        switch expectation {
        case .top(let value):
            actual = state.top.title
            ok = actual == value
        case .stack(let value):
            actual = state.compactDescription
            ok = actual == value
        case .outcome(let value):
            // The final outcome's code (`cancelled` once a held open's login screen went away);
            // `redirected` matches any redirected outcome.
            actual = lastOpenCancelled ? "cancelled" : lastOpen?.outcome?.code ?? "none"
            if case .redirected = lastOpen?.outcome, value == "redirected" { ok = true } else { ok = actual == value }
        case .error:
            actual = last.map { $0.isError ? "error" : "ok" } ?? "none"
            ok = actual == "error"
        case .ok:
            actual = last.map { $0.isError ? "error" : "ok" } ?? "none"
            ok = actual == "ok"
        case .transition(let value):
            let t = last?.transition ?? .none
            actual = t.kind
            ok = actual == value || t.mainStep.kind == value
        case .held(let value):
            actual = runtime.heldNavigation?.url ?? "none"
            ok = actual == value
        case .login(let yes):
            actual = runtime.isLoggedIn ? "yes" : "no"
            ok = runtime.isLoggedIn == yes
        }
        let written = SafeText.visible(expectation.description)
        if ok {
            tally.expectationsPassed += 1
            output("line \(number): ok: expect \(written)")
        } else {
            tally.expectationsFailed += 1
            output("line \(number): FAILED: expect \(written), got \(SafeText.visible(actual))")
        }
    }
}
