import SwitchyardNavigation
import TerminalKit

/// Something on a screen the user can select with ↑/↓ and press with Enter, like a button.
package enum ScreenItem: Hashable, Sendable {
    /// Link `number` (1-based) of the screen: opens its URL through the router.
    case link(number: Int, Link)
    /// The login screen's button: logs in and resumes the held navigation.
    case logIn
    /// A guarded form's button: discards the changes so the screen can be left.
    case discardChanges

    /// The text on the button.
    package var title: String {
        switch self {
        case .link(_, let link): link.title
        case .logIn: "Log in (L)"
        case .discardChanges: "Discard changes (D)"
        }
    }

    /// The URL the item opens, for links.
    package var url: String? {
        if case .link(_, let link) = self {
            return link.url
        }
        return nil
    }

    /// What pressing the item does.
    package var effect: NavigationCommand {
        switch self {
        case .link(let number, _): .tap(number)
        case .logIn: .login
        case .discardChanges: .discard
        }
    }
}
