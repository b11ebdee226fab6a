import TerminalKit

/// One line of the help overlay: the keys and what they do.
package struct KeyBinding: Hashable, Sendable {
    /// The keys, as written in the help (`↑ ↓  j k`).
    package var keys: String
    /// What they do.
    package var action: String

    /// Creates a binding.
    package init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }

    /// The keys of the route log while it has the focus (Tab moves the focus to it).
    package static let log: [KeyBinding] = [
        KeyBinding("↑ ↓  j k", "move the cursor over the log's entries (PgUp PgDn by ten)"),
        KeyBinding("g  G", "the oldest / the newest entry (Home End)"),
        KeyBinding("Enter  →", "unfold or fold the open under the cursor"),
        KeyBinding("y", "copy the whole entry, every step, via OSC 52"),
        KeyBinding("/  n", "search the log; n finds the next entry that matches"),
        KeyBinding("Tab  Esc", "the next panel / back to the phone"),
    ]

    /// The keys of the route table while its filter has the focus.
    package static let routes: [KeyBinding] = [
        KeyBinding("type", "filter the routes; a URL (scheme://…) tests them: every candidate's verdict"),
        KeyBinding("↑ ↓", "select a route (PgUp PgDn by ten)"),
        KeyBinding("Enter", "the route's pattern, or the tested URL, to the prompt"),
        KeyBinding("Tab  Esc", "the next panel / back to the phone"),
    ]

    /// The help's sections for `focus`: the focused panel's keys first, then every other key.
    package static func sections(for focus: AppModel.Focus) -> [(title: String, bindings: [KeyBinding])] {
        switch focus {
        case .log: [("Route log (focused)", log), ("Everywhere", all)]
        case .filter: [("Route table (focused)", routes), ("Everywhere", all)]
        // On the phone the panels' own keys are one Tab away, where help shows them first.
        case .phone, .prompt: [("Keys (Tab focuses a panel shown; ? there lists its keys)", all)]
        }
    }

    /// Every key the app understands, in the order the help lists them.
    package static let all: [KeyBinding] = [
        KeyBinding("↑ ↓  j k", "select a link or button"),
        KeyBinding("Enter  →", "press it: the link opens through the router"),
        KeyBinding("Esc  ←", "back, or dismiss the presented screen"),
        KeyBinding("<", "back, the pop played toward the left"),
        KeyBinding("e", "edit the current screen's URL at the prompt"),
        KeyBinding("y", "copy the URL (with the log shown: the newest entry) via OSC 52"),
        KeyBinding("1 – 9", "select a tab (the login gate applies)"),
        KeyBinding(":  /", "type (or paste) a URL at the prompt"),
        KeyBinding("  Tab", "complete: a menu lists the patterns and links; type over :id, Tab to the next"),
        KeyBinding("  ↑ ↓", "earlier URLs"),
        KeyBinding("  Alt-b/f", "move by word; Ctrl-W, Alt-⌫ delete one"),
        KeyBinding("  Enter", "open the URL through the router"),
        KeyBinding("  Esc  Ctrl-C", "leave the prompt, dropping the line (⌫ on an empty prompt too)"),
        KeyBinding("L", "log in (resumes the held navigation)"),
        KeyBinding("O", "log out"),
        KeyBinding("D", "discard a form's changes (leave guard)"),
        KeyBinding("F2", "route log: the timeline of opens and events (PgUp PgDn scroll, Tab focuses it)"),
        KeyBinding("x", "every open's detail in the log, or the newest only (click one: it alone)"),
        KeyBinding("F3  R", "show/hide the route table, typing in its filter (a URL there is tested)"),
        KeyBinding("m  !", "messages: every status message, whole (↑↓ scroll, Esc closes)"),
        KeyBinding("mouse", "click tabs, ‹ Back, links and routes"),
        KeyBinding("?  F1", "this help (the focused panel's keys first)"),
        KeyBinding("q  Ctrl-C", "quit (Ctrl-C at the prompt drops the line); Ctrl-Z suspends (fg resumes)"),
    ]
}
