import SwitchyardNavigation

/// Work the ``AppModel`` asks for and cannot do itself: ``AppModel/update(_:)`` returns effects, the
/// ``AppLoop`` runs each one, and what an effect produced comes back to the model as an
/// ``AppMessage`` (the way a bubbletea `Cmd` or a TCA effect answers with a message). The model never
/// touches the router, the terminal or the clipboard.
package enum AppEffect: Equatable, Sendable {
    /// Run a navigation through the router; it answers with ``AppMessage/stepped(_:)``.
    case navigate(NavigationCommand)
    /// Put the text on the terminal's clipboard (OSC 52). Nothing comes back.
    case copy(String)
    /// Stop the loop.
    case quit
    /// Hand the terminal back to the shell until the app is resumed (Ctrl-Z); it answers with
    /// ``AppMessage/resumed(suspended:width:height:)``.
    case suspend
    /// Ask the router how it would route the URL typed in the route table's filter ("test a URL"
    /// mode); it answers with ``AppMessage/urlTested(_:)``.
    case explain(String)
    /// Tell the recorder of a command declined without the router (``AppMessage/declined(_:_:)``),
    /// with why; `--record` writes it as a comment. Nothing comes back.
    case declined(NavigationCommand, String)
}
