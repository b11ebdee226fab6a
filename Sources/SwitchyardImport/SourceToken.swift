/// A token of a C-family source file (Objective-C, Swift, Kotlin, Java), as far as `switchyard import`
/// needs one: identifiers, string literals (escapes decoded) and single punctuation characters, each with
/// its line. Comments are skipped; numbers read as identifiers.
struct SourceToken: Equatable {
    /// What the token is.
    enum Kind: Equatable {
        case identifier(String)
        /// A string literal's decoded value; `dynamic` when it interpolates (`\(x)`, `$x`, `${x}`).
        case string(String, dynamic: Bool)
        case punctuation(Character)
    }

    let kind: Kind
    /// The line the token starts on, from 1.
    let line: Int

    var identifier: String? { if case .identifier(let s) = kind { s } else { nil } }
    var string: String? { if case .string(let s, false) = kind { s } else { nil } }
    var isString: Bool { if case .string = kind { true } else { false } }
    func isPunctuation(_ c: Character) -> Bool { kind == .punctuation(c) }
}
