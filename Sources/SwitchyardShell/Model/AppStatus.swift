import Switchyard
import SwitchyardNavigation
import TerminalKit

/// The status line's message: what the last step did, in words.
package struct AppStatus: Hashable, Sendable {
    /// How the message is shown.
    package enum Kind: Hashable, Sendable {
        /// Something failed (invalid URL, no route, rejected, vetoed…): shown in the error colour.
        case error
        /// Something worth noticing (login resumed, already showing…).
        case note
        /// A plain report of what moved.
        case info
    }

    /// The sentence shown.
    package var text: String
    /// How it is shown.
    package var kind: Kind
    /// The whole message, when the status line shows a shorter ``text``: the messages view (`m`)
    /// shows this one.
    package var detail: String?
    /// How many times in a row the message was said (a refusal met again): the status line and the
    /// messages view show `(×N)` from the second time on, so a fresh one never reads as the old text.
    package var repeats = 1
    /// What asked for the step the message reports (`back`, `tab 2`, `open app://x`), when it
    /// reports one: a message counts as a repeat only when the same command met it again, so a tab
    /// switch refused by a guard that refused a back is not `(×3)` of the back.
    package var origin: String?
    /// Whether the message reports where a walk has got to (a log search's `match 2/5 for order`): the
    /// messages view keeps the newest of a run of them from the same ``origin``, not every step.
    package var isProgress = false

    /// Creates a message.
    package init(_ text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }

    /// Equal messages read the same: text, kind, detail and count (what asked for them aside).
    package static func == (lhs: AppStatus, rhs: AppStatus) -> Bool {
        lhs.text == rhs.text && lhs.kind == rhs.kind && lhs.detail == rhs.detail && lhs.repeats == rhs.repeats
    }

    /// Hashes what ``==`` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(kind)
        hasher.combine(detail)
        hasher.combine(repeats)
    }

    /// Whether `other` says the same as this message, for the same command (its count of repeats aside).
    package func says(_ other: AppStatus) -> Bool {
        text == other.text && kind == other.kind && detail == other.detail && origin == other.origin
    }

    /// The marker, the count of repeats when there is one, and `text`: `✗ (×2) Edit profile refuses…`.
    /// The count leads, where a status line cut short still shows it.
    package func marked(_ text: String) -> String {
        Self.marker(kind) + (repeats > 1 ? " (×\(repeats))" : "") + " " + text
    }

    /// The message for a step: its error in words, its note, or the transition it played.
    ///
    /// - Parameters:
    ///   - report: what the runtime did.
    ///   - effect: what was asked of it.
    ///   - isShowingLogin: whether the login screen is on top after the step.
    ///   - heldFor: the URL that made the login gate hold the open, when it is not the opened URL
    ///     itself (the tab a showTab jump selects, a deep link's parent).
    package init(report: StepReport, effect: NavigationCommand, isShowingLogin: Bool, heldFor: String? = nil) {
        if report.isError, case .back = effect, report.outcome == nil,
           report.message == AppRuntime.nothingToGoBack(from: report.state.top.title) {
            // A refusal, in the runtime's words, as the log and a script say it: never marked as something
            // that moved.
            self.init(Self.capitalized(report.message ?? ""), kind: .error)
            return
        }
        if report.isError {
            var text = report.outcome.flatMap(Self.failure) ?? Self.capitalized(report.message ?? "\(effect) failed")
            if let nearest = report.nearest {
                text = text.replacingOccurrences(of: " (R shows the route table)", with: "") + " · nearest \(nearest)"
            }
            // The one place the way out of a veto is named, whichever command met it (a vetoed
            // outcome's own words leave it out).
            if text.contains("refuses to be left"), !text.hasSuffix(" (D discards)") {
                text += " (D discards)"
            }
            // A refusal of anything but a back names what it refused (`tab 2 · Edit profile refuses…`):
            // the same guard meeting another command is another message, not a repeat of the back.
            if text.contains("refuses to be left") {
                switch effect {
                case .back: break
                default: text = "\(effect) · " + text
                }
            }
            self.init(text, kind: .error)
            return
        }
        if isShowingLogin, case .redirected(let chain, _) = report.outcome, var first = chain.first {
            // `tab N` opens the tab's root with the runtime's own `jumpType=tab` carrier query: the user
            // asked for the tab, so its root is named.
            if case .tab(let number) = effect, report.state.tabs.indices.contains(number - 1) {
                let root = report.state.tabs[number - 1].rootURL
                if first.hasPrefix(root + "?") { first = root }
            }
            // What needs login leads, so the window's width never cuts it; the URL that showed it follows,
            // and a hold this step ended is said last.
            let gated = heldFor.map { $0 == first || $0.hasPrefix(first + "?") ? first : $0 } ?? first
            let shownBy = gated == first ? "" : " · shown by \(first)"
            // A hold this step ended is named short (the messages view keeps the whole message).
            let ended = report.cancelledHold.map { " · held #\($0.openID) \($0.url) cancelled" }
                ?? report.message.map { " · " + $0 } ?? ""
            self.init("\(gated) needs login: L logs in, Esc cancels\(shownBy)\(ended)", kind: .note)
            if report.cancelledHold != nil, let message = report.message {
                detail = "\(gated) needs login\(shownBy) · \(message)"
            }
            return
        }
        if let held = report.cancelledHold, report.transition != .none {
            // What moved leads and the hold it ended follows, so 80 columns show both; why the hold
            // ended is this step itself (the log's line for the held open gives the reason in full).
            let moved = Self.capitalized(report.transition.mainStep.inWords(tabs: report.state.tabs.map(\.title)))
            // The start of the whole message (`held #1 app://x cancelled: …`), cut before the why.
            self.init("\(moved) · held #\(held.openID) \(held.url) cancelled", kind: .note)
            detail = report.message.map { "\(moved) · \($0)" }
            return
        }
        if let message = report.message {
            self.init(Self.capitalized(message), kind: .note)
            return
        }
        switch report.transition {
        case .none:
            // Not a success: nothing moved, so no ✓.
            self.init("\(effect): nothing changed", kind: .note)
        case let transition:
            var text = Self.capitalized(transition.inWords(tabs: report.state.tabs.map(\.title)))
            if case .redirected(let chain, _) = report.outcome, chain.count > 1 {
                text += " · redirected " + chain.joined(separator: " → ")
            }
            self.init(text, kind: .info)
        }
    }

    /// A failed outcome in words (``RouteOutcome/failureWords``, capitalized), or nil when the outcome
    /// was handled (then the runtime's own message says what went wrong, e.g. a leave guard's veto).
    static func failure(_ outcome: RouteOutcome) -> String? {
        guard let words = outcome.failureWords.map(capitalized) else { return nil }
        // The app names where to look for the routes.
        if case .notFound = outcome { return words + " (R shows the route table)" }
        return words
    }

    /// `text` with its first letter upper-cased.
    static func capitalized(_ text: String) -> String {
        // An identifier (`cart.add(item: 7)`, `app://x`) keeps its case: only a plain first word is capitalized.
        var word = text.prefix { !$0.isWhitespace }
        if word.last == ":" || word.last == "," || word.last == ";" { word = word.dropLast() }
        guard let first = text.first, word.allSatisfy(\.isLetter) else {
            return text
        }
        return first.uppercased() + text.dropFirst()
    }
}
