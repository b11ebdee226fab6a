import Switchyard
import SwitchyardKit
import SwitchyardNavigation
import SwitchyardTooling
import TerminalKit

/// Everything the terminal app shows, as a value: the navigation state of the simulated phone app,
/// which panels are open, where the keyboard focus is, the prompt and filter lines, the status
/// line, the route log and the transition being played.
///
/// The model never calls the router, the terminal or the clipboard. Keys become ``AppMessage``s
/// (``message(for:hits:terminalSize:)``); ``update(_:)`` applies a message and returns the
/// ``AppEffect``s it needs (a navigation, a copy, quitting, suspending, a URL test); the ``AppLoop``
/// runs them and sends what they produced back as messages (``AppMessage/stepped(_:)`` carries a
/// navigation's report and a ``RuntimeSnapshot``). ``AppView`` draws the model.
package struct AppModel: Equatable, Sendable {
    /// Where keys go.
    package enum Focus: Hashable, Sendable {
        /// The phone: arrows select links, letters are commands.
        case phone
        /// The URL prompt at the bottom.
        case prompt
        /// The filter line of the route table panel.
        case filter
        /// The route log: a cursor on its entries.
        case log
    }

    /// The smallest terminal the app draws in; below it a notice is shown instead.
    package static let minimumSize = (width: 40, height: 12)

    /// The app's name, shown on the phone's frame.
    package var appName: String
    /// The app's description, when the model runs one (a generated app's index screens are shown by
    /// name, not by their internal URLs).
    package var app: AppDescription?

    /// `text` as the user reads it: a generated index screen's internal URL named after its tab
    /// (`user index (tab 1)`); the router still routes the URL itself.
    package func shown(_ text: String) -> String {
        app?.showingIndexNames(in: text) ?? text
    }
    /// What the model knows of the running app (the navigation state, the login state, the held
    /// navigation, the locked URLs), taken as a value after each command.
    package var snapshot: RuntimeSnapshot
    /// The navigation state of the simulated app.
    package var state: NavigationState {
        get { snapshot.state }
        set { snapshot.state = newValue }
    }
    /// Whether the top screen is the login screen (so `L` logs in).
    package var isShowingLogin: Bool {
        get { snapshot.isShowingLogin }
        set { snapshot.isShowingLogin = newValue }
    }
    /// The login state, when the app has a login gate (nil otherwise).
    package var isLoggedIn: Bool? {
        get { snapshot.isLoggedIn }
        set { snapshot.isLoggedIn = newValue }
    }
    /// The navigation the login gate holds, if any.
    package var held: HeldNavigation? {
        get { snapshot.held }
        set { snapshot.held = newValue }
    }
    /// Tab roots and links of the top screen that would ask for login now (drawn with a lock).
    package var lockedURLs: Set<String> {
        get { snapshot.lockedURLs }
        set { snapshot.lockedURLs = newValue }
    }

    /// The terminal's columns.
    package var width: Int
    /// The terminal's rows.
    package var height: Int
    /// Where keys go.
    package var focus: Focus = .phone
    /// The URL prompt.
    package var prompt: LineEditor
    /// The route table's filter line (the ``routePanel``'s).
    package var filter: LineEditor {
        get { routePanel.filter }
        set { routePanel.filter = newValue }
    }
    /// Whether the route log panel is shown.
    package var showsLog = false
    /// Whether the route table panel is shown.
    package var showsRoutes = false
    /// Whether the help overlay is shown.
    package var showsHelp = false
    /// How many lines the help overlay is scrolled down.
    package var helpScroll = 0
    /// The app's time (seconds since start) when the message being handled was sent; the log's
    /// lines for messages are stamped with it. Nil in a model that no loop drives.
    package var now: Double?
    /// The last hint about the prompt's text (a placeholder to fill, nothing to complete); cleared
    /// from the status line when the text changes.
    package var promptHint: AppStatus?
    /// The status line's message; every message set is also kept in ``messagesPanel``. Setting the
    /// message the status line shows again (a refusal met a second time) counts it: the kept message
    /// and the status line say `(×2)`, so the repeat is seen as new.
    package var status: AppStatus? {
        didSet {
            guard var status else { return }
            if let oldValue, oldValue.says(status), let last = messagesPanel.entries.last, last.says(status) {
                status.repeats = max(oldValue.repeats, last.repeats) + 1
                messagesPanel.entries[messagesPanel.entries.count - 1].repeats = status.repeats
                self.status = status
            } else {
                messagesPanel.remember(status)
            }
        }
    }
    /// The messages view (`m`): every status message, whole.
    package var messagesPanel = MessagesPanel()
    /// The route log panel.
    package var logPanel = LogPanel()
    /// The route log's entries, oldest first.
    package var log: [RouteLogEntry] {
        get { logPanel.entries }
        set { logPanel.entries = newValue }
    }
    /// How a script is being replayed into the app (`--replay`), while it is: keys then only step
    /// or skip the wait, and quit, so the hints say that instead of the app's keys.
    package enum Replaying: Equatable, Sendable {
        /// A key plays the next step (`--step`).
        case stepwise
        /// The last step of a stepped replay played; a key ends the replay and shows its summary.
        case lastStep
        /// Steps play after a delay; a key skips it.
        case timed
    }
    /// The replay under way, if any.
    package var replaying: Replaying?
    /// The file `--record` writes the session to, while it records: the status line shows `● REC`.
    package var recording: String?
    /// The number of the newest timeline event already in the log.
    package var lastTraceID = 0

    /// The route table panel (F3).
    package var routePanel: RoutePanel
    /// The rows of the route table panel (routes, redirects, relocations).
    package var routes: [RouteRow] {
        get { routePanel.rows }
        set { routePanel.rows = newValue }
    }
    /// The selected item of each screen that had one, so Back returns to the same link.
    package var selections: [ScreenID: Int] = [:]
    /// How many lines each screen that was scrolled (or had its selection moved) is scrolled, so Back
    /// returns to the same place; a screen not in it opens at its top.
    package var phoneScroll: [ScreenID: Int] = [:]
    /// Extra words Tab completes (patterns and link URLs); the top screen's links come first.
    package var completionWords: [String] {
        get { completionSource.words }
        set { completionSource = CompletionWords(words: newValue) }
    }
    /// Where ``completionWords`` come from: made on first use.
    package var completionSource: CompletionWords
    /// The transition being played, if any.
    package var playback: Playback?
    /// The parts of the step still to play after ``playback``, in order (a dismiss, then a push…).
    package var queuedPlaybacks: [Playback] = []
    /// Whether transitions are animated (`--no-animation` turns them off).
    package var animationsEnabled: Bool
    /// The timing of transition animations.
    package var tween: Tween
    /// Creates a model from its parts (tests build models this way; the app uses
    /// ``init(runtime:width:height:animationsEnabled:tween:)``).
    package init(
        appName: String,
        state: NavigationState,
        isShowingLogin: Bool = false,
        width: Int,
        height: Int,
        routes: [RouteRow] = [],
        completionWords: [String] = [],
        animationsEnabled: Bool = true,
        tween: Tween = .standard
    ) {
        self.appName = appName
        self.snapshot = RuntimeSnapshot(state: state, isShowingLogin: isShowingLogin)
        self.width = max(0, width)
        self.height = max(0, height)
        self.prompt = LineEditor(historyLimit: 100)
        self.routePanel = RoutePanel(rows: routes)
        self.completionSource = CompletionWords(words: completionWords)
        self.animationsEnabled = animationsEnabled
        self.tween = tween
        relayout()
    }

    /// Creates the model of a running app in a terminal of `width` × `height`.
    @MainActor
    package init(runtime: AppRuntime, width: Int, height: Int, animationsEnabled: Bool = true,
                 tween: Tween = .standard) {
        self.init(
            appName: runtime.app.name,
            state: runtime.state,
            isShowingLogin: runtime.isShowingLogin,
            width: width,
            height: height,
            animationsEnabled: animationsEnabled,
            tween: tween
        )
        // The route table's rows and the completion words read the same map (each pattern's canonical text),
        // made from the router as it is now the first time either is asked for (F3, the prompt's Tab).
        let app = runtime.app
        let map = RouteMap.Deferred(router: runtime.router)
        // A generated app's index screens are its own, not the route file's: not listed.
        routePanel = RoutePanel { RouteRow.rows(of: map.map).filter { !app.isGeneratedScreen($0.pattern) } }
        // The screens on show at the start are reached, as `switchyard coverage` counts them.
        routePanel.coverage = RouteCoverage(startingAt: runtime.state)
        completionSource = CompletionWords { Self.completionWords(app: app, routes: map.map.routes.map(\.pattern)) }
        // The new panel's filter field gets its width again.
        relayout()
        self.app = app
        snapshot = RuntimeSnapshot(runtime)
        lastTraceID = runtime.timeline.last?.sequence ?? 0
        status = AppStatus("Every tap and URL goes through the router.", kind: .note)
        // Observers do not run in an initializer: the first message is kept by hand.
        status.map { messagesPanel.remember($0) }
    }

    // MARK: Derived

    /// The phone's title: the app's name, then a login badge (when the app has a login gate) and the
    /// held navigation, if any (`Switchyard Shop · ○ logged out · ⏸ #1 held`).
    package var phoneTitle: String {
        phoneTitle(fitting: .max)
    }

    /// ``phoneTitle`` in at most `columns` columns: the badges get their short forms first (the held
    /// open's `⏸ #1` before the login's `●` `○`, so `held` never shows without the login words), then
    /// the app's name is cut at its end, so the name, the login state and the held open all stay
    /// visible; only where not even a letter of the name fits is it left out.
    package func phoneTitle(fitting columns: Int) -> String {
        let badge = isLoggedIn.map { $0 ? "● logged in" : "○ logged out" }
        let shortBadge = isLoggedIn.map { $0 ? "●" : "○" }
        let hold = held.map { "⏸ #\($0.openID) held" }
        let shortHold = held.map { "⏸ #\($0.openID)" }
        let joined = { (parts: [String?]) in parts.compactMap { $0 }.joined(separator: " · ") }
        // The held marker gives way first (its open's number says enough), then the login words: the
        // login state is what the marker is about, so "held" is never shown without it.
        let candidates = [[appName, badge, hold], [appName, badge, shortHold], [appName, shortBadge, shortHold]]
            .map(joined)
        if let fitting = candidates.first(where: { DisplayWidth.of($0) <= columns }) {
            return fitting
        }
        let badges = joined([shortBadge, shortHold])
        let room = columns - DisplayWidth.of(badges) - (badges.isEmpty ? 0 : 3)
        // A cut name keeps at least one character before its ellipsis.
        guard room >= 2 else {
            return badges.isEmpty ? DisplayWidth.truncated(appName, toWidth: max(0, columns)) : badges
        }
        return joined([DisplayWidth.truncated(appName, toWidth: room), shortBadge, shortHold])
    }

    /// Whether the phone has the keys (directly, or through its URL prompt): only then is its
    /// selection the active highlight.
    package var phoneHasFocus: Bool {
        focus == .phone || focus == .prompt
    }

    /// The screen on top, the one keys act on.
    package var top: Screen {
        state.top
    }

    /// What the top screen offers to select: its links (numbered as `tap N` counts them), then the
    /// login button on the login screen (and on a screen of the login flow), which is selected first,
    /// and the discard button on a screen with a leave guard.
    package var items: [ScreenItem] {
        Self.items(of: state.top, isShowingLogin: isShowingLogin)
    }

    /// How many items the top screen offers, counted without building them (a generated index
    /// screen can have a hundred thousand links).
    package var itemCount: Int {
        Self.itemCount(of: state.top, isShowingLogin: isShowingLogin)
    }

    /// Item `index` of the top screen, built alone; nil past the end.
    package func item(at index: Int) -> ScreenItem? {
        Self.item(index, of: state.top, isShowingLogin: isShowingLogin)
    }

    /// How many items `screen` offers: its links, the login button, the discard button.
    static func itemCount(of screen: Screen, isShowingLogin: Bool) -> Int {
        screen.links.count + (isShowingLogin ? 1 : 0) + (screen.leaveGuard != nil ? 1 : 0)
    }

    /// Item `index` of `screen`, in the order ``items(of:isShowingLogin:)`` lists them.
    static func item(_ index: Int, of screen: Screen, isShowingLogin: Bool) -> ScreenItem? {
        guard index >= 0 else { return nil }
        if index < screen.links.count { return .link(number: index + 1, screen.links[index]) }
        var rest = index - screen.links.count
        if isShowingLogin {
            if rest == 0 { return .logIn }
            rest -= 1
        }
        if screen.leaveGuard != nil, rest == 0 { return .discardChanges }
        return nil
    }

    /// The items of `screen`.
    static func items(of screen: Screen, isShowingLogin: Bool) -> [ScreenItem] {
        var items = screen.links.enumerated().map { ScreenItem.link(number: $0.offset + 1, $0.element) }
        if isShowingLogin {
            items.append(.logIn)
        }
        if screen.leaveGuard != nil {
            items.append(.discardChanges)
        }
        return items
    }

    /// The item a screen's selection starts on: the login button on the login screen (Enter logs
    /// in), else the first item.
    var initialSelection: Int {
        isShowingLogin ? state.top.links.count : 0
    }

    /// The selected item of the top screen (0 when it has none).
    package var selection: Int {
        get {
            let count = itemCount
            guard count > 0 else {
                return 0
            }
            return min(max(0, selections[state.top.id] ?? initialSelection), count - 1)
        }
        set {
            let count = itemCount
            selections[state.top.id] = count == 0 ? 0 : min(max(0, newValue), count - 1)
        }
    }

    /// Carries the marks of an earlier run of the app over (a reload keeps what the run reached).
    package mutating func keepCoverage(_ earlier: RouteCoverage) {
        routePanel.coverage = earlier
    }

    /// The layout of the current size and panels.
    package var layout: AppLayout {
        let focused: AppLayout.Panel? = switch focus {
        case .log: .log
        case .filter: .routes
        case .phone, .prompt: nil
        }
        // Every tab label whole, with a column between labels, one clear of the frame on each side, and the frame.
        let gated = snapshot.gatedTabRoots
        let labels = state.tabs.enumerated().map { index, tab in
            let label = AppView.tabLabel(number: index, title: tab.title, locked: gated.contains(tab.rootURL))
            return AppViewText.width(label.prefix + label.title)
        }
        let tabBar = labels.reduce(0, +) + labels.count + 4
        return AppLayout(width: width, height: height, showsLog: showsLog, showsRoutes: showsRoutes, focused: focused,
                         tabBarWidth: tabBar)
    }

    /// Gives the line editors the widths their fields have in the current layout, and scrolls the
    /// phone's top screen as little as brings its selection back in sight (a resize or a panel shown or
    /// hidden changes the phone's rows and width).
    package mutating func relayout() {
        let layout = self.layout
        prompt.fieldWidth = max(1, layout.promptField.width)
        filter.fieldWidth = max(1, layout.filterField?.width ?? 20)
        keepSelectionInSight()
    }

    /// Scrolls the phone's top screen as little as shows its selected link, when it is out of sight.
    package mutating func keepSelectionInSight() {
        guard itemCount > 0, let scroll = AppView.topLayerScroll(self) else { return }
        let line = scroll.itemStart + selection
        guard line < scroll.offset || line >= scroll.offset + scroll.rows else { return }
        phoneScroll[state.top.id] = AppView.offset(showing: line, from: scroll.offset, total: scroll.total,
                                                   rows: scroll.rows)
    }

    /// The words Tab completes for an app: its tab roots and link URLs (without `{…}` templates),
    /// then the route patterns, each once.
    static func completionWords(app: AppDescription, routes: [String]) -> [String] {
        var words: [String] = []
        var seen: Set<String> = []
        let links = app.routes.flatMap(\.links).map(\.url).filter { !$0.utf8.contains(UInt8(ascii: "{")) }
        // A generated app's index and login URLs are internal: Tab never offers them.
        let roots = app.tabs.map(\.root).filter { !app.isGeneratedScreen($0) }
        for word in roots + links.sorted() + routes.sorted()
        where !app.isGeneratedScreen(word) && seen.insert(word).inserted {
            words.append(word)
        }
        return words
    }

    /// The texts Tab can complete `prefix` to, sorted: the top screen's link URLs and
    /// ``completionWords`` that start with `prefix` (all of them when `prefix` is empty).
    package func completions(for prefix: String) -> [String] {
        Self.completions(for: prefix, links: state.top.links.map(\.url), words: completionWords)
    }

    /// The texts among `links` and `words` that start with `prefix`, each once, sorted.
    static func completions(for prefix: String, links: [String], words: [String]) -> [String] {
        Set(links + words).filter { $0.hasPrefix(prefix) }.sorted()
    }
}
