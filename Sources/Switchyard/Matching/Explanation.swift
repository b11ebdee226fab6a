/// Why each candidate route won or lost for one URL (the answer of `RouteTable.explain(_:)`).
package struct Explanation: Sendable, CustomStringConvertible {
    /// One route considered.
    package struct Candidate: Sendable, Equatable {
        /// The route's pattern text.
        package let pattern: String
        /// Whether the route matches the URL.
        package let matched: Bool
        /// Why it won, lost, or did not match.
        package let verdict: String

        /// Creates a candidate.
        package init(pattern: String, matched: Bool, verdict: String) {
            self.pattern = pattern
            self.matched = matched
            self.verdict = verdict
        }
    }

    /// The URL explained.
    package let url: String
    /// The parse error, when the URL is invalid.
    package let error: URLParseError?
    /// The winning pattern, if any.
    package let winner: String?
    /// The routes considered (those whose scheme and host fit), winner first, then other matches in
    /// rank order, then the routes that did not match.
    package let candidates: [Candidate]
    /// When no anchored route shares the scheme and host, the nearest others are listed (at most five);
    /// this is how many more there are.
    package var unlisted = 0

    /// Creates an explanation.
    package init(url: String, error: URLParseError?, winner: String?, candidates: [Candidate]) {
        self.url = url
        self.error = error
        self.winner = winner
        self.candidates = candidates
    }

    /// A readable report, one candidate a line: `✓` before the winner, `✗` before every other.
    package var description: String {
        var lines = ["explain \(url)"]
        if let error { lines.append("  invalid URL: \(error)") }
        lines.append("  winner: \(winner ?? "none")")
        // ✓ marks the route that wins, and only it; a route that matched but lost, or would win but is
        // not opened (a relocation deletes it), is ✗ like one that did not match: its verdict says which.
        for c in candidates {
            lines.append("  \(c.verdict.hasPrefix("won") ? "✓" : "✗") \(c.pattern): \(c.verdict)")
        }
        if unlisted > 0 { lines.append("  … \(unlisted) more route\(unlisted == 1 ? "" : "s"), less near") }
        return lines.joined(separator: "\n")
    }
}
