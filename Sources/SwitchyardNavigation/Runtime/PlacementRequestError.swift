/// A request a screen handler cannot turn into a placement (a malformed `tabBarSelecIndex`, an unknown `animation`).
public struct PlacementRequestError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
