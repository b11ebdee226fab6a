/// The answer to a question about languages: a witness string, none, or undecided (a cap was hit).
package enum LanguageAnswer: Sendable, Equatable {
    /// A string with the property asked about.
    case witness(String)
    /// No string has it.
    case none
    /// The search stopped at its state cap.
    case undecided
}
