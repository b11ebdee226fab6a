import Switchyard

/// An open of a ``Routable`` that lacked a parameter the route requires.
public struct MissingParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The route's target.
    public let target: String
    /// The parameters missing, in the order the route lists them.
    public let names: [String]

    /// Creates the error for `target` missing `names`.
    public init(target: String, names: [String]) {
        self.target = target
        self.names = names
    }

    /// `OrderDetail needs the parameter id`.
    public var description: String {
        "\(target) needs the parameter\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
    }
}
