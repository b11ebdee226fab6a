/// Fast path: a sequence of quantified ASCII byte-set atoms (`[0-9]+`, `\d{11}`, `1[3-9]\d{9}`),
/// expanded into at most 63 chain elements and simulated bit-parallel in one `UInt64`.
/// Matching allocates nothing.
struct ByteProgram: Sendable {
    /// For each ASCII byte, the elements whose set contains it (bytes >= 0x80 never match).
    private var masks = [UInt64](repeating: 0, count: 128)
    /// Elements that may be skipped (`?`, `*`, optional copies of `{n,m}`).
    private var skip: UInt64 = 0
    /// Elements that may repeat in place (`*`, the tail of `+`/`{n,}`).
    private var loop: UInt64 = 0
    private var accept: UInt64 = 0

    /// Returns nil when the tree is not a short sequence of quantified ASCII atoms.
    init?(_ root: Node) {
        let items: [Node]
        if case .concat(let list) = root.kind { items = list } else { items = [root] }
        var count = 0
        func add(_ set: ScalarSet, optional: Bool, repeating: Bool) -> Bool {
            guard count < 63 else { return false }
            let bit: UInt64 = 1 << UInt64(count)
            for byte in 0..<128 where set.contains(UInt32(byte)) { masks[byte] |= bit }
            if optional { skip |= bit }
            if repeating { loop |= bit }
            count += 1
            return true
        }
        for item in items {
            var (node, min, max): (Node, Int, Int?) = (item, 1, 1)
            if case .rep(let body, let lo, let hi, _) = item.kind { (node, min, max) = (body, lo, hi) }
            guard case .atom(let set) = node.kind, set.isASCII else { return nil }
            for _ in 0..<min {
                guard add(set, optional: false, repeating: false) else { return nil }
            }
            if let max {
                for _ in min..<max {
                    guard add(set, optional: true, repeating: false) else { return nil }
                }
            } else {
                guard add(set, optional: true, repeating: true) else { return nil }
            }
        }
        accept = 1 << UInt64(count)
    }

    /// When every element has the same byte set, the program accepts exactly the strings over that set
    /// whose length is between the number of required elements and the number of elements (no upper
    /// bound when an element repeats): `[0-9]+`, `[a-z]{2,8}`, `\\d{4}`. Returns the set as a 128-bit
    /// mask (bytes 0–63 in `low`, 64–127 in `high`) and the bounds; nil for any other program.
    var uniformClass: (low: UInt64, high: UInt64, minLength: Int, maxLength: Int?)? {
        let count = accept.trailingZeroBitCount
        guard count > 0 && count < 64 else { return nil }
        let all: UInt64 = accept &- 1
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in 0..<128 {
            let m = masks[byte]
            if m == 0 { continue }
            guard m == all else { return nil }
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        let required = count - (skip & all).nonzeroBitCount
        return (low, high, required, loop & all != 0 ? nil : count)
    }

    @inline(__always)
    private func closure(_ state: UInt64) -> UInt64 {
        var d = state
        while true {
            let next = d | ((d & skip) << 1)
            if next == d { return d }
            d = next
        }
    }

    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Bit k set: the chain may continue at element k; bit `count` set: the whole chain matched.
        var d = closure(1)
        for byte in bytes {
            guard byte < 128 else { return false }
            let hit = d & masks[Int(byte)]
            d = ((hit & ~loop) << 1) | (hit & loop)
            if d == 0 { return false }
            d = closure(d)
        }
        return d & accept != 0
    }
}

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

    init(_ root: Node) {
        start = emit(root, next: 0)
    }

    /// Emits `node` so that it continues at `next`; returns its entry instruction.
    private mutating func emit(_ node: Node, next: Int) -> Int {
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

/// Decodes one UTF-8 scalar at `i`; nil for malformed, overlong, surrogate or out-of-range input.
@inline(__always)
func decodeScalar(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
    let b0 = UInt32(b[i])
    if b0 < 0x80 { return (b0, 1) }
    let length: Int, initial: UInt32, minimum: UInt32
    switch b0 {
    case 0xC2...0xDF: (length, initial, minimum) = (2, b0 & 0x1F, 0x80)
    case 0xE0...0xEF: (length, initial, minimum) = (3, b0 & 0x0F, 0x800)
    case 0xF0...0xF4: (length, initial, minimum) = (4, b0 & 0x07, 0x10000)
    default: return nil
    }
    guard i + length <= b.count else { return nil }
    var value = initial
    for k in 1..<length {
        let c = UInt32(b[i + k])
        guard c & 0xC0 == 0x80 else { return nil }
        value = value << 6 | (c & 0x3F)
    }
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
    return (value, length)
}
