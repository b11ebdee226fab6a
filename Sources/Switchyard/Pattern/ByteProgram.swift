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
    init?(_ root: ConstraintNode) {
        let items: [ConstraintNode]
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
            var (node, min, max): (ConstraintNode, Int, Int?) = (item, 1, 1)
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
