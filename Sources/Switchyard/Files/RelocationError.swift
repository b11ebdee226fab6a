import Foundation

/// Why a relocation table was refused. A refused table changes nothing.
public enum RelocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data is not a relocation table.
    case malformed(String)
    /// Entry `index` is invalid.
    case invalidEntry(index: Int, reason: String)
    /// Replacements form a cycle, shown in order.
    case cycle([String])

    /// A sentence naming the entry or the cycle.
    public var description: String {
        switch self {
        case .malformed(let why): "malformed relocation table: \(why)"
        case .invalidEntry(let i, let why): "relocation entry \(i): \(why)"
        case .cycle(let c): "relocation cycle: \(c.joined(separator: " → "))"
        }
    }
}
