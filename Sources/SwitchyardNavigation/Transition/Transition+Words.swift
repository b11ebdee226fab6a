extension Transition {
    /// The transition in the user's words: screen titles, tabs by their title (`tabs`, the tab bar
    /// shows their numbers), no animation names (`opened Order #42`, `back to Orders`, `switched to
    /// Orders`). The status line and the placer's notes both say a step this way.
    public func inWords(tabs: [String]) -> String {
        func tab(_ index: Int) -> String {
            tabs.indices.contains(index) ? tabs[index] : "tab \(index + 1)"
        }
        switch self {
        case .push(_, let to, _): return "opened \(to.title)"
        case .pushMany(_, let pushed, _): return "opened \(pushed.last?.title ?? "") (\(pushed.count) screens pushed)"
        case .pop(_, let to, _): return "back to \(to.title)"
        case .popTo(_, let to, let removed, _):
            return "back to \(to.title), closed \(removed) screen\(removed == 1 ? "" : "s")"
        case .present(let screen, _, _): return "presented \(screen.title)"
        case .dismiss(let screen, _): return "closed \(screen.title)"
        case .dismissMany(let screens, _): return "closed \(screens.map(\.title).joined(separator: ", "))"
        case .tabSwitch(_, let to, _): return "switched to \(tab(to))"
        case .rootReplaced(_, let to, _): return "\(to.title) replaced the whole stack"
        case .replace(let from, let to, _): return "replaced \(from.title) with \(to.title)"
        case .removed(let screen, let top, _): return "closed \(screen.title) under \(top.title)"
        case .sequence(let steps): return steps.map { $0.inWords(tabs: tabs) }.joined(separator: ", then ")
        case .none: return "nothing changed"
        }
    }
}
