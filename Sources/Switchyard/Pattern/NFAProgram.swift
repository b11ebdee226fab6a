/// General path: a Thompson NFA over Unicode scalars, simulated with a state set (linear time).
struct NFAProgram: Sendable {
    enum Inst: Sendable {
        case accept
        /// Consume one scalar in `sets[set]`, then go to `next`.
        case scalar(set: Int, next: Int)
        /// Epsilon moves to both targets.
        case split(Int, Int)
    }

    private(set) var insts: [Inst] = [.accept]
    private(set) var sets: [ScalarSet] = []
    private(set) var start = 0

    init(_ root: ConstraintNode) {
        start = emit(root, next: 0)
    }

    /// Emits `node` so that it continues at `next`; returns its entry instruction.
    private mutating func emit(_ node: ConstraintNode, next: Int) -> Int {
        switch node.kind {
        case .atom(let set):
            let index = sets.firstIndex(of: set) ?? sets.count
            if index == sets.count { sets.append(set) }
            return append(.scalar(set: index, next: next))
        case .concat(let items):
            var k = next
            for item in items.reversed() { k = emit(item, next: k) }
            return k
        case .alt(let branches):
            var k = next
            for (n, b) in branches.enumerated().reversed() {
                let entry = emit(b, next: next)
                k = n == branches.count - 1 ? entry : append(.split(entry, k))
            }
            return k
        case .rep(let body, let min, let max, _):
            var k = next
            if let max {
                for _ in min..<max { k = append(.split(emit(body, next: k), next)) }
                for _ in 0..<min { k = emit(body, next: k) }
                return k
            }
            let loopAt = append(.split(next, next))  // patched below
            let entry = emit(body, next: loopAt)
            insts[loopAt] = .split(entry, next)
            k = min == 0 ? loopAt : entry
            for _ in 1..<Swift.max(min, 1) { k = emit(body, next: k) }
            return k
        }
    }

    private mutating func append(_ inst: Inst) -> Int {
        insts.append(inst)
        return insts.count - 1
    }

    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = insts.count
        // Layout: current list | next list | visit marks | closure stack, n entries each.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * n) { buffer in
            buffer.initialize(repeating: -1)
            var sim = Simulation(insts: insts, buffer: buffer, n: n)
            sim.add(start, toNext: false)
            var i = 0
            while i < bytes.count {
                guard let (scalar, length) = decodeScalar(bytes, at: i) else { return false }
                i += length
                sim.generation += 1
                sim.nextCount = 0
                for k in 0..<sim.currentCount {
                    if case .scalar(let set, let next) = insts[sim.current(k)], sets[set].contains(scalar) {
                        sim.add(next, toNext: true)
                    }
                }
                sim.swapLists()
                if sim.currentCount == 0 { return false }
            }
            return (0..<sim.currentCount).contains { sim.current($0) == 0 }
        }
    }

    /// State lists in a caller-provided buffer; `add` follows epsilon moves with an explicit stack.
    private struct Simulation {
        let insts: [Inst]
        let buffer: UnsafeMutableBufferPointer<Int>
        let n: Int
        var currentBase = 0, nextBase: Int
        var currentCount = 0, nextCount = 0
        var generation = 0

        init(insts: [Inst], buffer: UnsafeMutableBufferPointer<Int>, n: Int) {
            self.insts = insts
            self.buffer = buffer
            self.n = n
            nextBase = n
        }

        func current(_ k: Int) -> Int { buffer[currentBase + k] }

        mutating func swapLists() {
            swap(&currentBase, &nextBase)
            currentCount = nextCount
        }

        mutating func add(_ state: Int, toNext: Bool) {
            let marks = 2 * n, stack = 3 * n
            if buffer[marks + state] == generation { return }
            buffer[marks + state] = generation
            buffer[stack] = state
            var top = 1
            while top > 0 {
                top -= 1
                let s = buffer[stack + top]
                if case .split(let a, let b) = insts[s] {
                    if buffer[marks + b] != generation {
                        buffer[marks + b] = generation
                        buffer[stack + top] = b
                        top += 1
                    }
                    if buffer[marks + a] != generation {
                        buffer[marks + a] = generation
                        buffer[stack + top] = a
                        top += 1
                    }
                } else if toNext {
                    buffer[nextBase + nextCount] = s
                    nextCount += 1
                } else {
                    buffer[currentBase + currentCount] = s
                    currentCount += 1
                }
            }
        }
    }
}
