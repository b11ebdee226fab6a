/// A constraint in the form the walker tests without touching the reference-counted
/// ``SegmentConstraint``: a byte class with length bounds, a typed name, or (kind 0) the general program.
struct FastConstraint: Sendable {
    /// 0: call ``SegmentConstraint/matches(_:)``; 1: byte class (`low`/`high`, lengths); 2: `typeName`.
    var kind: UInt8 = 0
    var typeName: SegmentConstraint.TypeName = .int
    var low: UInt64 = 0
    var high: UInt64 = 0
    var minLength = 0
    /// `Int.max` when unbounded.
    var maxLength = Int.max

    init(_ c: SegmentConstraint) {
        switch c.program {
        case .typed(let name):
            kind = 2
            typeName = name
        case .bytes(let program):
            if let u = program.uniformClass {
                kind = 1
                low = u.low
                high = u.high
                minLength = u.minLength
                maxLength = u.maxLength ?? Int.max
            }
        case .nfa: break
        }
    }
}
