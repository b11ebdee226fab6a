/// A conditional-compilation line of an Objective-C file: `#if X`, `#ifdef X`, `#ifndef X`, `#elif X`,
/// `#else`, `#endif`; a `#define NAME` is kept too, as the second line of an include guard.
struct SourceDirective: Equatable {
    enum Kind: Equatable { case ifLike, elseIf, elseBranch, end, define }

    let kind: Kind
    /// The directive as written, spaces collapsed: `#if TARGET_OS_IOS`.
    let text: String
    /// The name after `#ifndef` or `#define`, for include guards.
    let name: String?
    let line: Int

    /// The directive of `scalars` (a whole line starting at `#`), or nil for one that is not conditional.
    init?(_ scalars: [Unicode.Scalar], line: Int) {
        let words = String(String.UnicodeScalarView(scalars)).dropFirst()
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let keyword = words.first else { return nil }
        switch keyword {
        case "if", "ifdef", "ifndef": kind = .ifLike
        case "elif", "elifdef", "elifndef": kind = .elseIf
        case "else": kind = .elseBranch
        case "endif": kind = .end
        case "define": kind = .define
        default: return nil
        }
        // A trailing comment is not part of the condition.
        var shown: [String] = []
        for w in words {
            if w.hasPrefix("//") || w.hasPrefix("/*") { break }
            shown.append(w)
        }
        text = "#" + shown.joined(separator: " ")
        name = words.count > 1 ? String(words[1].prefix { $0 == "_" || $0.isLetter || $0.isNumber }) : nil
        self.line = line
    }
}
