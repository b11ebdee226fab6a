/// The conditions every token of one file runs under (``conditions(at:)``), found in one pass over the
/// tokens: the bodies of `if` / `else` (braced, or one statement in Objective-C, Java and Kotlin),
/// `switch` and its `case` labels, Kotlin `when`, what follows a Swift `guard` or an `if` whose body
/// returns early, and `#if` … `#endif` (Swift's in the tokens, Objective-C's from the lexer's directives).
/// Conditions on the object's own lifetime (`if (self)`, `if (!self) return nil;`, `guard let self`) and
/// include guards are not counted: they never decide whether a registration runs.
struct SourceConditions {
    /// The nodes of a tree of conditions: each node's parent (-1 for none) and condition.
    private var parents: [Int32] = []
    private var texts: [SourceCondition] = []
    /// Per token: the node of the innermost statement condition and of the innermost `#if`.
    private var statementNode: [Int32] = []
    private var directiveNode: [Int32] = []
    /// Bounds each condition's text.
    static let maxTextTokens = 40

    private enum FrameKind { case plain, condition(SourceCondition, exits: Bool), guardElse(SourceCondition),
        switchBody(SourceCondition) }
    private struct Frame {
        let kind: FrameKind
        /// The node before the frame opened, restored when it closes.
        let restore: Int32
        /// The node the frame's body runs under (a `switch`'s, which each `case` label refines).
        let node: Int32
        /// A one-statement body (no braces): it ends at `;`, or in Kotlin at a later line.
        let statement: Bool
        let firstLine: Int
    }

    /// No tokens, no conditions.
    static let none = SourceConditions(tokens: [], directives: [], language: .swift)

    /// The conditions at token `index`, outermost first (`#if`s before statement conditions).
    func conditions(at index: Int) -> [SourceCondition] {
        guard index >= 0 && index < statementNode.count else { return [] }
        return chain(directiveNode[index]) + chain(statementNode[index])
    }

    private func chain(_ start: Int32) -> [SourceCondition] {
        var out: [SourceCondition] = []
        var n = start
        while n >= 0 && out.count < 64 {
            out.append(texts[Int(n)])
            n = parents[Int(n)]
        }
        return out.reversed()
    }

    private mutating func node(_ parent: Int32, _ condition: SourceCondition) -> Int32 {
        parents.append(parent)
        texts.append(condition)
        return Int32(texts.count - 1)
    }

