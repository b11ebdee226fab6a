/// What happened during one `open`, step by step: delivered to observers and kept in the router's history.
public struct RouteTrace: Sendable, CustomStringConvertible {
    /// One step of a navigation.
    public struct Step: Sendable, Equatable, CustomStringConvertible {
        /// What kind of step.
        public enum Kind: String, Sendable, Equatable {
            /// A URL matched a route (or none): every URL of a redirect chain gets one, in order.
            case match
            /// A relocation-table entry applied.
            case relocation
            /// A static redirect applied.
            case redirect
            /// An interceptor decided.
            case interceptor
            /// The handler ran.
            case handler
            /// The fallback handler ran.
            case fallback
            /// The app placed (or could not place) what the handler produced.
            case placement
        }
        /// What kind of step.
        public let kind: Kind
        /// Who acted (interceptor name, redirect pattern…).
        public let name: String
        /// What it decided.
        public let detail: String
        /// How long it took, in seconds.
        public let seconds: Double

        /// One line, for logs and the terminal's route log.
        public var description: String {
            guard kind == .match else {
                // A rewrite reads `redirect app://a → app://b`, with no colon between the rule and its arrow.
                let joint = detail.hasPrefix("→") ? " " : ": "
                return "\(kind.rawValue) \(name)\(joint)\(detail) (\(RouteTrace.format(seconds)))"
            }
            return detail.hasPrefix("→") ? "matched \(name) \(detail)" : "\(detail): \(name)"
        }
    }

    /// A number identifying the open, increasing per router.
    public let id: Int
    /// The URL as given.
    public let url: String
    /// The URL in normalised form, when it parsed.
    public internal(set) var normalized: String?
    /// The patterns that matched the (last) URL, best first.
    public internal(set) var candidates: [String] = []
    /// The pattern of the route that handled the open (the last match of a redirect chain); every match on
    /// the way is a ``Step/Kind/match`` step.
    public internal(set) var matchedPattern: String?
    /// The winning route's target.
    public internal(set) var target: String?
    /// Interceptor decisions, redirects and the handler, in order.
    public internal(set) var steps: [Step] = []
    /// How the open ended.
    public internal(set) var outcome: RouteOutcome = .cancelled(reason: "not finished")
    /// Total time in seconds.
    public internal(set) var seconds: Double = 0
    /// The callback URL the open named (`x-success`, `x-error`, `x-cancel`, `callBack`, `callbackURL`), if any, and
    /// how opening it ended.
    public internal(set) var callback: CallbackResult?

    /// A callback URL opened (or refused) after an open ended.
    public struct CallbackResult: Sendable, CustomStringConvertible {
        /// The callback URL, with the result added.
        public let url: String
        /// How it ended: its own open's outcome, or `rejected` by `CallbackAllowList`.
        public let outcome: RouteOutcome
        /// The number of the callback's own open, when it was opened.
        public let openID: Int?

        /// One line: `callback URL: outcome`.
        public var description: String { "callback \(url)" + (openID.map { " (#\($0))" } ?? "") + ": \(outcome)" }
    }

    init(id: Int, url: String) {
        self.id = id
        self.url = url
    }

    static func format(_ seconds: Double) -> String {
        if seconds < 0.001 { return "\(Int((seconds * 1_000_000).rounded())) µs" }
        return "\(Int((seconds * 1000).rounded())) ms"
    }

    /// A multi-line account of the open.
    public var description: String {
        var lines = ["#\(id) open \(url)"]
        if let normalized, normalized != url { lines.append("  normalised: \(normalized)") }
        // The candidates are the last URL's: they come just before its match step, after the
        // redirects and interceptors that led to that URL.
        let candidatesAt = steps.lastIndex { $0.kind == .match } ?? steps.count
        for (index, step) in steps.enumerated() {
            if index == candidatesAt, !candidates.isEmpty {
                lines.append("  candidates: \(candidates.joined(separator: ", "))")
            }
            lines.append("  \(step)")
        }
        if candidatesAt == steps.count, !candidates.isEmpty {
            lines.append("  candidates: \(candidates.joined(separator: ", "))")
        }
        lines.append("  outcome: \(outcome) in \(Self.format(seconds))")
        if let callback { lines.append("  \(callback)") }
        return lines.joined(separator: "\n")
    }
}
