import TerminalKit

extension AppModel {
    /// Scrolls the phone's top screen by `delta` lines (within its content), then brings the
    /// selection onto the nearest link in sight when it went out of sight and a link is in sight.
    /// With no link in sight the selection stays.
    mutating func scrollPhone(by delta: Int) {
        guard let scroll = AppView.topLayerScroll(self), scroll.total > scroll.rows else {
            say(AppStatus("\(top.title) fits on the screen: nothing to scroll", kind: .note))
            return
        }
        let offset = min(max(0, scroll.offset + delta), scroll.total - scroll.rows)
        phoneScroll[state.top.id] = offset
        let count = itemCount
        guard count > 0 else { return }
        // The items in sight, as indices.
        let first = max(0, offset - scroll.itemStart)
        let last = min(count - 1, offset + scroll.rows - 1 - scroll.itemStart)
        guard first <= last else { return }
        if selection < first {
            selection = first
        } else if selection > last {
            selection = last
        }
    }
}
