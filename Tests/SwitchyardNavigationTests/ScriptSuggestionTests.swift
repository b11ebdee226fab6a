import SwitchyardNavigation
import Testing

/// A misspelt script word is refused with the nearest word it could mean, by edit distance (as the
/// command line suggests subcommands): commands, animation names, expect kinds and outcome codes;
/// a word near none of them gets no guess.
struct ScriptSuggestionTests {
    @Test("commands and animations", arguments: [
        ("tpa 2", "unknown command 'tpa'; did you mean 'tap'? "
            + "(open, back, dismiss, tab, tap, login, logout, discard, expect)"),
        ("opne app://home", "unknown command 'opne'; did you mean 'open'?"),
        ("dimsiss", "unknown command 'dimsiss'; did you mean 'dismiss'?"),
        ("expcet top Home", "unknown command 'expcet'; did you mean 'expect'?"),
        ("jump 3", "unknown command 'jump' (open,"),
        ("back fdae", "unknown animation 'fdae'; did you mean 'fade'? (slideFromRight,"),
        ("back slideFromRigth", "unknown animation 'slideFromRigth'; did you mean 'slideFromRight'?"),
        ("dismiss slideToBotom", "unknown animation 'slideToBotom'; did you mean 'slideToBottom'?"),
        ("back spin", "unknown animation 'spin' (slideFromRight,"),
    ])
    func commands(_ line: String, _ message: String) {
        do {
            _ = try NavigationCommand(parsing: line)
            Issue.record("'\(line)' was read")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test("expect kinds and outcome codes", arguments: [
        ("tpo Home", "unknown expectation 'tpo'; did you mean 'top'? (top, stack,"),
        ("stakc [Home] Home", "unknown expectation 'stakc'; did you mean 'stack'?"),
        ("outcome handeld", "unknown outcome code 'handeld'; did you mean 'handled'? (handled,"),
        ("outcome redirect-loop", "unknown outcome code 'redirect-loop'; did you mean 'redirect_loop'?"),
        ("colour red", "unknown expectation 'colour' (top,"),
    ])
    func expectations(_ spec: String, _ message: String) {
        do {
            _ = try ScriptExpectation(parsing: spec)
            Issue.record("'\(spec)' was read")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
