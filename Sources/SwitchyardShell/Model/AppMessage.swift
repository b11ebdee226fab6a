import SwitchyardNavigation
import TerminalKit

/// What a key (or mouse event) means for the ``AppModel``, decided by
/// ``AppModel/message(for:hits:terminalSize:)``, or what an ``AppEffect`` produced, sent back by the
/// ``AppLoop``; carried out by ``AppModel/update(_:)``.
package enum AppMessage: Equatable, Sendable {
    /// Nothing to do.
    case ignore
    /// A navigation for the runtime, run through the router by the ``AppLoop`` (back, a tab, login,
    /// logout, discard: the same vocabulary as a script line).
    case navigate(NavigationCommand)
    /// Quit the app.
    case quit
    /// Suspend the app (Ctrl-Z): the ``AppLoop`` hands the terminal back to the shell until it is resumed.
    case suspend
    /// Text pasted in one piece: it goes to the filter line when that has the focus, else into
    /// the prompt, which opens (closing the help).
    case paste(String)
    /// The terminal now has this size.
    case resize(width: Int, height: Int)
    /// Put the top screen's URL in the prompt to edit it.
    case editCurrentURL
    /// Copy the top screen's URL (or, in the route log, the newest trace) to the clipboard.
    case copy
    /// Move the link selection by `delta` items (clamped).
    case moveSelection(Int)
    /// Scrolls the phone's screen by this many lines (negative: up), bringing the selection along
    /// onto a link in sight.
    case scrollPhone(Int)
    /// Press item `index` of the top screen, or the selected item when nil.
    case activate(Int?)
    /// Focus the URL prompt.
    case focusPrompt
    /// Focus the route table's filter line (opening the panel).
    case focusFilter
    /// Give the keys back to the phone.
    case focusPhone
    /// A key for the URL prompt's line editor.
    case editPrompt(Key)
    /// Put completion candidate `index` in the prompt (a click on the completion menu).
    case chooseCompletion(Int)
    /// Leave the prompt, clearing it.
    case cancelPrompt
    /// A key for the filter line's editor.
    case editFilter(Key)
    /// Show or hide the route log.
    case toggleLog
    /// Show or hide the detail of the route log entry with this timeline number.
    case toggleLogEntry(Int)
    /// Show every open's detail in the route log, or only the newest one's (opening the log).
    case toggleLogDetail
    /// Show or hide the route table.
    case toggleRoutes
    /// Show or hide the help overlay.
    case toggleHelp
    /// Scroll the help overlay by `delta` lines (positive: down).
    case scrollHelp(Int)
    /// Move the focus to the next panel shown (phone → log → route table → phone).
    case focusNext
    /// Move the route log's cursor by `delta` entries (clamped).
    case moveLogCursor(Int)
    /// Start typing a search in the route log (`/`).
    case startLogSearch
    /// A key for the log search's editor.
    case editLogSearch(Key)
    /// Stop typing the log search: with `find`, move the cursor to the first entry that matches.
    case endLogSearch(find: Bool)
    /// Move the log's cursor to the next entry that matches the last search: `n` an older one
    /// (`older` true), `N` a newer one.
    case findInLog(older: Bool)
    /// Forget the log's last search (its footer and match marks go; the log keeps the focus).
    case clearLogSearch
    /// Show or hide the messages view: every status message, whole.
    case toggleMessages
    /// Scroll the messages view by `delta` lines (positive: toward older messages).
    case scrollMessages(Int)
    /// Scroll the route log by `delta` lines (positive: toward older lines).
    case scrollLog(Int)
    /// Move the route table's selection by `delta` rows.
    case moveRouteSelection(Int)
    /// Copy the pattern of filtered route `index` (the selected one when nil) into the prompt.
    case useRoute(Int?)

    // MARK: What effects and the loop send back

    /// A navigation ran: its report, the runtime afterwards, the events it added and the routes it reached.
    case stepped(AppStep)
    /// The app is back from a suspend (`suspended` false: there was no job-control shell), in a
    /// terminal of this size.
    case resumed(suspended: Bool, width: Int, height: Int)
    /// The router's verdicts for the URL in the route table's filter.
    case urlTested(RoutePanel.URLTest)
    /// The next frame of the playing transition is due.
    case tick
    /// A key came while a transition played: it jumps to its end.
    case finishPlayback
    /// A replay of a script started (in this mode) or ended (nil).
    case replaying(AppModel.Replaying?)
    /// A message from the loop itself (a reload, a replay's progress): shown in the status line and,
    /// with `logged`, written to the log as well, stamped `time`.
    case notify(AppStatus, logged: Bool, time: Double?)
    /// A command the model declines without asking the router, because it could only fail (Esc at a
    /// tab's root): the status says why, and `--record` writes the command as a comment.
    case declined(NavigationCommand, AppStatus)
}
