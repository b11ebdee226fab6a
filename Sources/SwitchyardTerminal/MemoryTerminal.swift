/// A ``Terminal`` in memory, for tests: it records every presented frame and how many cells each
/// presentation changed, and plays back a scripted queue of keys.
@MainActor
public final class MemoryTerminal: Terminal {
    /// The current size; change it with ``resize(width:height:)``.
    public private(set) var size: (width: Int, height: Int)
    /// Every presented frame, oldest first.
    public private(set) var frames: [Canvas] = []
    /// For each presented frame, the number of cells that differed from the frame before it.
    public private(set) var changedCellCounts: [Int] = []
    /// The keys still to be read, first to last.
    public private(set) var pendingKeys: [Key]
    /// How many times ``readKey(timeoutMilliseconds:)`` found the queue empty.
    public private(set) var emptyReads = 0
    /// Whether ``shutdown()`` was called.
    public private(set) var isShutDown = false

    /// Creates a terminal of the given size with `keys` queued for reading.
    public init(width: Int = 80, height: Int = 24, keys: [Key] = []) {
        self.size = (width, height)
        self.pendingKeys = keys
    }

    /// The last presented frame, if any.
    public var lastFrame: Canvas? {
        frames.last
    }

    /// Records `canvas` and how many cells differ from the previous frame.
    public func present(_ canvas: Canvas) {
        let diff = FrameDiff(from: frames.last, to: canvas)
        frames.append(canvas)
        changedCellCounts.append(diff.changedCells)
    }

    /// Returns the next queued key, or nil (at once) when the queue is empty.
    public func readKey(timeoutMilliseconds: Int) -> Key? {
        guard !pendingKeys.isEmpty else {
            emptyReads += 1
            return nil
        }
        return pendingKeys.removeFirst()
    }

    /// Appends keys to the queue.
    public func enqueue(_ keys: [Key]) {
        pendingKeys += keys
    }

    /// Appends the keys for typing `text` (see ``Key/typing(_:)``).
    public func type(_ text: String) {
        pendingKeys += Key.typing(text)
    }

    /// Changes the size and queues a ``Key/resize`` event, as a real terminal would.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        pendingKeys.append(.resize)
    }

    /// Marks the terminal as shut down.
    public func shutdown() {
        isShutDown = true
    }
}
