extension RoutePattern {
    /// Builds a URL from this pattern and parameter values, percent-encoding each value, so nobody
    /// concatenates URL strings by hand. A `/` in a parameter's value is written as `%2F`, so it stays
    /// in its segment; a host parameter's value is lowercased, as the matcher reads it.
    ///
    /// ```swift
    /// try RoutePattern("app://order/:id<int>").url(["id": "42"], query: [QueryItem(name: "from", value: "push")])
    /// // "app://order/42?from=push"
    /// ```
    /// - Parameters:
    ///   - parameters: a value for every parameter (optional ones may be left out).
    ///   - query: query items appended in order.
    ///   - defaultScheme: used when the pattern has no scheme.
    ///   - base: for a suffix pattern, the URL its segments are appended to (`app://user`); ignored otherwise.
    public func url(_ parameters: [String: String], query: [QueryItem] = [], defaultScheme: String? = nil,
                    base: String? = nil) throws(URLBuildError) -> String {
        let head: String
        if isSuffix {
            guard let base, let parsed = try? RouteURL(base), parsed.query.isEmpty, !base.contains("#"),
                  !base.contains("?"), let baseScheme = parsed.scheme, scheme == nil || scheme == baseScheme else {
                throw .suffixNeedsBase(pattern: description, base: base)
            }
            head = base.hasSuffix("/") ? String(base.dropLast()) : base
        } else {
            guard let scheme = scheme ?? defaultScheme else { throw .missingScheme(pattern: description) }
            head = scheme + "://"
        }
        // A suffix pattern's segments are all path segments.
        let shift = isSuffix ? 1 : 0
        var parts: [String] = []
        for (index, seg) in segments.enumerated() {
            let depth = index + shift
            switch seg {
            case .literal(let text):
                parts.append(PercentEncoding.encode(text, allowed: depth == 0 ? .hostSafe : .segmentSafe))
            case .parameter(let name, let c), .optional(let name, let c):
                guard let given = parameters[name] else {
                    if case .optional = seg { continue }
                    throw .missingParameter(name: name, pattern: description)
                }
                // The matcher sees the host lowercased: check and write it the same way.
                let value = depth == 0 ? given.asciiLowercased : given
                if value.isEmpty || value == "." || value == ".." { throw .invalidValue(name: name, value: value) }
                if let c, !c.matches(value) {
                    throw .constraintFailed(name: name, value: value, constraint: c.description)
                }
                parts.append(PercentEncoding.encode(value, allowed: depth == 0 ? .hostSafe : .segmentSafe))
            case .catchAll(let name):
                guard let value = parameters[name ?? "*"] else {
                    throw .missingParameter(name: name ?? "*", pattern: description)
                }
                let pieces = value.split(separator: "/", omittingEmptySubsequences: true)
                guard !pieces.isEmpty else { throw .invalidValue(name: name ?? "*", value: value) }
                parts.append(pieces.map { PercentEncoding.encode(String($0), allowed: .segmentSafe) }
                    .joined(separator: "/"))
            }
        }
        var s = head + (isSuffix ? "/" : "") + parts.joined(separator: "/")
        if !query.isEmpty {
            s += "?" + query.map {
                PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "="
                    + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
            }.joined(separator: "&")
        }
        return s
    }
}
