import Switchyard
import SwitchyardNavigation
import TerminalKit

/// One open in the route log: a ``RouteTrace`` reduced to what the log panel shows.
package struct RouteLogEntry: Hashable, Sendable {
    /// One interceptor decision, redirect, relocation or handler run.
    package struct Step: Hashable, Sendable {
        /// `interceptor`, `redirect`, `relocation`, `handler` or `fallback`.
        package var kind: String
        /// Who acted.
        package var name: String
        /// What it decided.
        package var detail: String
        /// How long it took, in seconds.
        package var seconds: Double

        /// Creates a step.
        package init(kind: String, name: String, detail: String, seconds: Double) {
            self.kind = kind
            self.name = name
            self.detail = detail
            self.seconds = seconds
        }
    }

    /// The trace's number (for an event, its timeline number).
    package var id: Int
    /// The entry's place in the timeline (for an entry made from a bare trace, the trace's number).
    package var sequence: Int
    /// For an open that resumed a held navigation after login: the number of the held open.
    package var resumes: Int?
    /// For an open the login gate held: how the hold ended so far (held, resumed as #n, cancelled).
    package var fate: String?
    /// Whether ``fate`` is a failure (the hold was cancelled).
    package var fateIsFailure = false
    /// For a timeline event that is not an open (hold, resume, cancel, login, back…): its line.
    package var event: String?
    /// Seconds since the app started, when known.
    package var time: Double?
    /// The URL as given.
    package var url: String
    /// The normalised URL, when it differs from ``url``.
    package var normalized: String?
    /// The patterns that matched, best first.
    package var candidates: [String]
    /// The winning pattern.
    package var matchedPattern: String?
    /// The winning route's target.
    package var target: String?
    /// Interceptor decisions, redirects and the handler, in order.
    package var steps: [Step]
    /// The outcome in words.
    package var outcome: String
    /// Whether the open ended handled (after any redirects).
    package var isHandled: Bool
    /// Total time in seconds.
    package var seconds: Double
    /// For an open no route matched: the nearest route and its verdict
    /// (`app://order/:id<int>: 'abc' does not satisfy <int>`), shown on the folded line too.
    package var nearest: String?

    /// Creates an entry from its parts.
    package init(
        id: Int,
        url: String,
        normalized: String? = nil,
        candidates: [String] = [],
        matchedPattern: String? = nil,
        target: String? = nil,
        steps: [Step] = [],
        outcome: String,
        isHandled: Bool,
        seconds: Double
    ) {
        self.id = id
        self.sequence = id
        self.url = url
        self.normalized = normalized
        self.candidates = candidates
        self.matchedPattern = matchedPattern
        self.target = target
        self.steps = steps
        self.outcome = outcome
        self.isHandled = isHandled
        self.seconds = seconds
    }

    /// The entry for a timeline event.
    package init(_ event: TimelineEvent) {
        switch event.kind {
        case .open(let trace):
            self.init(trace)
        default:
            self.init(id: event.sequence, url: "", outcome: "", isHandled: true, seconds: 0)
            self.event = event.description
        }
        sequence = event.sequence
        time = event.time
    }

    /// The entry for a router trace.
    package init(_ trace: RouteTrace) {
        self.init(
            id: trace.id,
            url: trace.url,
            normalized: trace.normalized == trace.url ? nil : trace.normalized,
            candidates: trace.candidates,
            matchedPattern: trace.matchedPattern,
            target: trace.target,
            steps: trace.steps.map { Step(kind: $0.kind.rawValue, name: $0.name, detail: $0.detail,
                                          seconds: $0.seconds) },
            outcome: Self.summary(trace.outcome),
            isHandled: trace.outcome.isHandled,
            seconds: trace.seconds
        )
    }

    /// The outcome in a few words: `handled by PATTERN`, `redirected A → B, then …`, or the failure.
    /// A not-found open says `not found` without its URL, which the entry's line already shows
    /// (after a redirect, the URL that was not found is the chain's last).
    static func summary(_ outcome: RouteOutcome) -> String {
        switch outcome {
        case .handled(let pattern, _):
            "handled by \(pattern)"
        case .redirected(let chain, let final):
            "redirected " + chain.joined(separator: " → ") + ", then " + summary(final)
        case .notFound:
            "not found"
        default:
            outcome.description
        }
    }

    /// When an event happened, from the app's start: `12.3s`.
    package static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?s" }
        let tenths = Int(min(seconds * 10, 1e12).rounded())
        return "\(tenths / 10).\(tenths % 10)s"
    }

    /// A duration as the router's traces write it: `12 µs` below a millisecond, else `3 ms`.
    package static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else {
            return "? µs"
        }
        if seconds < 0.001 {
            return "\(Int((seconds * 1_000_000).rounded())) µs"
        }
        return "\(Int(min(seconds * 1000, 1e12).rounded())) ms"
    }

    /// The same entry with its texts passed through `show` (which names a generated index screen
    /// instead of showing its internal URL); a match of a pattern that `standIn` has words for (the
    /// stand-in login screen of a route file) says those words alone, without the made-up target.
    package func showing(_ show: (String) -> String,
                         standIn: (String) -> String? = { _ in nil }) -> RouteLogEntry {
        var copy = self
        if let pattern = matchedPattern, let words = standIn(pattern) {
            copy.matchedPattern = words
            copy.target = nil
        }
        copy.steps = steps.map { step in
            guard step.kind == "match", let words = standIn(step.name) else { return step }
            var step = step
            (step.name, step.detail) = (words, "")
            return step
        }
        copy.url = show(url)
        copy.normalized = normalized.map(show)
        copy.candidates = candidates.map(show)
        copy.matchedPattern = copy.matchedPattern.map(show)
        copy.outcome = show(outcome)
        copy.nearest = nearest.map(show)
        copy.event = event.map(show)
        copy.steps = copy.steps.map { step in
            var step = step
            step.name = show(step.name)
            step.detail = show(step.detail)
            return step
        }
        return copy
    }

    /// The same entry with every time set to `seconds` (for stable test snapshots).
    package func withTimes(_ seconds: Double) -> RouteLogEntry {
        var copy = self
        copy.seconds = seconds
        if copy.time != nil { copy.time = seconds }
        copy.steps = steps.map { step in
            var step = step
            step.seconds = seconds
            return step
        }
        return copy
    }
}
