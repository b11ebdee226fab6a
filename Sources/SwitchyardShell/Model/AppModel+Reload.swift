import Switchyard
import SwitchyardKit
import SwitchyardNavigation

extension AppModel {
    /// The model of `runtime`, a reloaded app that carried on from this model's app: the panels (the
    /// route table's filter and the focus too), the prompt, the log, the messages and the route marks
    /// stay as they were, and the log then says
    /// `note`. Open and event numbers go on from the old app's, so every entry keeps its number and
    /// its folding. A hold the reload cancelled is marked on its open's line.
    @MainActor
    package func reloaded(with runtime: AppRuntime, note: String, cancelledHold: HeldNavigation?) -> AppModel {
        var fresh = AppModel(runtime: runtime, width: width, height: height, animationsEnabled: animationsEnabled,
                             tween: tween)
        fresh.showsLog = showsLog
        fresh.showsRoutes = showsRoutes
        fresh.relayout()
        // The log and the messages carry over whole (entries, numbering, folding, what they dropped);
        // the log goes back to its newest line.
        fresh.logPanel = logPanel
        fresh.logPanel.scroll = 0
        fresh.messagesPanel = messagesPanel
        fresh.messagesPanel.isShown = false
        fresh.recording = recording
        fresh.say(AppStatus(fresh.shown(note), kind: .note), time: runtime.secondsSinceStart)
        if let hold = cancelledHold,
            let index = fresh.log.lastIndex(where: { $0.event == nil && $0.id == hold.openID }) {
            fresh.log[index].fate = "⏸ held, then cancelled: the route file was reloaded"
            fresh.log[index].fateIsFailure = true
        }
        fresh.prompt = prompt
        fresh.keepCoverage(routePanel.coverage)
        // The route table keeps its filter (filtering the new rows) and the panel that had the keys
        // keeps them; a URL under test is tested again by the loop on the new router.
        fresh.filter = filter
        if focus == .phone || focus == .prompt || (focus == .log && showsLog) || (focus == .filter && showsRoutes) {
            fresh.focus = focus
        }
        return fresh
    }
}
