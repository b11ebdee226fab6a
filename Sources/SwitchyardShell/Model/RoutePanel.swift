import Switchyard
import SwitchyardTooling
import SwitchyardNavigation
import Synchronization
import TerminalKit

/// The route table panel's own model (F3): its rows, indexed for the filter, the filter line, the
/// rows it lets through, the selection, the "test a URL" verdicts and the routes this run reached.
package struct RoutePanel: Equatable, Sendable {
    /// Where the rows come from: given, or made the first time the panel is read (F3 first shown).
    private var source: RouteRowSource
    /// The rows, indexed for the filter.
    package var index: RouteTableIndex { source.index }
    /// ``filtered`` once the filter or a URL test has chosen rows; nil for all of them.
    private var chosen: RouteRowList?
    /// The rows the filter lets through (in "test a URL" mode, the candidates with their verdicts);
    /// kept up to date as the filter's text, the rows or the URL test change.
    package private(set) var filtered: RouteRowList {
        get { chosen ?? index.all }
        set { chosen = newValue }
    }
    /// The selected row among ``filtered``.
    package var selection = 0
    /// The filter line (a change of its text filters the rows again).
    package var filter = LineEditor(historyLimit: 0) {
        didSet {
            if filter.text != oldValue.text { refilter() }
        }
    }
    /// "Test a URL" mode: the router's verdicts for the URL typed in the filter (sent back by the
    /// loop for ``AppEffect/explain(_:)``), so the table lists every candidate with its verdict.
    package var urlTest: URLTest? {
        didSet {
            if urlTest != oldValue { refilter() }
        }
    }
    /// The routes this run of the app has reached (``RouteCoverage``), marked in the table.
    package var coverage = RouteCoverage()

    /// A panel of `rows`, unfiltered.
    package init(rows: [RouteRow]) {
        source = RouteRowSource(index: RouteTableIndex(rows: rows))
    }

    /// A panel whose rows `make` makes, with their index, the first time the panel is read: a big route
    /// table's rows are work the first frame does not need.
    package init(making make: @escaping @Sendable () -> [RouteRow]) {
        source = RouteRowSource(make)
    }

    /// The rows (routes, redirects, relocations); setting them indexes them again.
    package var rows: [RouteRow] {
        get { index.rows }
        set {
            source = RouteRowSource(index: RouteTableIndex(rows: newValue))
            chosen = nil
            refilter()
        }
    }

    /// Equal rows, filter, selection, URL test and coverage; a panel whose rows are not made yet is not made
    /// to compare with itself.
    package static func == (a: RoutePanel, b: RoutePanel) -> Bool {
        guard a.selection == b.selection, a.filter == b.filter, a.urlTest == b.urlTest, a.coverage == b.coverage
        else { return false }
        if a.source === b.source, a.chosen == nil, b.chosen == nil { return true }
        return a.index == b.index && a.filtered == b.filtered
    }

    /// The verdicts for one URL typed in the filter.
    package struct URLTest: Equatable, Sendable {
        /// The URL as typed.
        package var url: String
        /// The winning pattern, if any.
        package var winner: String?
        /// Every candidate with its verdict, winner first.
        package var candidates: [Explanation.Candidate]
        /// The redirects and relocations followed first.
        package var via: [String]
        /// Why the URL cannot be opened at all (an invalid URL), if so.
        package var problem: String?
        /// Routes of the file that match the URL but did not load for an error (`routes[6]
        /// (shop://orders)`), so a URL meant for one is not answered only with the others' verdicts.
        package var unloaded: [String] = []

        /// The verdicts of `explanation`, for the URL `url` as typed.
        package init(url: String, explanation: RouteExplanation) {
            self.url = url
            winner = explanation.stopped == nil ? explanation.final.winner : nil
            candidates = explanation.final.candidates
            via = explanation.steps.map(\.description) + (explanation.stopped.map { ["stopped: \($0)"] } ?? [])
            problem = explanation.final.error.map { "invalid URL: \($0)" }
        }
    }

    /// The filter's text when it holds a URL (`scheme://…`), trimmed; nil otherwise.
    var typedURL: String? {
        let text = filter.text.trimmingCharacters(in: .whitespaces)
        return text.contains("://") ? text : nil
    }

    /// Whether ``urlTest`` holds the verdicts for the URL in the filter now.
    var isTestingTypedURL: Bool {
        urlTest != nil && urlTest?.url == typedURL
    }

    /// Filters the rows again for the current filter text or URL test; a text that only adds to the
    /// previous one narrows the previous result.
    private mutating func refilter() {
        if let urlTest, isTestingTypedURL {
            filtered = index.tested(by: urlTest)
        } else {
            filtered = index.filtered(by: filter.text, narrowing: filtered)
        }
    }

    /// Whether this run of the app has reached the route of `row` (a route row only).
    package func isReached(_ row: RouteRow) -> Bool {
        row.kind == .route && coverage.count(of: RouteCoverage.Route(pattern: row.pattern, target: row.target)) > 0
    }

    /// How many route rows this run of the app has reached.
    package var reachedCount: Int {
        Set(coverage.counts.keys.compactMap { index.row(of: $0) }).count
    }

    /// What the panel makes of the messages that concern it alone.
    mutating func update(_ message: AppMessage) {
        switch message {
        case .editFilter(let key):
            if filter.handle(key) == .edited { selection = 0 }
        case .moveRouteSelection(let delta):
            let count = filtered.count
            selection = min(max(0, selection + min(max(delta, -count), count)), max(0, count - 1))
        case .urlTested(let test):
            urlTest = test
        default:
            break
        }
    }

    /// Keys while the filter line has the focus: ↑ ↓ PgUp PgDn move the selection, Home and End select
    /// the first and the last route (as g G and Home End do in the log; letters are the filter's, and
    /// Ctrl-A Ctrl-E still move along the filter line), Enter copies the selected route (or the tested
    /// URL) into the prompt, Tab moves the focus on, Esc gives it back to the phone; anything else edits
    /// the filter.
    func message(for key: Key) -> AppMessage {
        switch key {
        case .escape, .backTab: return .focusPhone
        case .tab: return .focusNext
        case .up: return .moveRouteSelection(-1)
        case .down: return .moveRouteSelection(1)
        case .pageUp: return .moveRouteSelection(-10)
        case .pageDown: return .moveRouteSelection(10)
        case .home: return .moveRouteSelection(-filtered.count)
        case .end: return .moveRouteSelection(filtered.count)
        case .enter: return .useRoute(nil)
        default: return .editFilter(key)
        }
    }
}

/// The route table panel's rows and their index, given or made on first use (``RoutePanel/init(making:)``).
final class RouteRowSource: Sendable {
    private let make: @Sendable () -> [RouteRow]
    private let made: Mutex<RouteTableIndex?>

    /// Rows that `make` makes on first use.
    init(_ make: @escaping @Sendable () -> [RouteRow]) {
        self.make = make
        made = Mutex(nil)
    }

    /// Rows indexed already.
    init(index: RouteTableIndex) {
        make = { index.rows }
        made = Mutex(index)
    }

    /// The rows' index (made now if it was not yet).
    var index: RouteTableIndex {
        made.withLock { made in
            if let made { return made }
            let index = RouteTableIndex(rows: make())
            made = index
            return index
        }
    }
}
