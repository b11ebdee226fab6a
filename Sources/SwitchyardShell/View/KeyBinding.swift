import TerminalKit

/// A key binding as data: the keys and what they do (a line of the help overlay), and, for the
/// keys worth a reminder, the short form a footer or the status line's hints show (`y copy`). The
/// help, the focused panel's footer and the hints are all drawn from these lists.
package struct KeyBinding: Hashable, Sendable {
    /// The keys, as written in the help (`↑ ↓  j k`).
    package var keys: String
    /// What they do.
    package var action: String
    /// The reminder in a footer or the hints (`Enter unfold`), when the binding has one.
    package var hint: String?
    /// Whether the reminder stays when the room is short (the hints' short form).
    package var essential: Bool

    /// Creates a binding.
    package init(_ keys: String, _ action: String, hint: String? = nil, essential: Bool = false) {
        self.keys = keys
        self.action = action
        self.hint = hint
        self.essential = essential
    }

    /// The reminders of `bindings`, in order: all of them, or only the essential ones.
    package static func hints(_ bindings: [KeyBinding], essentialOnly: Bool = false,
                              separator: String = "  ") -> String {
        bindings.filter { $0.hint != nil && (!essentialOnly || $0.essential) }
            .compactMap(\.hint).joined(separator: separator)
    }

    /// The hints of `bindings` that fit in `width` columns, whole, in order. The essential ones (the
    /// way out) are always kept; the others are dropped by priority, the last listed first, and a
    /// hint that does not fit is left out rather than cut.
    package static func hints(_ bindings: [KeyBinding], fitting width: Int, separator: String = " · ") -> String {
        let listed = bindings.compactMap { binding in binding.hint.map { (text: $0, essential: binding.essential) } }
        var kept = listed.map(\.essential)
        func joined() -> String {
            zip(listed, kept).filter(\.1).map(\.0.text).joined(separator: separator)
        }
        for index in listed.indices where !kept[index] {
            kept[index] = true
            if DisplayWidth.of(joined()) > width { kept[index] = false }
        }
        return joined()
    }

    /// The reminders the status line shows while the phone has the keys.
    package static let phoneHints: [KeyBinding] = [
        KeyBinding("?", "", hint: "? help", essential: true), KeyBinding(":", "", hint: ": URL"),
        KeyBinding("F2", "", hint: "F2 log"), KeyBinding("F3", "", hint: "F3 routes"),
        KeyBinding("m", "", hint: "m messages", essential: true), KeyBinding("q", "", hint: "q quit"),
    ]

    /// The reminders the status line shows while the prompt has the keys.
    package static let promptHints: [KeyBinding] = [
        KeyBinding("Enter", "", hint: "Enter open"), KeyBinding("Tab", "", hint: "Tab complete"),
        KeyBinding("Esc", "", hint: "Esc cancel", essential: true),
    ]

    /// The keys of the route log while it has the focus (Tab moves the focus to it).
    package static let log: [KeyBinding] = [
        KeyBinding("↑ ↓  j k", "move the cursor over the log's entries (PgUp PgDn by ten)",
                   hint: "↑↓ g G move"),
        KeyBinding("g  G", "the oldest / the newest entry (Home End too, as in the route table)"),
        KeyBinding("Enter  →", "unfold or fold the open under the cursor", hint: "Enter fold/unfold"),
        KeyBinding("y", "copy the whole entry, every step, via OSC 52", hint: "y copy"),
        KeyBinding("/  n N", "search the log; n finds an older entry that matches, N a newer one",
                   hint: "/ search"),
        KeyBinding("Tab", "the next panel", hint: "Tab next"),
        KeyBinding("Esc", "end a search shown; else back to the phone", hint: "Esc done", essential: true),
    ]

    /// The keys of the route table while its filter has the focus.
    package static let routes: [KeyBinding] = [
        KeyBinding("type", "filter the routes; a URL (scheme://…) tests them: every candidate's verdict"),
        KeyBinding("↑ ↓", "select a route (PgUp PgDn by ten)", hint: "↑↓ select"),
        KeyBinding("Home  End", "the first / the last route (Ctrl-A Ctrl-E move in the filter)"),
        KeyBinding("F1", "this help (`?` types itself in the filter, as URLs contain it)", hint: "F1 help"),
        KeyBinding("Enter", "the route's pattern, or the tested URL, to the prompt", hint: "Enter to prompt"),
        KeyBinding("Tab", "the next panel", hint: "Tab next"),
        KeyBinding("Esc", "back to the phone", hint: "Esc done", essential: true),
    ]

    /// The title of the help's section of the keys that work everywhere, below a focused panel's.
    static let everywhere = "On the phone and everywhere (Esc gives the phone the keys)"

    /// The help's sections for `focus`: the focused panel's keys first, then every other key.
    package static func sections(for focus: AppModel.Focus) -> [(title: String, bindings: [KeyBinding])] {
        switch focus {
        case .log: [("Route log (focused)", log), (everywhere, all)]
        case .filter: [("Route table (focused)", routes), (everywhere, all)]
        // On the phone the panels' own keys are one Tab away, where help shows them first.
        case .phone, .prompt: [("Keys (Tab focuses a panel shown; ? or F1 there lists its keys)", all)]
        }
    }

    /// Every key the app understands, in the order the help lists them: the keys used most first, so a
    /// help that scrolls shows them (and `?` and `q`) before the rest.
    package static let all: [KeyBinding] = [
        KeyBinding("↑ ↓  j k", "select a link or button (a screen taller than the phone scrolls along)"),
        KeyBinding("Enter  →  Space", "press it: the link opens through the router"),
        KeyBinding("Esc  ←", "back, or dismiss the presented screen"),
        KeyBinding("<", "back, the pop played toward the left"),
        KeyBinding("e  E", "edit the current screen's URL at the prompt"),
        KeyBinding("y  Y", "copy the screen's URL via OSC 52 (in the focused log: its entry)"),
        KeyBinding("1 – 9", "select a tab (the login gate applies)"),
        KeyBinding(":  /", "type (or paste) a URL at the prompt"),
        KeyBinding("  Tab", "complete patterns and links (Tab ↓ next, ↑ back); type over a :id field, Tab to the next"),
        KeyBinding("  ↑ ↓", "earlier URLs"),
        KeyBinding("  Alt-b/f", "move by word; Ctrl-W, Alt-⌫ delete one"),
        KeyBinding("  Enter", "open the URL through the router"),
        KeyBinding("  Esc  Ctrl-C", "leave the prompt, dropping the line (⌫ on an empty prompt too)"),
        KeyBinding("L  l", "log in (resumes the held navigation)"),
        KeyBinding("O  o", "log out"),
        KeyBinding("D  d", "discard a form's changes (leave guard)"),
        KeyBinding("F2", "route log: the timeline of opens and events (Tab focuses it)"),
        KeyBinding("x  X", "every open's detail in the log, or the newest only (click one: it alone)"),
        KeyBinding("F3  R  r", "show/hide the route table, typing in its filter (a URL there is tested)"),
        KeyBinding("m  M  !", "messages: every status message, whole (↑↓ scroll, Esc closes)"),
        KeyBinding("?  F1", "this help, the focused panel's keys first (F1 in the route table)"),
        KeyBinding("q  Q  Ctrl-C", "quit (Ctrl-C in a line being typed drops it)"),
        KeyBinding("Tab  Shift-Tab",
                   "focus the next panel shown (with none shown, the prompt) / select the link above"),
        KeyBinding("Home  End", "select the first / the last link"),
        KeyBinding("PgUp  PgDn", "scroll the phone's screen by a page"),
        KeyBinding("Ctrl-U  Ctrl-D", "scroll the phone's screen by half a page"),
        KeyBinding("Ctrl-Z", "suspend to the shell (fg resumes)"),
        KeyBinding("mouse", "click tabs, ‹ Back, links and routes"),
    ]
}
