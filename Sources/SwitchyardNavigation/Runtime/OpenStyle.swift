/// How a route's screen opens (TheRouter's jump types, XKRouter's push and present).
public enum OpenStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Pushed on the active navigation stack.
    case push
    /// Presented as a sheet.
    case present
    /// Presented full screen.
    case presentFullScreen
    /// Presented as a sheet that carries its own navigation stack.
    case presentInNavigation
    /// Switches to the tab whose root is this route (popping it to its root).
    case tab
    /// Pops to the nearest screen of this route if one is on the stack, else pushes it.
    case popTo
    /// Replaces the selected tab's whole stack (windowNavRoot).
    case setRoot
    /// Dismisses every modal, then pushes (modalDismissBeforePush).
    case dismissThenPush
    /// Replaces the top screen.
    case replace

    /// Reads a style from its name or a common alias (`modal`, `sheet`, `fullScreen`, `windowNavRoot`,
    /// `modalDismissBeforePush`, `popToTarget`, `tabSwitch`, `showTab`), case-insensitively, or from
    /// TheRouter's numbers: 0 modal, 1 push, 2 popToTaget, 3 windowNavRoot, 4 modalDismissBeforePush,
    /// 5 showTab. Anything else is nil.
    public init?(name: String) {
        switch name.lowercased() {
        case "0": self = .present
        case "1": self = .push
        case "2": self = .popTo
        case "3": self = .setRoot
        case "4": self = .dismissThenPush
        case "5", "showtab": self = .tab
        case "push": self = .push
        case "present", "modal", "sheet": self = .present
        case "presentfullscreen", "fullscreen": self = .presentFullScreen
        case "presentinnavigation", "presentnav": self = .presentInNavigation
        case "tab", "tabswitch", "switchtab": self = .tab
        case "popto", "poptotarget", "poptotaget": self = .popTo
        case "setroot", "windownavroot": self = .setRoot
        case "dismissthenpush", "modaldismissbeforepush": self = .dismissThenPush
        case "replace", "replacetop": self = .replace
        default: return nil
        }
    }

    /// The name.
    public var description: String { rawValue }
}
