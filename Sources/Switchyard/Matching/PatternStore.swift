/// The route patterns of a table, stored flat: one array of small segment records for all patterns, with
/// each distinct literal, parameter name, constraint and scheme kept once.
///
/// A ``RoutePattern`` value holds an array of 32-byte segments and its strings, one heap block per pattern
/// and often more; kept per route, that was most of a table's memory. Here a segment is 12 bytes and a
/// pattern 8 more, and a pattern is rebuilt (``pattern(at:)``) only when someone reads it: a lookup reads
/// none, and reading a match's parameters reads only the names (``captures(at:)``).
struct PatternStore: Sendable {
    /// What a stored segment is.
    enum Kind: UInt8, Sendable {
        case literal, parameter, optional, catchAll, unnamedCatchAll
    }

    /// One segment: its text (a literal or a parameter name) and its constraint, by index (`-1`: none).
    struct Segment: Sendable {
        var text: Int32
        var constraint: Int32
        var kind: Kind
    }

    /// Per pattern, the index of its host segment in `segments`; one more entry marks the end.
    private let starts: [Int32]
    /// Per pattern, its scheme's index in `schemes` plus one (0: any scheme), with ``suffixFlag`` for a
    /// suffix pattern.
    private let heads: [Int32]
    private let segments: [Segment]
    private let texts: [String]
    private let constraints: [SegmentConstraint]
    private let schemes: [String]

    private static let suffixFlag: Int32 = 1 << 30

    /// How many patterns the store holds.
    var count: Int { heads.count }

    /// Stores `patterns`, in order.
    init<S: Collection<RoutePattern>>(_ patterns: S) {
        var builder = Builder(texts: [], constraints: [])
        var texts = TextPool()
        var constraints: [SegmentConstraint] = []
        var constraintIndex: [SegmentConstraint: Int32] = [:]
        builder.reserve(patterns: patterns.count, segments: patterns.reduce(0) { $0 + 1 + $1.path.count })
        func constraint(_ c: SegmentConstraint?) -> Int32 {
            guard let c else { return -1 }
            if let k = constraintIndex[c] { return k }
            let k = Int32(constraints.count)
            constraints.append(c)
            constraintIndex[c] = k
            return k
        }
        func append(_ seg: PatternSegment) {
            switch seg {
            case .literal(let s): builder.append(Segment(text: texts.id(s), constraint: -1, kind: .literal))
            case .parameter(let n, let c):
                builder.append(Segment(text: texts.id(n), constraint: constraint(c), kind: .parameter))
            case .optional(let n, let c):
                builder.append(Segment(text: texts.id(n), constraint: constraint(c), kind: .optional))
            case .catchAll(let n?): builder.append(Segment(text: texts.id(n), constraint: -1, kind: .catchAll))
            case .catchAll(nil): builder.append(Segment(text: -1, constraint: -1, kind: .unnamedCatchAll))
            }
        }
        for p in patterns {
            builder.startPattern(scheme: p.scheme, isSuffix: p.isSuffix)
            append(p.host)
            for seg in p.path { append(seg) }
            _ = builder.endPattern()
        }
        builder.texts = texts.texts
        builder.constraints = constraints
        self = builder.build()
    }

    private init(starts: [Int32], heads: [Int32], segments: [Segment], texts: [String],
                 constraints: [SegmentConstraint], schemes: [String]) {
        self.starts = starts
        self.heads = heads
        self.segments = segments
        self.texts = texts
        self.constraints = constraints
        self.schemes = schemes
    }

    /// Fills a store one pattern at a time, from segments whose texts and constraints are numbered
    /// already (in `texts` and `constraints`: a snapshot's string pool and constraint list).
    struct Builder {
        var texts: [String]
        var constraints: [SegmentConstraint]
        private var starts: [Int32] = [0]
        private var heads: [Int32] = []
        private var segments: [Segment] = []
        private var schemes: [String] = []

        init(texts: [String], constraints: [SegmentConstraint]) {
            self.texts = texts
            self.constraints = constraints
        }

        mutating func reserve(patterns: Int, segments count: Int) {
            starts.reserveCapacity(patterns + 1)
            heads.reserveCapacity(patterns)
            segments.reserveCapacity(count)
        }

        /// Begins the next pattern.
        mutating func startPattern(scheme: String?, isSuffix: Bool) {
            var head: Int32 = 0
            if let scheme {
                if let k = schemes.firstIndex(of: scheme) {
                    head = Int32(k) + 1
                } else {
                    schemes.append(scheme)
                    head = Int32(schemes.count)
                }
            }
            heads.append(isSuffix ? head | PatternStore.suffixFlag : head)
        }

        /// Adds a segment to the pattern begun last (its text and constraint numbers must be valid).
        mutating func append(_ segment: Segment) { segments.append(segment) }

        /// Ends the pattern begun last; false when it has no segment (the store is then unusable).
        mutating func endPattern() -> Bool {
            let empty = segments.count == Int(starts[starts.count - 1])
            starts.append(Int32(segments.count))
            return !empty
        }

        /// The pattern ended last, whole.
        var lastPattern: RoutePattern { build().pattern(at: heads.count - 1) }

        func build() -> PatternStore {
            PatternStore(starts: starts, heads: heads, segments: segments, texts: texts, constraints: constraints,
                         schemes: schemes)
        }
    }

    /// The segment `seg` as a ``PatternSegment``.
    private func segment(_ seg: Segment) -> PatternSegment {
        let c = seg.constraint >= 0 ? constraints[Int(seg.constraint)] : nil
        switch seg.kind {
        case .literal: return .literal(texts[Int(seg.text)])
        case .parameter: return .parameter(name: texts[Int(seg.text)], constraint: c)
        case .optional: return .optional(name: texts[Int(seg.text)], constraint: c)
        case .catchAll: return .catchAll(name: texts[Int(seg.text)])
        case .unnamedCatchAll: return .catchAll(name: nil)
        }
    }

    /// Pattern `i`, equal to the one stored.
    func pattern(at i: Int) -> RoutePattern {
        let head = heads[i]
        let scheme = head & ~Self.suffixFlag
        let first = Int(starts[i]), end = Int(starts[i + 1])
        return RoutePattern(scheme: scheme > 0 ? schemes[Int(scheme) - 1] : nil, host: segment(segments[first]),
                            path: segments[first + 1..<end].map(segment), isSuffix: head & Self.suffixFlag != 0)
    }

    /// The parameters pattern `i` captures, in pattern order (the host's depth is 0; a suffix pattern's
    /// segments count from 1).
    func captures(at i: Int) -> [PatternCapture] {
        var caps: [PatternCapture] = []
        // A suffix pattern's segments are path segments wherever they land: none is the host (depth 0).
        let shift = heads[i] & Self.suffixFlag != 0 ? 1 : 0
        let first = Int(starts[i])
        for k in first..<Int(starts[i + 1]) {
            let seg = segments[k]
            let depth = k - first + shift
            switch seg.kind {
            case .literal: break
            case .parameter:
                caps.append(PatternCapture(name: texts[Int(seg.text)], depth: depth,
                                           isCatchAll: false, isOptional: false))
            case .optional:
                caps.append(PatternCapture(name: texts[Int(seg.text)], depth: depth,
                                           isCatchAll: false, isOptional: true))
            case .catchAll:
                caps.append(PatternCapture(name: texts[Int(seg.text)], depth: depth,
                                           isCatchAll: true, isOptional: false))
            case .unnamedCatchAll:
                caps.append(PatternCapture(name: "*", depth: depth, isCatchAll: true, isOptional: false))
            }
        }
        return caps
    }
}
