import Switchyard
import SwitchyardNavigation
import TerminalKit

extension AppModel {
    /// Applies `message` and returns the effects it needs, in order: UI changes happen here and now;
    /// a navigation, a copy, quitting, suspending and a URL test are returned as ``AppEffect``s for the
    /// ``AppLoop`` to run, and what they produce comes back as messages.
    package mutating func update(_ message: AppMessage) -> [AppEffect] {
        let before = layout
        var effects = reduce(message)
        // A focus change can show a panel over the phone, or hide it again: the fields follow.
        if layout != before { relayout() }
        // The route table's "test a URL" mode follows the filter's text: a URL not yet explained
        // asks the router; any other text leaves the mode.
        if let url = routePanel.typedURL {
            if routePanel.urlTest?.url != url, !effects.contains(.explain(url)) { effects.append(.explain(url)) }
        } else {
            routePanel.urlTest = nil
        }
        return effects
    }

    /// Applies `message`; the effects it needs besides the URL test.
    private mutating func reduce(_ message: AppMessage) -> [AppEffect] {
        switch message {
        case .ignore:
            return []
        case .quit:
            return [.quit]
        case .suspend:
            return [.suspend]
        case .resumed(let suspended, let newWidth, let newHeight):
            if !suspended {
                status = AppStatus("Ctrl-Z: no job-control shell to suspend to (q quits)", kind: .error)
            }
            return reduce(.resize(width: newWidth, height: newHeight))
        case .stepped(let step):
            take(step)
        case .urlTested, .editFilter, .moveRouteSelection:
            routePanel.update(message)
        case .tick:
            advancePlayback()
        case .finishPlayback:
            finishPlayback()
        case .replaying(let mode):
            replaying = mode
        case .notify(let status, let logged, let time):
            if logged {
                say(status, time: time)
            } else {
                self.status = status
            }
        case .declined(let command, let status):
            self.status = status
            return [.declined(command, status.text)]
        case .paste(let text):
            showsHelp = false
            if focus == .filter {
                if routePanel.filter.paste(text) {
                    routePanel.selection = 0
                }
                return []
            }
            let line = LineEditor.singleLine(text)
            guard !line.isEmpty else {
                return []
            }
            focus = .prompt
            prompt.insert(line)
        case .resize(let newWidth, let newHeight):
            let oldWidth = width
            width = max(0, newWidth)
            height = max(0, newHeight)
            playback = nil
            let hadHint = status.map { $0 == logRoomHint(width: oldWidth) } ?? false
            relayout()
            // The hint that the log has no room beside the phone follows the size: it names the new
            // width, or goes once the log fits.
            if hadHint { status = showsLog && layout.hiddenPanels.contains(.log) ? logRoomHint(width: width) : nil }
        case .navigate(let command):
            return [.navigate(command)]
        case .editCurrentURL:
            // A screen generated around a route file (an index, the login stand-in) has an internal
            // URL, not one of the file's: the prompt opens empty and says so.
            let generated = isGenerated(state.top)
            prompt.setText(generated ? "" : state.top.url)
            focus = .prompt
            if generated {
                say(AppStatus("\(shown(state.top.url)) is generated around the route file: "
                              + "it has no URL of the file to edit; type one, or pick a route", kind: .note))
            }
        case .copy:
            let copied: String
            let what: String
            // `y` copies what the focused panel shows: with the log focused, the whole entry under the
            // cursor, every step, as the log shows it unfolded; with the phone focused, the screen's URL
            // (whether the log is shown or not).
            if focus == .log, let entry = logPanel.selectedEntry {
                copied = LogPanel.fullText(of: entry)
                let lines = copied.split(separator: "\n").count
                let counted = lines > 1 ? " (\(lines) lines)" : ""
                what = entry.event == nil ? "log entry #\(entry.id)\(counted)" : "a log line\(counted)"
            } else if isGenerated(state.top) {
                say(AppStatus("\(shown(state.top.url)) is generated around the route file: "
                              + "no URL of the file to copy", kind: .note))
                return []
            } else {
                copied = state.top.url
                what = copied
            }
            say(AppStatus("Copied \(what) to the clipboard (OSC 52)", kind: .note))
            return [.copy(copied)]
        case .moveSelection(let delta):
            let count = itemCount
            selection = selection + min(max(delta, -count), count)
            // The screen scrolls as little as keeps the selection in sight.
            if let scroll = AppView.topLayerScroll(self), count > 0 {
                phoneScroll[state.top.id] = AppView.offset(showing: scroll.itemStart + selection, from: scroll.offset,
                                                           total: scroll.total, rows: scroll.rows, upward: delta < 0)
            }
        case .scrollPhone(let delta):
            scrollPhone(by: delta)
        case .activate(let index):
            let chosen = index ?? selection
            guard let item = item(at: chosen) else {
                say(AppStatus("\(top.title) has no links", kind: .note))
                return []
            }
            selection = chosen
            return [.navigate(item.effect)]
        case .focusPrompt:
            focus = .prompt
        case .focusFilter:
            if !showsRoutes {
                showsRoutes = true
                relayout()
            }
            focus = .filter
        case .focusPhone:
            // Leaving the log ends its search (its edge shows the log's keys again) and the log
            // follows its newest line again.
            if focus == .log { logPanel.lastSearch = nil; logPanel.follow() }
            focus = .phone
        case .focusNext:
            // phone → log → route table → phone, skipping panels that are not shown.
            let order: [Focus] = [.phone] + (showsLog ? [.log] : []) + (showsRoutes ? [.filter] : [])
            let here = order.firstIndex(of: focus) ?? 0
            if focus == .log { logPanel.follow() }
            focus = order[(here + 1) % order.count]
            if focus == .log { logPanel.cursor = logPanel.cursor ?? log.last?.sequence }
        case .moveLogCursor, .startLogSearch, .editLogSearch, .endLogSearch, .findInLog, .clearLogSearch,
             .toggleLogEntry, .scrollLog:
            if let said = logPanel.update(message, area: layout.log) { status = said }
        case .toggleMessages, .scrollMessages:
            messagesPanel.update(message, size: (width, height))
        case .editPrompt(let key):
            return editPrompt(key).map { [.navigate($0)] } ?? []
        case .chooseCompletion(let index):
            prompt.chooseCompletion(index)
            focus = .prompt
        case .cancelPrompt:
            prompt.setText("")
            focus = .phone
            // An error about what was typed is stale once the line is gone.
            if status?.kind == .error { status = nil }
        case .toggleLogDetail:
            logPanel.expandsAll.toggle()
            logPanel.toggled = []
            if !showsLog {
                showsLog = true
                logPanel.scroll = 0
                relayout()
            }
        case .toggleLog:
            showsLog.toggle()
            logPanel.scroll = 0
            if !showsLog && focus == .log { focus = .phone }
            relayout()
            if showsLog, layout.hiddenPanels.contains(.log) {
                status = logRoomHint(width: width)
            }
        case .toggleRoutes:
            showsRoutes.toggle()
            if showsRoutes {
                // The route table takes the keys: a line left at the prompt would still show as typed
                // while it no longer is, and come back under the next `:`; it is dropped, as Esc drops it.
                if focus == .prompt { prompt.setText("") }
                focus = .filter
            } else if focus == .filter {
                focus = .phone
            }
            relayout()
        case .toggleHelp:
            showsHelp.toggle()
            helpScroll = 0
        case .scrollHelp(let delta):
            let most = max(0, AppView.helpLines(self).lines.count - AppView.helpRows(height: height))
            if most == 0 {
                // The help fits, so there is nothing to scroll: the key closes it, as its footer says.
                showsHelp = false
                helpScroll = 0
            } else {
                helpScroll = min(max(0, helpScroll + delta), most)
            }
        case .useRoute(let index):
            let rows = routePanel.filtered
            let chosen = index ?? routePanel.selection
            guard rows.indices.contains(chosen) else {
                // Enter on an empty table says so rather than doing nothing.
                let what = routePanel.urlTest != nil ? "no route to bring to the prompt for this URL"
                    : "no route matches the filter"
                say(AppStatus("Nothing to open: \(what)", kind: .note))
                return []
            }
            routePanel.selection = chosen
            if let urlTest = routePanel.urlTest, routePanel.isTestingTypedURL {
                // A tested URL goes to the prompt as typed, ready to open (not the pattern it matched).
                prompt.setText(urlTest.url)
            } else {
                prompt.setText(rows[chosen].pattern)
                prompt.selectFirstField()
            }
            focus = .prompt
            // An error about an earlier open is stale once a route is chosen to open next (the log and
            // the messages view keep it).
            if status?.kind == .error { status = nil }
        }
        return []
    }

