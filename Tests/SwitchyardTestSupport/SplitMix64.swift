/// A tiny deterministic random generator (Steele, Lea & Flood's SplitMix64) for property and stress tests.
///
/// Its sequence is fixed (`NavigationPropertyTests` checks it against the reference), so a failing seed
/// reproduces on every platform and toolchain.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that starts from `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0), computed here so results never depend on the stdlib.
    package mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability 1/`n`.
    package mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }

    /// A random element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
