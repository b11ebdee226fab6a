/// Why a script line is not a command.
public struct CommandParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
