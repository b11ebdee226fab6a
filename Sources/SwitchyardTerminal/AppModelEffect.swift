/// Work an ``AppModel`` update asks the ``AppLoop`` to do through the `AppRuntime` (and so through
/// the router); the resulting `StepReport` goes back to the model.
public enum AppEffect: Hashable, Sendable, CustomStringConvertible {
    /// Open a URL (`AppRuntime.open`).
    case open(String)
    /// Go back: pop, or dismiss a one-screen modal (`AppRuntime.back`).
    case back
    /// Select tab `index`, 0-based (`AppRuntime.selectTab`, so the login gate applies).
    case selectTab(Int)
    /// Follow link `number`, 1-based, of the top screen (`AppRuntime.tap`).
    case tap(Int)
    /// Log in, resuming the held navigation (`AppRuntime.login`).
    case login
    /// Log out (`AppRuntime.logout`).
    case logout
    /// Drop the top screen's leave guard (`AppRuntime.discardGuard`).
    case discardGuard

    /// The effect as a script command, e.g. `open app://order/42` or `tab 3`.
    public var description: String {
        switch self {
        case .open(let url): "open \(url)"
        case .back: "back"
        case .selectTab(let index): "tab \(index + 1)"
        case .tap(let number): "tap \(number)"
        case .login: "login"
        case .logout: "logout"
        case .discardGuard: "discard"
        }
    }
}
