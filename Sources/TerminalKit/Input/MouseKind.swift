/// What happened in a ``Key/mouse(x:y:kind:)`` event.
public enum MouseKind: Hashable, Sendable, CustomStringConvertible {
    /// The primary button was pressed and released.
    case click
    /// The primary button was clicked twice quickly.
    case doubleClick
    /// The primary button went down (when the terminal reports presses separately).
    case press
    /// The primary button went up.
    case release
    /// The wheel scrolled up.
    case scrollUp
    /// The wheel scrolled down.
    case scrollDown
    /// Another button or event.
    case other

    /// The case name.
    public var description: String {
        switch self {
        case .click: "click"
        case .doubleClick: "doubleClick"
        case .press: "press"
        case .release: "release"
        case .scrollUp: "scrollUp"
        case .scrollDown: "scrollDown"
        case .other: "other"
        }
    }
}
