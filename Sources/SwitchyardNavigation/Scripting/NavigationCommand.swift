/// Everything a user (or a script, or a test) can ask the running app to do: the one command vocabulary
/// shared by the script runner, the terminal app's keys and mouse, and tests. ``AppRuntime/perform(_:callback:)``
/// executes it.
///
/// Each command reads from and prints to one script line: `open URL`, `back [ANIMATION]`,
/// `dismiss [ANIMATION]`, `tab N` (1-based), `tap N` (the N-th link, 1-based), `login`, `logout`, `discard`.
public enum NavigationCommand: Hashable, Sendable, CustomStringConvertible {
    /// Opens a URL through the router.
    case open(String)
    /// Pops the active stack, or dismisses a one-screen modal; the animation overrides the default.
    case back(animation: Animation? = nil)
    /// Dismisses the top modal; the animation overrides the default.
    case dismiss(animation: Animation? = nil)
    /// Selects tab `number` (1-based) by opening its root URL through the router.
    case tab(Int)
    /// Follows link `number` (1-based) of the top screen.
    case tap(Int)
    /// Logs in: removes the login screen and resumes the held navigation.
    case login
    /// Logs out.
    case logout
    /// Drops the top screen's leave guard.
    case discard

    /// The command words, for messages and completion.
    public static let words = ["open", "back", "dismiss", "tab", "tap", "login", "logout", "discard"]

    /// Reads one script line (without its line end). Surrounding blanks are ignored.
    /// - Throws: ``CommandParseError`` naming what is wrong.
    public init(parsing line: String) throws(CommandParseError) {
        let trimmed = line.trimmingBlanks
        let word: Substring
        let rest: String
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            word = trimmed[..<space]
            rest = String(trimmed[space...]).trimmingBlanks
        } else {
            word = Substring(trimmed)
            rest = ""
        }
        func noArgument(_ command: NavigationCommand) throws(CommandParseError) -> NavigationCommand {
            guard rest.isEmpty else { throw CommandParseError("\(word) takes no argument (got '\(rest)')") }
            return command
        }
        func animation() throws(CommandParseError) -> Animation? {
            guard !rest.isEmpty else { return nil }
            guard let animation = Animation(name: rest) else {
                let names = Animation.builtIns.map(\.name)
                let hint = didYouMean(rest, among: names + Animation.builtIns.map(\.exitName))
                throw CommandParseError("unknown animation '\(rest)'\(hint) (\(names.joined(separator: ", ")); "
                    + "slideToRight… name the same ones)")
            }
            return animation
        }
        func number(_ what: String) throws(CommandParseError) -> Int {
            guard let n = Int(rest), n >= 1 else { throw CommandParseError("\(word) needs \(what) (a number from 1)") }
            return n
        }
        switch word {
        case "open":
            guard !rest.isEmpty else { throw CommandParseError("open needs a URL") }
            self = .open(rest)
        case "back": self = .back(animation: try animation())
        case "dismiss": self = .dismiss(animation: try animation())
        case "tab": self = .tab(try number("a tab number"))
        case "tap": self = .tap(try number("a link number"))
        case "login": self = try noArgument(.login)
        case "logout": self = try noArgument(.logout)
        case "discard": self = try noArgument(.discard)
        default:
            let hint = didYouMean(word, among: Self.words + ["expect"])
            throw CommandParseError("unknown command '\(word)'\(hint) (\(Self.words.joined(separator: ", ")), expect)")
        }
    }

    /// The command without the animation it asks for (`back` for `back slideFromLeft`): how a log line
    /// names it when the transition that follows names the animation that played.
    public var withoutAnimation: NavigationCommand {
        switch self {
        case .back: .back()
        case .dismiss: .dismiss()
        default: self
        }
    }

    /// The command as a script line.
    public var description: String {
        switch self {
        case .open(let url): "open \(url)"
        // The animation by its own name (`back slideFromLeft`), the name the README and the parser's
        // error list use; the parser also reads the exit names (`slideToLeft`) as the same animation.
        case .back(let animation): "back" + (animation.map { " \($0.name)" } ?? "")
        case .dismiss(let animation): "dismiss" + (animation.map { " \($0.name)" } ?? "")
        case .tab(let number): "tab \(number)"
        case .tap(let number): "tap \(number)"
        case .login: "login"
        case .logout: "logout"
        case .discard: "discard"
        }
    }
}
