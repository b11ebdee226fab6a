import Switchyard

/// What a URL template (an app's link or parent) can reach.
package enum TemplateVerdict: Sendable, Equatable {
    /// Some URL it can produce reaches a route, a redirect, a relocation or a mounted pattern.
    case reaches(example: String)
    /// None of its URLs reaches anything; `example` is one of them.
    case reachesNothing(example: String)
    /// It can produce no URL at all (its placeholders' constraints rule every value out).
    case empty
    /// A search hit its state cap.
    case undecided
    /// Not judged, and why (no scheme, a placeholder that may be empty…).
    case unchecked(reason: String)
}
