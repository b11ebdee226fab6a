/// A condition a registration runs under, as written in the source: `if ([UIDevice isPad])`, `#if DEBUG`,
/// `switch idiom, case .pad`, `guard isEnabled else { … }`, with its line.
struct SourceCondition: Equatable {
    let text: String
    let line: Int
}
