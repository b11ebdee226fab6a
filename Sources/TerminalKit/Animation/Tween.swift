/// The timing of a transition animation: how many frames, how far apart, and the easing.
///
/// The standard tween is 7 frames 30 ms apart (210 ms at about 33 fps). Frame `i` (1-based) is
/// shown at progress `i / frameCount`, so the last frame is the finished screen.
public struct Tween: Hashable, Sendable {
    /// The number of frames after the start (at least 1).
    public var frameCount: Int
    /// The time between frames, in milliseconds.
    public var frameIntervalMilliseconds: Int
    /// The easing applied to motion.
    public var easing: Easing

    /// Creates a tween; `frameCount` is raised to at least 1 and the interval to at least 0.
    public init(frameCount: Int = 7, frameIntervalMilliseconds: Int = 30, easing: Easing = .easeOut) {
        self.frameCount = max(1, frameCount)
        self.frameIntervalMilliseconds = max(0, frameIntervalMilliseconds)
        self.easing = easing
    }

    /// 7 frames, 30 ms apart, eased out.
    public static let standard = Tween()

    /// A single frame: the finished screen at once.
    public static let immediate = Tween(frameCount: 1, frameIntervalMilliseconds: 0)

    /// The whole duration, in milliseconds.
    public var durationMilliseconds: Int {
        frameCount * frameIntervalMilliseconds
    }

    /// The (uneased) progress of frame `index`, `index / frameCount`, clamped to 0...1.
    public func progress(ofFrame index: Int) -> Double {
        min(max(Double(index) / Double(frameCount), 0), 1)
    }

    /// The progress of every frame to show, `1/frameCount` through `1`.
    public var progressSteps: [Double] {
        (1...frameCount).map(progress(ofFrame:))
    }
}
