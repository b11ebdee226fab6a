import TerminalKit

/// Draws an ``AppModel`` into a ``Canvas``: pure, no terminal involved.
///
/// A frame holds the phone (see ``phoneScreen(_:width:height:)``) in its frame, the route log and
/// route table panels when open, the prompt line, the status line and, on top, the help overlay.
/// While a transition plays, the moving part of the phone screen shows the ``Playback``'s frame.
/// Every clickable thing is returned as a ``HitRegion`` with the frame.
package enum AppView {
    /// Renders the whole terminal for `model`.
    package static func render(_ model: AppModel) -> AppFrame {
        let layout = model.layout
        var canvas = Canvas(width: layout.width, height: layout.height)
        guard !layout.isTooSmall else {
            drawTooSmall(layout, canvas: &canvas)
            return AppFrame(canvas: canvas)
        }
        var hits: [HitRegion] = []
        // The box draws the title after its corner and a space, with a space after it and at least one
        // `─` before the other corner.
        canvas.box(layout.phone, style: CellStyle(role: .dim),
                   title: model.phoneTitle(fitting: max(0, layout.phone.width - 6)))
        if let note = layout.hiddenPanelsNote {
            // Panels that gave way to the phone are named on its bottom edge, so F2 and F3 never seem dead.
            let edge = Rect(x: layout.phone.x, y: layout.phone.maxY - 1, width: layout.phone.width, height: 1)
            canvas.put(edgeText(note, in: edge), x: edge.x + 2, y: edge.y, style: CellStyle(role: .dim),
                       clip: titleClip(edge))
        }
        let screen = layout.screen
        let origin = Point(x: screen.x, y: screen.y)
        let phone = phoneScreen(model, width: screen.width, height: screen.height)
        canvas.blit(phone.canvas, at: origin)
        if let playback = model.playback {
            let at = Point(x: screen.x + playback.region.x, y: screen.y + playback.region.y)
            canvas.blit(playback.canvas, at: at, clip: screen)
        }
        hits += phone.hits.map { $0.offset(by: origin) }
        if let log = layout.log {
            drawLog(model, in: log, canvas: &canvas, hits: &hits)
        }
        if let routes = layout.routes {
            drawRoutes(model, in: routes, layout: layout, canvas: &canvas, hits: &hits)
        }
        drawPrompt(model, layout: layout, canvas: &canvas, hits: &hits)
        drawStatus(model, layout: layout, canvas: &canvas)
        drawCompletionMenu(model, layout: layout, canvas: &canvas, hits: &hits)
        if model.messagesPanel.isShown {
            drawMessages(model, layout: layout, canvas: &canvas)
            canvas.cursor = nil
            hits = []
        }
        if model.showsHelp {
            drawHelp(model, layout: layout, canvas: &canvas)
            canvas.cursor = nil
            hits = [HitRegion(canvas.bounds, .help)]
        }
        return AppFrame(canvas: canvas, hits: hits)
    }

    /// The notice shown instead of the app below ``AppModel/minimumSize``.
    package static func tooSmallNotice(width: Int, height: Int) -> String {
        "terminal too small (need \(AppModel.minimumSize.width)×\(AppModel.minimumSize.height), "
            + "have \(width)×\(height))"
    }

    /// Draws ``tooSmallNotice(width:height:)`` centred, wrapped to the width.
    static func drawTooSmall(_ layout: AppLayout, canvas: inout Canvas) {
        let lines = AppViewText.wrap(tooSmallNotice(width: layout.width, height: layout.height), width: layout.width)
        let top = max(0, (layout.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = max(0, (layout.width - DisplayWidth.of(line)) / 2)
            canvas.put(line, x: x, y: top + index, style: CellStyle(bold: true))
        }
    }
}
