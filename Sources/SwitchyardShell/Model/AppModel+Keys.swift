import SwitchyardNavigation
import TerminalKit

extension AppModel {
    /// What `key` means in the current model: pure, no side effects.
    ///
    /// Ctrl-C quits (in a line being typed it cancels the line) and Ctrl-Z suspends wherever the focus is; a
    /// resize reports `terminalSize`; a paste goes into the prompt (or the focused filter line); while the
    /// help is shown ↑ ↓ PgUp PgDn g G scroll it and any other key closes it. Mouse events go through `hits`,
    /// the regions of the frame on screen. Otherwise the key goes to the focused part: the phone (commands and
    /// link selection), the prompt (line editing) or the route table's filter.
    package func message(for key: Key, hits: [HitRegion] = [],
                         terminalSize: (width: Int, height: Int)? = nil) -> AppMessage {
        switch key {
        case .ctrl("c"):
            // It cancels what is being typed, as a shell does (the prompt's line, the route filter, a
            // log search); with nothing being typed it quits.
            switch focus {
            case .prompt: return .cancelPrompt
            case .filter: return .focusPhone
            case .log where logPanel.search != nil: return .endLogSearch(find: false)
            default: return .quit
            }
        case .ctrl("z"):
            return .suspend
        case .paste(let text):
            return .paste(text)
        case .resize:
            let size = terminalSize ?? (width, height)
            return .resize(width: size.width, height: size.height)
        case .mouse(let x, let y, let kind):
            return mouseMessage(x: x, y: y, kind: kind, hits: hits)
        default:
            break
        }
        if showsHelp {
            // The help scrolls when it does not fit; any other key closes it. A page is what the help
            // shows less one line, which stays in sight as the page turns.
            let page = max(1, AppView.helpRows(height: height) - 1)
            switch key {
            case .up, .char("k"): return .scrollHelp(-1)
            case .down, .char("j"): return .scrollHelp(1)
            case .pageUp: return .scrollHelp(-page)
            case .pageDown, .char(" "): return .scrollHelp(page)
            case .home, .char("g"): return .scrollHelp(-(Int.max / 2))
            case .end, .char("G"): return .scrollHelp(Int.max / 2)
            default: return .toggleHelp
            }
        }
        if messagesPanel.isShown {
            return messagesPanel.message(for: key)
        }
        switch key {
        case .function(1):
            return .toggleHelp
        case .function(2):
            return .toggleLog
        case .function(3):
            return .toggleRoutes
        default:
            break
        }
        switch focus {
        case .phone:
            return phoneMessage(for: key)
        case .prompt:
            return promptMessage(for: key)
        case .filter:
            return routePanel.message(for: key)
        case .log:
            let own = logPanel.message(for: key)
            guard own == .ignore, logPanel.search == nil else { return own }
            // The app's commands that the log does not use itself (tabs 1–9, L, O, D, R, x, e, <) act
            // as they do on the phone: a status line that says "L logs in" is true with the log focused.
            let shared = phoneMessage(for: key)
            switch shared {
            case .navigate, .toggleRoutes, .toggleLogDetail, .editCurrentURL, .notify, .declined: return shared
            default: return .ignore
            }
        }
    }

    /// Keys while the phone has the focus.
    func phoneMessage(for key: Key) -> AppMessage {
        switch key {
        case .up, .char("k"), .backTab:
            return .moveSelection(-1)
        case .down, .char("j"):
            return .moveSelection(1)
        case .home:
            return .moveSelection(-itemCount)
        case .end:
            return .moveSelection(itemCount)
        case .enter, .right, .char(" "):
            return .activate(nil)
        case .escape, .left, .char("<"):
            // At a tab's root with nothing presented there is nowhere to go back to: Esc (pressed out of
            // habit after closing the prompt) says so as a note, and runs no command that would fail.
            if state.modals.isEmpty, state.currentTab.stack.count == 1 {
                let said = AppStatus(AppStatus.capitalized(AppRuntime.nothingToGoBack(from: state.top.title)),
                                     kind: .note)
                return .declined(key == .char("<") ? .back(animation: .slideFromLeft) : .back(), said)
            }
            return .navigate(key == .char("<") ? .back(animation: .slideFromLeft) : .back())
        case .char(":"), .char("/"):
            return .focusPrompt
        case .char("?"):
            return .toggleHelp
        case .char("q"), .char("Q"):
            return .quit
        case .char("l"), .char("L"):
            // Only logs in (F2 shows the log): hiding the log must never log anyone in.
            return .navigate(.login)
        case .char("r"), .char("R"):
            return .toggleRoutes
        case .char("o"), .char("O"):
            return .navigate(.logout)
        case .char("e"), .char("E"):
            return .editCurrentURL
        case .char("y"), .char("Y"):
            return .copy
        case .char("d"), .char("D"):
            return .navigate(.discard)
        case .char("x"), .char("X"):
            return .toggleLogDetail
        case .char("m"), .char("M"), .char("!"):
            return .toggleMessages
        case .tab:
            return showsLog || showsRoutes ? .focusNext : .focusPrompt
        case .pageUp, .ctrl("u"), .ctrl("d"), .pageDown:
            // The phone's own screen scrolls (the log scrolls where it has the keys, or under the mouse).
            let rows = AppView.topLayerScroll(self)?.rows ?? 10
            let step = key == .pageUp || key == .pageDown ? max(1, rows - 1) : max(1, rows / 2)
            return .scrollPhone(key == .pageUp || key == .ctrl("u") ? -step : step)
        case .char(let character):
            if let digit = character.wholeNumberValue, (1...9).contains(digit), character.isASCII {
                return .navigate(.tab(digit))
            }
            return .ignore
        default:
            return .ignore
        }
    }

    /// Keys while the prompt has the focus.
    func promptMessage(for key: Key) -> AppMessage {
        switch key {
        case .escape:
            // Esc closes the completion menu first; with none up it leaves the prompt.
            return prompt.completions.isEmpty ? .cancelPrompt : .editPrompt(key)
        case .backspace, .ctrl("h"):
            return prompt.isEmpty ? .cancelPrompt : .editPrompt(key)
        default:
            return .editPrompt(key)
        }
    }

    /// A mouse event mapped through the frame's clickable regions.
    func mouseMessage(x: Int, y: Int, kind: MouseKind, hits: [HitRegion]) -> AppMessage {
        let target = HitRegion.target(at: x, y, in: hits)
        switch kind {
        case .scrollUp, .scrollDown:
            let up = kind == .scrollUp
            switch target {
            case .log, .logEntry:
                return .scrollLog(up ? 3 : -3)
            case .routes, .route, .filter:
                return .moveRouteSelection(up ? -1 : 1)
            case .help:
                return .ignore
            default:
                return .moveSelection(up ? -1 : 1)
            }
        case .click, .doubleClick:
            switch target {
            case .back:
                return .navigate(.back())
            case .tab(let index):
                return .navigate(.tab(index + 1))
            case .item(let index):
                return .activate(index)
            case .prompt:
                return focus == .prompt ? .ignore : .focusPrompt
            case .filter:
                return .focusFilter
            case .route(let index):
                return .useRoute(index)
            case .help:
                return .toggleHelp
            case .logEntry(let sequence):
                return .toggleLogEntry(sequence)
            case .completion(let index):
                return .chooseCompletion(index)
            case .log, .routes:
                return .ignore
            case nil:
                return focus == .phone ? .ignore : .focusPhone
            }
        case .press, .release, .other:
            return .ignore
        }
    }
}
