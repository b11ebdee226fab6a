/// Serializes navigations so that one arriving while another runs waits its turn.
///
/// A navigation "runs" from the moment it is applied until its transition has been played by the
/// `play` closure (typically the animator). Calls to ``navigate(_:overridingGuards:)`` made during
/// that time are queued first-in first-out and applied one by one afterwards, each against the state
/// its predecessors left, so a deep link arriving mid-animation can never interleave with it. Each
/// apply is atomic (``NavigationState/apply(_:overridingGuards:)``), so the state is never
/// half-applied and a rejected navigation plays nothing.
///
/// The queue is `@MainActor` rather than an actor because its consumers (the renderer, the input
/// loop) live on the main actor, so reading ``state`` needs no `await`. Queued calls are not
/// cancelled with their task: a navigation the user asked for still happens, in order.
///
/// Do not `await` ``navigate(_:overridingGuards:)`` from inside `play`: it would wait for the
/// running navigation, which waits for `play`. Start it in a `Task` instead; it queues.
@MainActor
public final class NavigationQueue {
    /// The current navigation state.
    public private(set) var state: NavigationState
    /// Whether a navigation is being applied or its transition played.
    public private(set) var isRunning = false

    private let play: @MainActor (Transition, NavigationState) async -> Void
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates a queue over a state.
    ///
    /// - Parameters:
    ///   - state: The state the queue starts from.
    ///   - play: Plays a transition that changed something (never ``Transition/none``),
    ///     receiving the new state; the next queued navigation starts when it returns. Defaults to
    ///     playing nothing.
    public init(
        state: NavigationState,
        play: @escaping @MainActor (Transition, NavigationState) async -> Void = { _, _ in }
    ) {
        self.state = state
        self.play = play
    }

    /// How many navigations wait for the running one to finish.
    public var pendingCount: Int {
        waiting.count
    }

    /// Applies the action once every earlier navigation has finished, plays its transition, and
    /// returns the result.
    @discardableResult
    public func navigate(_ action: NavigationAction, overridingGuards: Bool = false) async -> NavigationResult {
        await waitForTurn()
        defer { finishTurn() }
        let result = state.apply(action, overridingGuards: overridingGuards)
        if case .applied(let transition) = result, transition != .none {
            await play(transition, state)
        }
        return result
    }

    /// Returns at once when idle, else suspends until the running navigation hands over.
    private func waitForTurn() async {
        guard isRunning else {
            isRunning = true
            return
        }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
        }
    }

    /// Hands the turn to the oldest waiting navigation (staying busy), or goes idle.
    private func finishTurn() {
        if waiting.isEmpty {
            isRunning = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
