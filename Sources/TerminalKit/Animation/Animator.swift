/// Composes the frames of a ``Motion`` from the content area before and after it.
///
/// Pure: the caller asks for the frame at a progress `t` in 0...1 (for example each of
/// ``Tween/progressSteps``, one every ``Tween/frameIntervalMilliseconds``) and draws it. The
/// frame has the size of the new canvas. Slides are eased by the tween's ``Tween/easing``; at
/// `t = 0` the frame is the old screen (except for immediate motions) and at `t = 1` the new one.
/// SwitchyardShell adds `init(transition:old:new:tween:)`, which takes the motion of a navigation
/// transition.
public struct Animator: Hashable, Sendable {
    /// How the screens move.
    public var motion: Motion
    /// The content area before the motion.
    public var old: Canvas
    /// The content area after the motion.
    public var new: Canvas
    /// The timing.
    public var tween: Tween
    /// The part that slides, when only part of a screen does (a sheet over its backdrop): an
    /// ``Motion/enter(from:)`` slides this part of the new screen in over the old one, an
    /// ``Motion/exit(toward:)`` slides this part of the old screen out over the new one; the rest
    /// of the screen shows at once. Nil slides the whole screen.
    public var moving: Rect?

    /// Creates an animator that plays `motion` from `old` to `new`, sliding only `moving` when given.
    public init(motion: Motion, old: Canvas, new: Canvas, tween: Tween = .standard, moving: Rect? = nil) {
        self.motion = motion
        self.old = old
        self.new = new
        self.tween = tween
        self.moving = moving
    }

    /// Whether there is anything to animate (false for immediate motions).
    public var isAnimated: Bool {
        motion != .immediate
    }

    /// The frames to show in turn: one per tween step, or just the new screen when immediate.
    public var frames: [Canvas] {
        isAnimated ? tween.progressSteps.map(frame(at:)) : [new]
    }

    /// The frame at progress `t` (clamped to 0...1).
    public func frame(at t: Double) -> Canvas {
        Self.compose(motion, old: old, new: new, progress: t, easing: tween.easing, moving: moving)
    }

    /// Composes one frame of `motion` at progress `t`.
    ///
    /// - enter: the old screen stays in place and the new one slides in over it from the edge;
    /// - exit: the new screen stays in place and the old one slides off over it toward the edge;
    ///   with `moving`, only that part of the sliding screen moves (and is clipped to the frame);
    /// - cross-fade: old dimmed for `t < 1/3`, new dimmed for `t < 2/3`, then new;
    /// - keyframes: keyframe `⌊t·n⌋` of `n` (on linear progress), its screens placed at their offsets;
    /// - immediate: the new screen.
    public static func compose(_ motion: Motion, old: Canvas, new: Canvas, progress t: Double,
                               easing: Easing = .easeOut, moving: Rect? = nil) -> Canvas {
        let linear = Easing.linear.apply(t)
        if motion == .immediate || linear >= 1 {
            return new
        }
        var frame = Canvas(width: new.width, height: new.height)
        if linear <= 0 {
            frame.blit(old, at: .zero)
            return frame
        }
        let eased = easing.apply(t)
        switch motion {
        case .immediate:
            return new
        case .crossFade:
            frame.blit(linear < 1.0 / 3.0 ? old : new, at: .zero)
            frame.dim()
        case .enter(let edge):
            frame.blit(old, at: .zero)
            slide(new, part: moving, to: offset(of: edge, distance: 1 - eased, in: frame), onto: &frame)
        case .exit(let edge):
            frame.blit(new, at: .zero)
            slide(old, part: moving, to: offset(of: edge, distance: eased, in: frame), onto: &frame)
        case .keyframes(let keys):
            guard !keys.isEmpty else { return new }
            let key = keys[min(keys.count - 1, Int(linear * Double(keys.count)))]
            let layers = key.newOnTop ? [(old, key.old), (new, key.new)] : [(new, key.new), (old, key.old)]
            for (screen, position) in layers {
                guard let position else { continue }
                frame.blit(screen, at: Point(x: Int((position.x * Double(frame.width)).rounded()),
                                             y: Int((position.y * Double(frame.height)).rounded())))
            }
            if key.dimmed { frame.dim() }
        }
        return frame
    }

    /// Draws `screen` (or only its `part`) onto `frame`, moved by `offset` from where it belongs.
    private static func slide(_ screen: Canvas, part: Rect?, to offset: Point, onto frame: inout Canvas) {
        guard let part else {
            frame.blit(screen, at: offset)
            return
        }
        var piece = Canvas(width: part.width, height: part.height)
        piece.blit(screen, at: Point(x: -part.x, y: -part.y))
        frame.blit(piece, at: Point(x: part.x + offset.x, y: part.y + offset.y))
    }

    /// The position of a screen moved `distance` (0...1 of the frame) toward `edge`.
    private static func offset(of edge: Edge, distance: Double, in frame: Canvas) -> Point {
        let columns = Int((distance * Double(frame.width)).rounded())
        let rows = Int((distance * Double(frame.height)).rounded())
        switch edge {
        case .left:
            return Point(x: -columns, y: 0)
        case .right:
            return Point(x: columns, y: 0)
        case .top:
            return Point(x: 0, y: -rows)
        case .bottom:
            return Point(x: 0, y: rows)
        }
    }

    /// A side of the content area (see ``Motion/Edge``).
    public typealias Edge = Motion.Edge
}
