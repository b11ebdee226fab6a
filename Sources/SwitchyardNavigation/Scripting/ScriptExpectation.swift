/// What an `expect` line of a script checks, read from the line: the type beside
/// ``NavigationCommand`` for the other kind of script line.
///
/// `expect top TITLE`, `expect stack STATE` (the compact state, `[Orders] Orders > Order #42`),
/// `expect outcome CODE` (of the last open), `expect transition KIND`, `expect held URL|none`,
/// `expect login yes|no`, `expect error`, `expect ok`.
public enum ScriptExpectation: Hashable, Sendable, CustomStringConvertible {
    /// The top screen's title.
    case top(String)
    /// The whole state, as ``NavigationState/compactDescription`` writes it.
    case stack(String)
    /// The last open's outcome code (`RouteOutcome.code`); `redirected` matches any redirected outcome.
    case outcome(String)
    /// The last step's transition kind, or its main step's.
    case transition(String)
    /// The held navigation's URL, or `none`.
    case held(String)
    /// Whether the user is logged in.
    case login(Bool)
    /// The last step failed.
    case error
    /// The last step did not fail.
    case ok

    /// Every outcome code `expect outcome` accepts: the codes of `RouteOutcome.code`, plus `none`.
    public static let outcomeCodes = ["handled", "not_found", "declined", "rejected", "redirected", "redirect_loop",
                                      "timed_out",
                                      "cancelled", "vetoed", "placement_failed", "invalid_url", "failed", "none"]

    /// Reads what follows `expect` on a script line.
    /// - Throws: ``CommandParseError`` naming what is wrong (an unknown expectation, an unknown
    ///   outcome code, a login value other than yes or no).
    public init(parsing spec: String) throws(CommandParseError) {
        let trimmed = spec.trimmingBlanks
        let what: String
        let value: String
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            what = String(trimmed[..<space])
            value = String(trimmed[space...]).trimmingBlanks
        } else {
            (what, value) = (trimmed, "")
        }
        if ["top", "stack", "transition", "held"].contains(what), value.isEmpty {
            let placeholder = what == "held" ? "URL|none" : what == "stack" ? "STATE" : what == "top" ? "TITLE" : "KIND"
            throw CommandParseError("expect \(what) needs a value (expect \(what) \(placeholder))")
        }
        switch what {
        case "top": self = .top(value)
        case "stack": self = .stack(value)
        case "outcome":
            guard Self.outcomeCodes.contains(value) else {
                let codes = Self.outcomeCodes.joined(separator: ", ")
                let hint = didYouMean(value, among: Self.outcomeCodes)
                throw CommandParseError("unknown outcome code '\(value)'\(hint) (\(codes))")
            }
            self = .outcome(value)
        case "transition": self = .transition(value)
        case "held": self = .held(value)
        case "login":
            guard value == "yes" || value == "no" else { throw CommandParseError("expect login needs yes or no") }
            self = .login(value == "yes")
        case "error": self = .error
        case "ok": self = .ok
        default:
            let kinds = ["top", "stack", "outcome", "transition", "held", "login", "error", "ok"]
            throw CommandParseError(
                "unknown expectation '\(what)'\(didYouMean(what, among: kinds)) (\(kinds.joined(separator: ", ")))")
        }
    }

    /// The expectation as written after `expect` (`top Order #42`, `login yes`).
    public var description: String {
        written.trimmingBlanks
    }

    private var written: String {
        switch self {
        case .top(let v): "top \(v)"
        case .stack(let v): "stack \(v)"
        case .outcome(let v): "outcome \(v)"
        case .transition(let v): "transition \(v)"
        case .held(let v): "held \(v)"
        case .login(let yes): "login \(yes ? "yes" : "no")"
        case .error: "error"
        case .ok: "ok"
        }
    }
}
