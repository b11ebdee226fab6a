/// Why a constraint was refused at registration.
///
/// Constraints are checked with a linear-time engine, so none of the rejected patterns could slow
/// Switchyard down. They are still refused because callers copy patterns between Switchyard and
/// backtracking engines (`NSRegularExpression`, Swift `Regex`, server routers), where they explode.
public struct ConstraintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem found in the constraint source.
    ///
    /// The safety rules, applied after parsing (a "repeat" is a quantifier that allows two or more
    /// repetitions: `*`, `+`, `{n,}`, `{n,m}` with `m >= 2`; "variable" means the count is not
    /// fixed: `?`, `*`, `+`, `{n,}`, `{n,m}` with `n < m`):
    ///
    /// 1. ``nestedQuantifier``: a repeated group whose body can match the empty string
    ///    (`(a?){25}`, `(a*)*`), or whose body contains a variable quantifier (`(a+)+`, `(.*a){12}`,
    ///    `(a{2,})+`, `(a{1,2}){9}`). Exception: the body is a sequence that begins or ends with a
    ///    required single-character item (a *delimiter*) whose characters occur nowhere else in the
    ///    body, so every delimiter in the input starts or ends exactly one repetition:
    ///    `v[0-9]+(\.[0-9]+)*`, `(/[^/]+)+`, `([a-z]+-)*[a-z]+`, `(\d{1,3}\.){3}\d{1,3}` are accepted.
    /// 2. ``overlappingAlternation``: inside the body of a repeat, two alternatives that can start
    ///    with the same character, or that can both match the empty string (`(a|aa)+`, `(\w|\d)+`,
    ///    `(a|ab)*c`). Top-level alternation outside any repeat (`cat|car`) is fine.
    /// 3. ``adjacentOverlappingQuantifiers``: in one sequence, two items that each contain an
    ///    unbounded quantifier, with only optional items between them, where the first can end with
    ///    and the second can start with a shared character (`a*a*`, `\d+\.?\d*`, `[a-z]+\w+`).
    ///    Inside the body of a repeat the rule is strict: any two variable items count
    ///    (`(x a?a?)+` is refused, since each repetition could split its input two ways).
    public enum Reason: Sendable, Equatable {
        /// Nothing to match: an empty constraint `()`, an empty group, or an empty alternative (`a|`).
        case empty
        /// A construct outside the supported subset; the payload names it, e.g. `"possessive quantifier"`,
        /// `"named group"`, `"\\b"`, `"inline flags"`, `"reversed range"`.
        case unsupportedSyntax(String)
        /// A backreference: `\1`...`\9`, `\k<name>`, `(?P=name)`.
        case backreference
        /// A lookahead or lookbehind: `(?=`, `(?!`, `(?<=`, `(?<!`.
        case lookaround
        /// A repeat over a body that can match empty or holds a variable quantifier (rule 1).
        case nestedQuantifier
        /// Alternatives under a repeat that can start with the same character (rule 2).
        case overlappingAlternation
        /// Two unbounded items next to each other that can match the same characters (rule 3).
        case adjacentOverlappingQuantifiers
        /// `(` without `)`, `[` without `]`, or a stray `)`, `]` or `}` (write `\]`, `\}` for literals).
        case unbalanced
        /// A quantifier with nothing before it, after another quantifier, malformed `{...}`,
        /// `{n,m}` with `n > m`, or a count above 1000.
        case badQuantifier
        /// More than 256 NFA states after expanding counted repeats, groups nested deeper than
        /// 32 levels, or a source longer than 1024 characters.
        case tooComplex
    }

    /// What went wrong.
    public let reason: Reason
    /// Character offset (0-based, counted in Unicode scalars) in the constraint source where the
    /// problem was found.
    public let offset: Int
    /// The constraint source text.
    public let source: String

    /// Creates an error; normally only the constraint compiler does this.
    public init(_ reason: Reason, at offset: Int, in source: String) {
        self.reason = reason
        self.offset = offset
        self.source = source
    }

    /// A readable message naming the problem, its offset and the constraint, e.g.
    /// `nested quantifier at offset 4 in constraint '(a+)+': it can backtrack catastrophically`.
    public var description: String {
        let (what, why): (String, String)
        switch reason {
        case .empty: (what, why) = ("empty pattern", "a constraint, group or alternative must match something")
        case .unsupportedSyntax(let name):
            (what, why) = ("unsupported syntax '\(name)'",
                           "only literals, '.', classes, \\d \\w \\s, groups, '|' and quantifiers are supported")
        case .backreference: (what, why) = ("backreference", "backreferences are not supported")
        case .lookaround: (what, why) = ("lookaround", "lookahead and lookbehind are not supported")
        case .nestedQuantifier: (what, why) = ("nested quantifier", "it can backtrack catastrophically")
        case .overlappingAlternation:
            (what, why) = ("overlapping alternation",
                           "alternatives under a repeat that can start alike can backtrack catastrophically")
        case .adjacentOverlappingQuantifiers:
            (what, why) = ("adjacent overlapping quantifiers",
                           "neighbouring repeats over shared characters can backtrack catastrophically")
        case .unbalanced: (what, why) = ("unbalanced bracket", "every '(' needs a ')' and every '[' a ']'")
        case .badQuantifier:
            (what, why) = ("invalid quantifier",
                           "a quantifier needs an item before it and counts 0...1000 with min <= max")
        case .tooComplex:
            (what, why) = ("too complex pattern", "at most 256 states, 32 nested groups and 1024 characters")
        }
        return "\(what) at offset \(offset) in constraint '\(source)': \(why)"
    }
}
