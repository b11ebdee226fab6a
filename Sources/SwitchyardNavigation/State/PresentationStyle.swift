/// How a modal covers what lies beneath it.
public enum PresentationStyle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A card that leaves the edge of the presenting screen visible.
    case sheet
    /// A cover that hides everything beneath it, tab bar included.
    case fullScreen

    /// The case name, e.g. `sheet`.
    public var description: String {
        rawValue
    }
}