    init(tokens: [SourceToken], directives: [SourceDirective], language: SourceLanguage) {
        statementNode = Array(repeating: -1, count: tokens.count)
        directiveNode = Array(repeating: -1, count: tokens.count)
        func token(_ k: Int) -> SourceToken? { k >= 0 && k < tokens.count ? tokens[k] : nil }
        func isWord(_ k: Int, _ w: String) -> Bool { token(k)?.identifier == w }
        /// The condition as written, rebuilt from its tokens (spaces where the source would have them).
        func text(_ range: Range<Int>) -> String {
            let keywords: Set<String> = ["case", "return", "in", "is", "as", "if", "guard", "else", "where", "switch",
                "when", "while"]
            func isOperator(_ t: SourceToken?) -> Bool {
                guard case .punctuation(let c)? = t?.kind else { return false }
                return "=!<>&|+-*/%?".contains(c)
            }
            func isReceiver(_ t: SourceToken?) -> Bool {
                guard let t else { return false }
                if let w = t.identifier { return !keywords.contains(w) }
                return t.isPunctuation(")") || t.isPunctuation("]") || t.isPunctuation("?") || t.isPunctuation("!")
            }
            var out = ""
            var previous: SourceToken?
            for k in range.prefix(Self.maxTextTokens) {
                let t = tokens[k]
                let piece: String
                switch t.kind {
                case .identifier(let w): piece = w
                case .string(let s, _): piece = "\"" + s.prefix(40) + "\""
                case .punctuation(let c): piece = String(c)
                }
                var tight = previous == nil
                if let p = previous {
                    if p.isPunctuation("(") || p.isPunctuation("[") || p.isPunctuation("@") || p.isPunctuation("#")
                        || p.isPunctuation(".") { tight = true }
                    if p.isPunctuation("!") && !isReceiver(k >= 2 ? tokens[k - 2] : nil) { tight = true }
                    if t.isPunctuation(")") || t.isPunctuation("]") || t.isPunctuation(",") || t.isPunctuation(";")
                        || t.isPunctuation(":") { tight = true }
                    if t.isPunctuation(".") && isReceiver(p) { tight = true }
                    if t.isPunctuation("(") && p.identifier != nil && !keywords.contains(p.identifier ?? "") {
                        tight = true
                    }
                    if isOperator(t) && isOperator(p) && !t.isPunctuation("!") { tight = true }
                    let next = k + 1 < tokens.count ? tokens[k + 1] : nil
                    if t.isPunctuation("!") && isReceiver(p) && !isOperator(next) {
                        tight = true  // a force unwrap, `x!`
                    }
                }
                out += (tight ? "" : " ") + piece
                previous = t
            }
            if range.count > Self.maxTextTokens { out += " …" }
            return out
        }
        // The look-ahead of all headers together is bounded, so a hostile file (thousands of unclosed
        // `if (`) stays linear: past the budget no further condition is recognised.
        var budget = tokens.count * 8 + 10_000
        /// The index of the `)` matching the `(` at `open`, or nil.
        func closing(_ open: Int) -> Int? {
            var depth = 0
            var k = open
            while k < tokens.count && k < open + 4000 {
                budget -= 1
                if budget < 0 { return nil }
                if tokens[k].isPunctuation("(") { depth += 1 }
                if tokens[k].isPunctuation(")") { depth -= 1; if depth == 0 { return k } }
                k += 1
            }
            return nil
        }
        /// The first `{` (or, with `stopWord`, that word) after `from` outside parentheses and brackets.
        func braceAfter(_ from: Int, stopWord: String? = nil) -> Int? {
            var depth = 0
            var k = from
            while k < tokens.count && k < from + 4000 {
                budget -= 1
                if budget < 0 { return nil }
                let t = tokens[k]
                if t.isPunctuation("(") || t.isPunctuation("[") { depth += 1 }
                if t.isPunctuation(")") || t.isPunctuation("]") { depth -= 1 }
                if depth == 0, let stopWord, t.identifier == stopWord { return k }
                if depth == 0 && stopWord == nil && t.isPunctuation("{") { return k }
                if t.isPunctuation("}") || t.isPunctuation(";") { return nil }
                k += 1
            }
            return nil
        }
        /// Whether a condition is only about the object's own lifetime (`self`, `nil`, `let self`).
        func aboutLifetime(_ range: Range<Int>) -> Bool {
            let allowed: Set<String> = ["if", "guard", "else", "self", "nil", "NULL", "null", "super", "init", "let",
                "var", "strongSelf", "weakSelf", "this"]
            var sawSelf = false
            for k in range {
                guard let w = tokens[k].identifier else { continue }
                if !allowed.contains(w) { return false }
                if w == "self" || w == "this" || w == "strongSelf" { sawSelf = true }
            }
            return sawSelf
        }
        func exits(at k: Int) -> Bool {
            guard let w = token(k)?.identifier else { return false }
            return ["return", "throw", "break", "continue", "fatalError"].contains(w)
        }

        var frames: [Frame] = []
        var current: Int32 = -1
        /// Open `#if`s: the node to restore, the `#if`'s text, whether it counts (not an include guard), the
        /// brace depth it opened at, the branch being read, and that branch's condition when it returns at
        /// the depth it opened at (`#ifdef TEST` `return YES;` `#endif`: what follows runs only without TEST).
        struct OpenDirective {
            let restore: Int32
            let text: String
            let counted: Bool
            let depth: Int
            var branch: SourceCondition
            var exit: SourceCondition?
        }
        var directiveStack: [OpenDirective] = []
        var currentDirective: Int32 = -1
        // Braces whose construct is known: index → the frame kind its body opens.
        var pending: [Int: FrameKind] = [:]
        // A one-statement body starting at this index.
        var pendingStatement: (index: Int, condition: SourceCondition, exits: Bool)?
        // The last `if` that closed, for an `else`: its condition and the index of its last token.
        var lastIf: (condition: SourceCondition, end: Int)?
        var d = 0

        func applyDirective(kind: SourceDirective.Kind, text: String, line: Int, guardName: String?) {
            switch kind {
            case .ifLike:
                let c = SourceCondition(text: text, line: line)
                // `#ifndef X` + `#define X`: an include guard, no condition.
                directiveStack.append(OpenDirective(restore: currentDirective, text: text, counted: guardName == nil,
                                                    depth: frames.count, branch: c))
                if guardName == nil { currentDirective = node(currentDirective, c) }
            case .elseIf, .elseBranch:
                guard let top = directiveStack.last, top.counted else { return }
                let shown = kind == .elseBranch ? "#else of \(top.text)" : "\(text), after \(top.text)"
                let c = SourceCondition(text: shown, line: line)
                directiveStack[directiveStack.count - 1].branch = c
                currentDirective = node(top.restore, c)
            case .end:
                guard let top = directiveStack.popLast() else { return }
                currentDirective = top.restore
                if let exit = top.exit, frames.count == top.depth {
                    current = node(current, SourceCondition(text: "not \(exit.text) (its branch returns early)",
                                                            line: exit.line))
                }
            case .define:
                break
            }
        }
        /// Closes the innermost frame at token `k` (its `}`, or the end of its one statement).
        func close(at k: Int) {
            guard let frame = frames.popLast() else { return }
            current = frame.restore
            switch frame.kind {
            case .condition(let c, let exits):
                lastIf = (c, k)
                // An `if` whose body leaves: what follows runs only when its condition is false.
                if exits && !isWord(k + 1, "else") {
                    current = node(current, SourceCondition(text: "not \(c.text) (its body returns early)",
                                                            line: c.line))
                }
            case .guardElse(let c):
                current = node(current, c)
            case .plain, .switchBody:
                break
            }
        }

        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            // Objective-C directives on the lines before this token.
            while d < directives.count && directives[d].line < t.line {
                let dir = directives[d]
                var guardName: String?
                if dir.text.hasPrefix("#ifndef"), d + 1 < directives.count, directives[d + 1].kind == .define,
                    directives[d + 1].name == dir.name
                {
                    guardName = dir.name
                }
                applyDirective(kind: dir.kind, text: dir.text, line: dir.line, guardName: guardName)
                d += 1
            }
            // Swift `#if` lines: read whole, never as statements.
            if language == .swift && t.isPunctuation("#"), let w = token(i + 1)?.identifier,
                ["if", "elseif", "else", "endif"].contains(w), i == 0 || tokens[i - 1].line < t.line
            {
                var end = i + 2
                while end < tokens.count && tokens[end].line == t.line { end += 1 }
                let kind: SourceDirective.Kind = w == "if" ? .ifLike : w == "elseif" ? .elseIf
                    : w == "else" ? .elseBranch : .end
                for k in i..<end {
                    statementNode[k] = current
                    directiveNode[k] = currentDirective
                }
                applyDirective(kind: kind, text: text(i..<end), line: t.line, guardName: nil)
                i = end
                continue
            }
            // A Kotlin one-statement body ends at a later line.
            while language == .kotlin, let top = frames.last, top.statement, t.line > top.firstLine {
                close(at: i - 1)
            }
            if let p = pendingStatement, p.index == i, !t.isPunctuation("{") {
                pendingStatement = nil
                let n = node(current, p.condition)
                frames.append(Frame(kind: .condition(p.condition, exits: p.exits || exits(at: i)), restore: current,
                                    node: n, statement: true, firstLine: t.line))
                current = n
            } else if let p = pendingStatement, p.index == i {
                pendingStatement = nil
                pending[i] = .condition(p.condition, exits: exits(at: i + 1))
            }
            statementNode[i] = current
            directiveNode[i] = currentDirective

            if t.isPunctuation("{") {
                let kind = pending.removeValue(forKey: i) ?? .plain
                var n = current
                switch kind {
                case .condition(let c, _), .switchBody(let c): n = node(current, c)
                case .plain, .guardElse: break
                }
                frames.append(Frame(kind: kind, restore: current, node: n, statement: false, firstLine: t.line))
                current = n
                i += 1
                continue
            }
            if t.isPunctuation("}") {
                // One-statement bodies inside the closing block end with it.
                while let top = frames.last, top.statement { close(at: i - 1) }
                close(at: i)
                i += 1
                continue
            }
            if t.isPunctuation(";") {
                while let top = frames.last, top.statement { close(at: i) }
                i += 1
                continue
            }
            guard let word = t.identifier, !(token(i - 1)?.isPunctuation(".") ?? false) else {
                i += 1
                continue
            }
            if word == "return" || word == "throw", let top = directiveStack.last, top.counted,
                frames.count == top.depth
            {
                directiveStack[directiveStack.count - 1].exit = top.branch
            }
            switch word {
            case "if" where !(token(i - 1)?.isPunctuation("#") ?? false):
                var prefix = ""
                if isWord(i - 1, "else"), let last = lastIf, last.end == i - 2 {
                    prefix = ", in the else of \(last.condition.text)"
                }
                if language == .swift {
                    guard let open = braceAfter(i + 1) else { break }
                    let c = SourceCondition(text: text(i..<open) + prefix, line: t.line)
                    if !aboutLifetime(i..<open) || !prefix.isEmpty {
                        pending[open] = .condition(c, exits: exits(at: open + 1))
                    }
                } else {
                    guard token(i + 1)?.isPunctuation("(") == true, let close = closing(i + 1) else { break }
                    let c = SourceCondition(text: text(i..<(close + 1)) + prefix, line: t.line)
                    if aboutLifetime(i..<(close + 1)) && prefix.isEmpty { break }
                    pendingStatement = (close + 1, c, false)
                }
            case "else":
                guard let last = lastIf, last.end == i - 1, !isWord(i + 1, "if") else { break }
                let c = SourceCondition(text: "else of \(last.condition.text)", line: t.line)
                pendingStatement = (i + 1, c, false)
            case "guard" where language == .swift:
                guard let elseAt = braceAfter(i + 1, stopWord: "else"), token(elseAt + 1)?.isPunctuation("{") == true
                else { break }
                if aboutLifetime(i..<elseAt) { break }
                pending[elseAt + 1] = .guardElse(SourceCondition(text: text(i..<elseAt) + " else { … }",
                                                                 line: t.line))
            case "switch", "when":
                if word == "when" && language != .kotlin { break }
                var open: Int?
                if token(i + 1)?.isPunctuation("(") == true, let close = closing(i + 1),
                    token(close + 1)?.isPunctuation("{") == true
                {
                    open = close + 1
                } else if language == .swift || language == .kotlin {
                    open = braceAfter(i + 1)
                }
                guard let open else { break }
                pending[open] = .switchBody(SourceCondition(text: text(i..<open), line: t.line))
            case "case", "default":
                guard let top = frames.last, case .switchBody(let s) = top.kind else { break }
                if word == "case", let p = token(i - 1), !(p.isPunctuation("{") || p.isPunctuation(";")
                    || p.isPunctuation("}") || p.isPunctuation(":") || p.line < t.line) { break }
                var k = i + 1
                var depth = 0
                while k < tokens.count && k < i + 200 {
                    let c = tokens[k]
                    if c.isPunctuation("(") || c.isPunctuation("[") { depth += 1 }
                    if c.isPunctuation(")") || c.isPunctuation("]") { depth -= 1 }
                    if depth == 0 && (c.isPunctuation(":") || c.isPunctuation("{") || c.isPunctuation(";")) { break }
                    k += 1
                }
                current = node(top.restore, SourceCondition(text: "\(s.text), \(text(i..<k))", line: t.line))
            default:
                break
            }
            i += 1
        }
    }
}
