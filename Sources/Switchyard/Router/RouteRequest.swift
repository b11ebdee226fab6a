/// One navigation request as a handler and interceptors see it (WLRRoute's request, in Swift).
///
/// It carries the URL, the matched pattern, the path parameters, the query parameters, the native
/// parameters passed in-process, the route's metadata, and the caller's ``RouteCallback``.
public struct RouteRequest: Sendable, ParameterLookup {
    /// The URL, split and decoded.
    public let url: RouteURL
    /// The matched route's pattern.
    public let pattern: RoutePattern
    /// The matched route's target name.
    public let target: String
    /// The decoded path parameters.
    public let path: PathParameters
    /// Native (in-process) parameters.
    public var native: NativeParameters
    /// The matched route's metadata (for example `requiresLogin: "true"`).
    public let metadata: [String: String]
    /// The caller's completion; fires exactly once.
    public let callback: RouteCallback
    /// The URLs this navigation was redirected from, oldest first (empty when not redirected).
    public let redirectedFrom: [String]
    /// The number of the open this request belongs to (its trace's ``RouteTrace/id``); 0 outside an open.
    public internal(set) var openID: Int = 0

    /// Where a request is in its life (WLRRoute's request state), readable by handlers and interceptors.
    public enum State: Sendable, CustomStringConvertible {
        /// Not (yet) part of an open: made by hand.
        case unhandled
        /// An open is working on it: interceptors, the handler or the placement.
        case handling
        /// The caller's callback received this outcome (a handler may answer early).
        case handled(RouteOutcome)

        /// `unhandled`, `handling` or `handled: CODE`.
        public var description: String {
            switch self {
            case .unhandled: "unhandled"
            case .handling: "handling"
            case .handled(let outcome): "handled: \(outcome.code)"
            }
        }
    }

    /// The request's state now.
    public var state: State {
        if let outcome = callback.deliveredOutcome { return .handled(outcome) }
        return openID == 0 ? .unhandled : .handling
    }

    /// Creates a request (the router does this; tests and tools may too).
    public init(url: RouteURL, pattern: RoutePattern, target: String, path: PathParameters,
                native: NativeParameters = NativeParameters(), metadata: [String: String] = [:],
                callback: RouteCallback = RouteCallback(nil), redirectedFrom: [String] = []) {
        self.url = url
        self.pattern = pattern
        self.target = target
        self.path = path
        self.native = native
        self.metadata = metadata
        self.callback = callback
        self.redirectedFrom = redirectedFrom
    }

    /// The decoded query parameters.
    public var query: QueryParameters { url.query }

    /// The callback URL the open names (WLRRoute's `callbackURL`), decoded: the query's `callBack`
    /// value, else its `callbackURL` value; nil when it names none. After the open ends the router opens
    /// it with `outcome=CODE` added, if the callback allow list lets it through, so a handler reads it
    /// only to know where the navigation returns to.
    public var callbackURL: String? {
        Router.callbackKeys.lazy.compactMap { self.url.query.last($0) }.first
    }

    /// A string parameter by name: path parameters first, then the query (last value wins).
    /// XKRouter's merge of URL parameters with local ones: native values are read with ``native``.
    public subscript(_ name: String) -> String? {
        path[name] ?? url.query.last(name)
    }

    /// The parameter converted to `T`, or nil when missing or not convertible.
    public func get<T: ParameterValue>(_ name: String, as type: T.Type = T.self) -> T? {
        lookUp(name, as: type)
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    public func require<T: ParameterValue>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        try lookUpRequired(name, as: type)
    }



    /// Path and query parameters merged into one dictionary (path wins; query keeps its last value).
    public var stringParameters: [String: String] {
        var out: [String: String] = [:]
        for item in url.query { out[item.name] = item.value }
        for (k, v) in path { out[k] = v }
        return out
    }

    /// True when the route's metadata marks it as needing login (`requiresLogin` = `true`).
    public var requiresLogin: Bool { metadata[.requiresLogin] == true }
}