    /// A key for the prompt's editor; Enter gives the phone the keys back and opens the URL.
    private mutating func editPrompt(_ key: Key) -> NavigationCommand? {
        // The completer captures only what completion needs: capturing the whole model would make
        // the edit below copy the prompt's text on every key.
        // The links' URLs and the words are read when Tab asks for them (a generated index's links are checked
        // when read, and the words are made on first use), not on every key.
        let links = state.top.links
        let words = completionSource
        let completer = { (prefix: String) in
            Self.completions(for: prefix, links: links.map(\.url), words: words.words)
        }
        switch prompt.handle(key, completer: completer) {
        case .submitted(let text):
            focus = .phone
            let url = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            // A pattern's placeholders left as they are (`:id<int>`) are not a URL: the line stays at
            // the prompt with its first placeholder selected, and the status names what needs values.
            let placeholders = LineEditor.placeholderRanges(in: url).map { String(Array(url)[$0]) }
            if !placeholders.isEmpty {
                prompt.setText(url)
                prompt.selectFirstField()
                focus = .prompt
                let names = placeholders.joined(separator: ", ")
                let hint = AppStatus("Type a value for \(names) first: a pattern's placeholders need values "
                                     + "(Tab moves between them)", kind: .note)
                promptHint = hint
                say(hint)
                return nil
            }
            return url.isEmpty ? nil : .open(url)
        case .unchanged where key == .enter:
            if let field = prompt.activeField, prompt.fields.indices.contains(field) {
                let name = String(Array(prompt.text)[prompt.fields[field]])
                let hint = AppStatus("Type a value for \(name) first (Tab moves to the next placeholder)", kind: .note)
                promptHint = hint
                say(hint)
            }
        case .unchanged where key == .tab:
            let hint = AppStatus("No pattern or link starts with \(prompt.textBeforeCursor)", kind: .note)
            promptHint = hint
            say(hint)
        case .edited:
            // A hint about the prompt's text is stale once the text changes, and so is an error (it
            // stays in the log and the messages view).
            if let hint = promptHint, status?.says(hint) == true { status = nil }
            if status?.kind == .error { status = nil }
            promptHint = nil
        case .unchanged, .ignored:
            break
        }
        return nil
    }

    /// Whether `screen` is one the app generated around a route file (an index tab, the stand-in
    /// login screen), whose URL is internal.
    func isGenerated(_ screen: Screen) -> Bool {
        guard let app else { return false }
        return app.generatedIndexName(for: screen.url) != nil || app.isGeneratedScreen(screen.pattern ?? "")
    }
}

extension AppModel {
    /// What the status line says when the log is asked for but has no room beside the phone at `width`.
    func logRoomHint(width: Int) -> AppStatus {
        AppStatus("The log needs \(AppLayout.widthForPanels) columns beside the phone (the terminal has \(width)); "
                  + "Tab shows it over the phone, Esc hides it.", kind: .note)
    }
}
