import TerminalKit

/// Where each part of the app goes in a terminal of a given size.
///
/// The phone is a framed column ``phoneWidth`` wide (narrower only when the terminal is); on wide
/// terminals it grows with a third of the columns, up to ``maximumPhoneWidth``. It is as tall as
/// the terminal allows up to ``maximumPhoneHeight``. With no panel open it is centred; with panels it
/// moves to the left edge and the panels share the columns to its right (the route log above the
/// route table).
///
/// The phone gets its room first: panels beside it narrow down to ``minimumPanelWidth`` (the phone
/// giving up columns down to ``compactPhoneWidth``), and when even that does not fit they are
/// hidden and ``hiddenPanels`` names them (the phone's frame says so). Only a panel that has the
/// keys is drawn over the phone then, as the user asked for it (Esc gives the phone back). The last
/// two rows are the prompt line and the status line.
package struct AppLayout: Hashable, Sendable {
    /// The width of the phone's frame, border included, on terminals up to 112 columns wide.
    package static let phoneWidth = 44
    /// The widest the phone's frame gets, border included (from 160 columns on).
    package static let maximumPhoneWidth = 64
    /// The tallest the phone's frame gets, border included.
    package static let maximumPhoneHeight = 40
    /// The narrowest a panel beside the phone may be.
    package static let minimumPanelWidth = 30
    /// The width a panel beside the phone gets when the phone can give up columns for it: at 80
    /// columns the phone narrows to ``compactPhoneWidth`` so the route log is readable.
    package static let preferredPanelWidth = 42
    /// The narrowest the phone gets to make room for panels: 41 columns keep the demo's four tab labels
    /// whole and clear of the frame.
    package static let compactPhoneWidth = 41
    /// The width of the `Filter: ` label in the route table panel.
    static let filterLabelWidth = 8

    /// The terminal's columns.
    package let width: Int
    /// The terminal's rows.
    package let height: Int
    /// Whether the terminal is below ``AppModel/minimumSize`` (then only a notice is drawn).
    package let isTooSmall: Bool
    /// The phone's frame, border included.
    package let phone: Rect
    /// The phone's screen: inside the frame.
    package let screen: Rect
    /// The route log panel, when shown.
    package let log: Rect?
    /// The route table panel, when shown.
    package let routes: Rect?
    /// Whether the panels cover the phone (too few columns beside it, and a panel has the keys).
    package let panelsCoverPhone: Bool
    /// The panels asked for but hidden because they do not fit beside the phone (in the order
    /// log, route table), drawn by nobody; empty when every panel asked for is shown.
    package let hiddenPanels: [Panel]

    /// A panel beside the phone.
    package enum Panel: String, Hashable, Sendable {
        /// The route log (F2).
        case log
        /// The route table (F3).
        case routes
    }

    /// The terminal width from which panels fit beside the phone.
    package static let widthForPanels = compactPhoneWidth + 2 + minimumPanelWidth
    /// The prompt line.
    package let prompt: Rect
    /// The status line.
    package let status: Rect

    /// Lays out a `width` × `height` terminal with the given panels; `focused` is the panel that has
    /// the keys, if any (drawn over the phone when it cannot sit beside it).
    ///
    /// `tabBarWidth` is what the phone's tab bar needs to show every label whole (frame included): the
    /// phone grows to it, up to ``maximumPhoneWidth``, where the terminal has the room.
    package init(width: Int, height: Int, showsLog: Bool, showsRoutes: Bool, focused: Panel? = nil,
                 tabBarWidth: Int = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        isTooSmall = width < AppModel.minimumSize.width || height < AppModel.minimumSize.height
        let available = max(0, self.height - 2)
        let phoneHeight = min(available, Self.maximumPhoneHeight)
        let wantsPanels = showsLog || showsRoutes
        var phoneWidth = min(max(Self.phoneWidthFor(columns: self.width), min(Self.maximumPhoneWidth, tabBarWidth)),
                             self.width)
        if wantsPanels, self.width - 2 - Self.compactPhoneWidth >= Self.minimumPanelWidth {
            // Panels beside the phone get a usable width: the phone gives up columns down to its compact width.
            phoneWidth = min(phoneWidth, max(Self.compactPhoneWidth, self.width - 2 - Self.preferredPanelWidth))
        }
        let phoneY = (available - phoneHeight) / 2
        let beside = wantsPanels && self.width - phoneWidth - 2 >= Self.minimumPanelWidth
        let phoneX = beside ? 1 : (self.width - phoneWidth) / 2
        phone = Rect(x: phoneX, y: phoneY, width: phoneWidth, height: phoneHeight)
        screen = phone.inset(by: 1)
        // Without room beside the phone, panels give way to it; only a focused one covers it.
        let covers = wantsPanels && !beside && focused != nil
        panelsCoverPhone = covers
        let hidden = wantsPanels && !beside && !covers
        hiddenPanels = hidden
            ? [showsLog ? Panel.log : nil, showsRoutes ? Panel.routes : nil].compactMap { $0 }
            : []
        let area = beside
            ? Rect(x: phone.maxX + 1, y: 0, width: self.width - phone.maxX - 1, height: available)
            : Rect(x: 0, y: 0, width: self.width, height: available)
        switch hidden ? (false, false) : (showsLog, showsRoutes) {
        case (true, true):
            let top = (area.height + 1) / 2
            log = Rect(x: area.x, y: area.y, width: area.width, height: top)
            routes = Rect(x: area.x, y: area.y + top, width: area.width, height: area.height - top)
        case (true, false):
            log = area
            routes = nil
        case (false, true):
            log = nil
            routes = area
        case (false, false):
            log = nil
            routes = nil
        }
        prompt = Rect(x: 0, y: available, width: self.width, height: 1)
        status = Rect(x: 0, y: available + 1, width: self.width, height: 1)
    }

    /// The note on the phone's frame while panels are hidden for lack of room (`log hidden (needs
    /// 73 columns)`), or nil.
    package var hiddenPanelsNote: String? {
        guard !hiddenPanels.isEmpty else { return nil }
        let names = hiddenPanels.map { $0 == .log ? "log" : "routes" }.joined(separator: " + ")
        let needs = hiddenPanels.count == 1 ? "needs" : "need"
        return "\(names) hidden (\(needs) \(Self.widthForPanels) columns)"
    }

    /// The phone's width on a terminal `columns` wide: ``phoneWidth``, or two fifths of the columns
    /// when that is wider, up to ``maximumPhoneWidth`` (so a wide terminal gives the link labels room
    /// instead of leaving it empty beside the panels).
    package static func phoneWidthFor(columns: Int) -> Int {
        max(phoneWidth, min(maximumPhoneWidth, columns * 2 / 5))
    }

    /// The columns of the prompt's text field (after `: `).
    package var promptField: Rect {
        Rect(x: prompt.x + 2, y: prompt.y, width: max(1, prompt.width - 2), height: 1)
    }

    /// The route table's filter field (after `Filter: `), when the panel is shown.
    package var filterField: Rect? {
        routes.map { panel in
            Rect(
                x: panel.x + 2 + Self.filterLabelWidth,
                y: panel.y + 1,
                width: max(1, panel.width - 3 - Self.filterLabelWidth),
                height: 1
            )
        }
    }
}
