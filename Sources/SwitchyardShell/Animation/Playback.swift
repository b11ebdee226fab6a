import SwitchyardNavigation
import TerminalKit

/// A transition being played on the phone screen: an ``Animator`` over the part of the screen
/// that moves, and the frame reached.
///
/// Stack movements (push, pop, pop-to, replace) inside one layer animate only that layer's area
/// (the stack above the tab bar, or the inside of a sheet), so the tab bar and the sheet's frame
/// stay put; presenting, dismissing, tab switches and root replacements move the whole screen.
package struct Playback: Hashable, Sendable {
    /// The two screens and the transition.
    package var animator: Animator
    /// Where ``animator``'s frames go, relative to the phone screen's top-left corner.
    package var region: Rect
    /// The frame shown, 1 through the tween's frame count.
    package var frame: Int

    /// Creates a playback at its first frame.
    package init(animator: Animator, region: Rect, frame: Int = 1) {
        self.animator = animator
        self.region = region
        self.frame = frame
    }

    /// A playback of `transition` between two renderings of the phone screen, or nil when there
    /// is nothing to animate (an immediate motion, a one-frame tween, or screens of different sizes).
    ///
    /// - Parameters:
    ///   - old: the phone screen before the step.
    ///   - new: the phone screen after it.
    ///   - oldLayer: the area of the top layer before (see ``AppView/topLayerRect(_:width:height:)``).
    ///   - newLayer: the area of the top layer after.
    ///   - oldSheet: the frame of the top sheet before, when a sheet was on top.
    ///   - newSheet: the frame of the top sheet after, when a sheet is on top.
    ///   - oldBackdrop: what the phone showed behind the top sheet before (``AppView/phoneBackdrop(_:width:height:)``).
    ///   - newBackdrop: what the phone shows behind the top sheet after.
    ///
    /// A sheet (with the blank gutters beside it, ``AppView/sheetBand(_:width:)``) slides alone, over
    /// the screen it covers drawn dimmed as it is while the sheet is up (its navigation bar shows above
    /// the sheet): presented, it slides up over the new backdrop; dismissed, it slides down over the old one,
    /// and the screen beneath is shown undimmed once it is gone. (Sliding the whole screen would
    /// wipe the backdrop across it as a band.) Without a backdrop, the screen on the other side of
    /// the step stands in for it, dimmed.
    package init?(transition: Transition, old: Canvas, new: Canvas, oldLayer: Rect, newLayer: Rect,
                  oldSheet: Rect? = nil, newSheet: Rect? = nil, oldBackdrop: Canvas? = nil,
                  newBackdrop: Canvas? = nil, tween: Tween) {
        guard Motion(transition) != .immediate, tween.frameCount > 1, old.width == new.width,
            old.height == new.height else {
            return nil
        }
        var region = new.bounds
        switch transition {
        case .push, .pushMany, .pop, .popTo, .replace:
            if oldLayer == newLayer, !newLayer.isEmpty {
                region = newLayer.intersection(new.bounds)
            }
        case .present, .dismiss, .dismissMany, .tabSwitch, .rootReplaced, .sequence, .removed, .none:
            break
        }
        let motion = Motion(transition)
        var from = old
        var to = new
        var moving: Rect?
        switch (transition.mainStep, motion) {
        case (.present(_, .sheet, _), .enter):
            if let newSheet {
                // What the sheet slides over: the screen it covers, dimmed, with no sheet on it yet.
                let band = AppView.sheetBand(newSheet, width: new.width)
                from = newBackdrop ?? Self.backdrop(new, showing: old, around: band)
                moving = band
            }
        case (.dismiss, .exit):
            if let oldSheet {
                // The sheet slides out over what it covered, still dimmed until it is gone.
                to = oldBackdrop ?? new.dimmed()
                moving = AppView.sheetBand(oldSheet, width: old.width)
            }
        case (.dismissMany, .exit):
            if let oldSheet {
                // Several layers leave at once: the sheet slides out over what is left when they are
                // gone (what it covered may be another modal that leaves with it), dimmed until then.
                to = new.dimmed()
                moving = AppView.sheetBand(oldSheet, width: old.width)
            }
        default:
            break
        }
        var animator = Animator(
            transition: transition,
            old: Self.crop(from, to: region),
            new: Self.crop(to, to: region),
            tween: tween
        )
        animator.moving = moving.map { Rect(x: $0.x - region.x, y: $0.y - region.y, width: $0.width,
                                            height: $0.height) }
        self.init(animator: animator, region: region)
    }

    /// The progress of the frame shown (0...1).
    package var progress: Double {
        animator.tween.progress(ofFrame: frame)
    }

    /// Whether the last frame (the finished screen) has been reached.
    package var isFinished: Bool {
        frame >= animator.tween.frameCount
    }

    /// The picture of the frame shown, the size of ``region``.
    package var canvas: Canvas {
        animator.frame(at: progress)
    }

    /// `screen` with the `sheet` band drawn on it replaced by what `under` shows there, dimmed.
    static func backdrop(_ screen: Canvas, showing under: Canvas, around sheet: Rect) -> Canvas {
        var backdrop = screen
        backdrop.blit(crop(under, to: sheet).dimmed(), at: Point(x: sheet.x, y: sheet.y))
        return backdrop
    }

    /// The part of `canvas` inside `rect`.
    static func crop(_ canvas: Canvas, to rect: Rect) -> Canvas {
        var part = Canvas(width: rect.width, height: rect.height)
        part.blit(canvas, at: Point(x: -rect.x, y: -rect.y))
        return part
    }
}
