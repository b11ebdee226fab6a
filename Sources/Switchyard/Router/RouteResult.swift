/// What a handler produced: an optional payload (a screen, a value for the caller…) and a short note.
public struct RouteResult: Sendable, CustomStringConvertible {
    /// The value handed back, if any. Read it with ``payload(as:)``.
    public let payload: (any Sendable)?
    /// A short human-readable note, shown in traces.
    public let note: String

    /// Creates a result.
    public init(_ payload: (any Sendable)? = nil, note: String = "") {
        self.payload = payload
        self.note = note
    }

    /// The result the router uses when a handler finishes without answering the caller
    /// (WLRRoute's default finish callback).
    public static let `default` = RouteResult(note: "default")

    /// The payload as `T`, if it has that type.
    public func payload<T>(as type: T.Type = T.self) -> T? { payload as? T }

    /// The note, or the payload's description.
    public var description: String {
        if !note.isEmpty { return note }
        return payload.map { String(describing: $0) } ?? "ok"
    }
}
