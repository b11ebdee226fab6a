/// What lint concludes about one route from the routes that rank above it.
package enum ShadowVerdict: Sendable, Equatable {
    /// Some URL reaches the route.
    case reachable
    /// Every URL it matches goes to these higher-ranked routes (indices), e.g. `example`.
    case shadowed(by: [Int], example: String)
    /// It matches no URL at all.
    case unmatchable
    /// A search hit its cap before an answer.
    case undecided
}
