/// A ``Terminal`` in memory, for tests: it records every presented frame and how many cells each
/// presentation changed, and plays back a scripted queue of keys. Reading a key costs the same
/// however long the queue is.
@MainActor
public final class MemoryTerminal: Terminal {
    /// The current size; change it with ``resize(width:height:)``.
    public private(set) var size: (width: Int, height: Int)
    /// Every presented frame, oldest first.
    public private(set) var frames: [Canvas] = []
    /// For each presented frame, the number of cells that differed from the frame before it.
    public private(set) var changedCellCounts: [Int] = []
    /// The keys still to be read, first to last.
    public var pendingKeys: [Key] {
        Array(queue[head...])
    }
    /// Queued keys; those before `head` were read already.
    private var queue: [Key]
    /// The index in `queue` of the next key to read.
    private var head = 0
    /// How many times ``readKey(timeoutMilliseconds:)`` found the queue empty.
    public private(set) var emptyReads = 0
    /// Whether ``shutdown()`` was called.
    public private(set) var isShutDown = false
    /// How many times ``suspend()`` was called.
    public private(set) var suspendCount = 0
    /// What the app put on the clipboard, oldest first.
    public private(set) var clipboard: [String] = []

    /// Records the text instead of writing OSC 52.
    public func copyToClipboard(_ text: String) {
        clipboard.append(text)
    }
    /// What ``suspend()`` returns.
    public var canSuspend = true

    /// Creates a terminal of the given size with `keys` queued for reading.
    public init(width: Int = 80, height: Int = 24, keys: [Key] = []) {
        self.size = (width, height)
        self.queue = keys
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
        guard head < queue.count else {
            emptyReads += 1
            if head > 0 {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            return nil
        }
        let key = queue[head]
        head += 1
        return key
    }

    /// Drops every queued key, as a real terminal drops typed-ahead input; then ``keysAfterDiscard``
    /// arrive (the rest of a burst still in flight).
    public func discardPendingInput() {
        discardedKeys += queue.count - head
        queue.removeAll(keepingCapacity: true)
        head = 0
        queue = keysAfterDiscard
        keysAfterDiscard = []
    }

    /// Keys that arrive just after the next ``discardPendingInput()``, as the tail of a burst typed
    /// while the input was dropped.
    public var keysAfterDiscard: [Key] = []

    /// How many queued keys ``discardPendingInput()`` dropped.
    public private(set) var discardedKeys = 0

    /// Appends keys to the queue.
    public func enqueue(_ keys: [Key]) {
        queue += keys
    }

    /// Appends the keys for typing `text` (see ``Key/typing(_:)``).
    public func type(_ text: String) {
        queue += Key.typing(text)
    }

    /// Queues `text` as one bracketed paste (``Key/paste(_:)``).
    public func paste(_ text: String) {
        queue.append(.paste(text))
    }

    /// Changes the size and queues a ``Key/resize`` event, as a real terminal would.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        queue.append(.resize)
    }

    /// Counts the suspension (a real terminal stops the process until it is resumed) and
    /// returns ``canSuspend``.
    @discardableResult
    public func suspend() -> Bool {
        suspendCount += 1
        return canSuspend
    }

    /// Marks the terminal as shut down.
    public func shutdown() {
        isShutDown = true
    }
}
