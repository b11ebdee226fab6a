/// How the animator moves the two screens of a transition.
///
/// SwitchyardShell derives a motion from a navigation transition (`Motion(_:)` there).
public enum Motion: Hashable, Sendable {
    /// The new screen replaces the old at once.
    case immediate
    /// The new screen slides in over the old one, entering from `edge`.
    case enter(from: Edge)
    /// The old screen slides out toward `edge`, revealing the new one beneath.
    case exit(toward: Edge)
    /// The old screen dims, then the new screen appears dimmed, then at full brightness.
    case crossFade
    /// Keyframes, each held for an equal share of the motion in order, then the new screen.
    case keyframes([Keyframe])

    /// One picture of a ``keyframes(_:)`` motion: where the old and new screens are drawn, which is on
    /// top, and whether the picture is dimmed. Offsets are fractions of the content area (`x = 1` is one
    /// full width to the right); a screen with no offset is not drawn.
    public struct Keyframe: Hashable, Sendable {
        /// The old screen's offset (x, y as fractions of width and height), or nil when not drawn.
        public var old: (x: Double, y: Double)? {
            get { oldX.map { ($0, oldY) } }
            set { oldX = newValue?.x; oldY = newValue?.y ?? 0 }
        }
        /// The new screen's offset, or nil when not drawn.
        public var new: (x: Double, y: Double)? {
            get { newX.map { ($0, newY) } }
            set { newX = newValue?.x; newY = newValue?.y ?? 0 }
        }
        /// Whether the new screen is drawn over the old one.
        public var newOnTop: Bool
        /// Whether the whole picture is dimmed.
        public var dimmed: Bool
        private var oldX: Double?
        private var oldY: Double = 0
        private var newX: Double?
        private var newY: Double = 0

        /// Creates a keyframe.
        public init(old: (x: Double, y: Double)?, new: (x: Double, y: Double)?, newOnTop: Bool = true,
                    dimmed: Bool = false) {
            self.newOnTop = newOnTop
            self.dimmed = dimmed
            self.old = old
            self.new = new
        }
    }

    /// A side of the content area.
    public enum Edge: Hashable, Sendable {
        /// The left edge.
        case left
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
    }
}
