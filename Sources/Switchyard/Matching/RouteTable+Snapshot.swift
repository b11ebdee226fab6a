import Foundation

extension RouteTable where Target: Codable {
    /// A binary snapshot of the compiled table, to be loaded by ``init(snapshot:version:)`` without
    /// parsing any pattern text or compiling the trie again.
    ///
    /// It holds the patterns structurally (segment kinds, names, literal text, constraint indices), each
    /// distinct constraint once (its source; the few distinct constraints are compiled again on load),
    /// priorities and registration orders, the options, the targets (`String` and `Int` targets
    /// natively, others as JSON), and the trie's flat arrays as they are in memory. The header holds
    /// a magic, the format number, a fingerprint of the arrays' memory layout (a binary built with
    /// another layout refuses the snapshot), `version` and a checksum of the payload.
    ///
    /// - Parameter version: the app version the snapshot belongs to; loading with another version
    ///   fails with ``SnapshotError/versionMismatch(expected:found:)``.
    /// - Throws: ``SnapshotError/targetEncoding(_:)`` when a JSON-encoded target fails to encode.
    public func snapshot(version: String) throws(SnapshotError) -> [UInt8] {
        var pool: [String: UInt32] = [:]
        var poolOrder: [String] = []
        func intern(_ s: String) -> UInt32 {
            if let i = pool[s] { return i }
            let i = UInt32(poolOrder.count)
            pool[s] = i
            poolOrder.append(s)
            return i
        }

        // Every constraint once: the trie's (their indices are the trie's), then any only a pattern holds.
        var constraints = trie.constraints
        var constraintIndex: [SegmentConstraint: Int] = [:]
        for (i, c) in constraints.enumerated() where constraintIndex[c] == nil { constraintIndex[c] = i }
        for route in routes {
            for case .parameter(_, let c?) in route.pattern.segments where constraintIndex[c] == nil {
                constraintIndex[c] = constraints.count
                constraints.append(c)
            }
            for case .optional(_, let c?) in route.pattern.segments where constraintIndex[c] == nil {
                constraintIndex[c] = constraints.count
                constraints.append(c)
            }
        }

        var body = SnapshotWriter()
        body.count(constraints.count)
        for c in constraints {
            body.u8(c.isTyped ? 1 : 0)
            body.u32(intern(c.source))
        }

        body.count(routes.count)
        for route in routes {
            let p = route.pattern
            body.i64(route.priority)
            body.i64(route.order)
            body.u8((p.scheme == nil ? 0 : 1) | (p.isSuffix ? 2 : 0))
            if let scheme = p.scheme { body.u32(intern(scheme)) }
            let segments = p.segments
            body.u8(UInt8(truncatingIfNeeded: segments.count))
            for seg in segments {
                func constraintID(_ c: SegmentConstraint?) -> UInt32 {
                    c.flatMap { constraintIndex[$0] }.map { UInt32($0 + 1) } ?? 0
                }
                switch seg {
                case .literal(let text):
                    body.u8(0)
                    body.u32(intern(text))
                case .parameter(let name, let c):
                    body.u8(1)
                    body.u32(intern(name))
                    body.u32(constraintID(c))
                case .optional(let name, let c):
                    body.u8(2)
                    body.u32(intern(name))
                    body.u32(constraintID(c))
                case .catchAll(let name):
                    body.u8(3)
                    body.u32(name.map(intern) ?? UInt32.max)
                }
            }
        }

        let targets = storage.targets
        if let strings = targets as? [String] {
            body.u8(SnapshotTargetEncoding.strings.rawValue)
            for s in strings { body.u32(intern(s)) }
        } else if let ints = targets as? [Int] {
            body.u8(SnapshotTargetEncoding.ints.rawValue)
            for i in ints { body.i64(i) }
        } else {
            body.u8(SnapshotTargetEncoding.json.rawValue)
            let json: Data
            do { json = try JSONEncoder().encode(targets) } catch { throw .targetEncoding(String(describing: error)) }
            body.count(json.count)
            body.bytes.append(contentsOf: json)
        }

        body.raw(UnsafeBufferPointer(trie.nodes))
        body.raw(UnsafeBufferPointer(trie.literals))
        body.raw(UnsafeBufferPointer(trie.keyBytes))
        body.raw(UnsafeBufferPointer(trie.constrained))
        body.raw(UnsafeBufferPointer(trie.optionals))
        body.raw(UnsafeBufferPointer(trie.terminals))
        body.count(trie.schemes.count)
        for (scheme, node) in trie.schemes {
            body.u32(intern(String(decoding: scheme, as: UTF8.self)))
            body.i32(node)
        }
        body.i32(trie.anyScheme)

        // The payload: options, the string pool, then the body that refers to the pool.
        var payload = SnapshotWriter()
        payload.i64(options.limits.maxLength)
        payload.i64(options.limits.maxSegments)
        payload.i64(options.limits.maxQueryItems)
        payload.i64(options.limits.maxComponentLength)
        payload.u8(options.caseInsensitivePaths ? 1 : 0)
        payload.count(poolOrder.count)
        for s in poolOrder { payload.string(s) }
        payload.bytes.append(contentsOf: body.bytes)

        var out = SnapshotWriter()
        out.bytes = SnapshotFormat.magic
        out.u32(SnapshotFormat.number)
        out.u64(SnapshotFormat.layoutFingerprint)
        out.string(version)
        out.string(Self.targetTypeName)
        out.u64(UInt64(payload.bytes.count))
        out.u64(payload.bytes.withUnsafeBytes(SnapshotFormat.checksum))
        out.bytes.append(contentsOf: payload.bytes)
        return out.bytes
    }

    /// Loads a table from a snapshot made by ``snapshot(version:)``, without parsing pattern text.
    ///
    /// Hostile or damaged bytes never trap: every count, offset and trie index is checked (each trie
    /// index must point inside its array, the trie must be a tree, every constraint index must exist,
    /// every pattern must obey the grammar's limits), and any problem is a ``SnapshotError`` naming
    /// what was wrong and its byte offset.
    ///
    /// - Parameters:
    ///   - snapshot: the bytes ``snapshot(version:)`` returned.
    ///   - version: the running app's version; a snapshot saved for another one is refused with
    ///     ``SnapshotError/versionMismatch(expected:found:)``, which is how a cache is invalidated.
    public init(snapshot: [UInt8], version: String) throws(SnapshotError) {
        try self.init(snapshot: snapshot, version: version, verifyingChecksum: true)
    }

    /// The type name written in a snapshot's header, so that a snapshot of other targets is refused.
    static var targetTypeName: String { String(reflecting: Target.self) }

    /// ``init(snapshot:version:)``, with the checksum check optional so that tests can reach the
    /// structural checks behind it with damaged bytes.
    init(snapshot: [UInt8], version: String, verifyingChecksum: Bool) throws(SnapshotError) {
        let result: Result<RouteTable<Target>, SnapshotError> = snapshot.withUnsafeBytes { bytes in
            Result { () throws(SnapshotError) in
                try Self.load(bytes, version: version, verifyingChecksum: verifyingChecksum)
            }
        }
        self = try result.get()
    }

    private static func load(_ bytes: UnsafeRawBufferPointer, version: String,
                             verifyingChecksum: Bool) throws(SnapshotError) -> RouteTable<Target> {
        var header = SnapshotReader(bytes: bytes, offset: 0, end: bytes.count, pastEndIsTruncation: true)
        let magic = try header.take(SnapshotFormat.magic.count, "magic")
        guard bytes[magic..<magic + SnapshotFormat.magic.count].elementsEqual(SnapshotFormat.magic) else {
            throw .formatMismatch("no 'SWYDSNAP' magic: not a Switchyard route-table snapshot")
        }
        let format = try header.u32("format number")
        guard format == SnapshotFormat.number else {
            throw .formatMismatch("snapshot format \(format), this build reads format \(SnapshotFormat.number)")
        }
        let fingerprint = try header.u64("layout fingerprint")
        guard fingerprint == SnapshotFormat.layoutFingerprint else {
            throw .formatMismatch(
                "layout fingerprint \(String(fingerprint, radix: 16)) differs from this build's "
                    + "\(String(SnapshotFormat.layoutFingerprint, radix: 16)) (built with another struct layout)")
        }
        let found = try header.string("app version")
        guard found == version else { throw .versionMismatch(expected: version, found: found) }
        let typeName = try header.string("target type")
        guard typeName == targetTypeName else {
            throw .formatMismatch("the snapshot's targets are \(typeName), this table's are \(targetTypeName)")
        }
        let payloadLength = try header.u64("payload length")
        let checksum = try header.u64("checksum")
        let start = header.offset
        guard payloadLength <= UInt64(bytes.count - start) else { throw .truncated(offset: bytes.count) }
        let end = start + Int(payloadLength)
        guard end == bytes.count else { throw .corrupt("\(bytes.count - end) bytes after the payload", offset: end) }
        if verifyingChecksum {
            let actual = SnapshotFormat.checksum(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            guard actual == checksum else {
                throw .corrupt("payload checksum \(String(actual, radix: 16)) differs from the header's "
                                   + "\(String(checksum, radix: 16))", offset: start)
            }
        }
        var r = SnapshotReader(bytes: bytes, offset: start, end: end, pastEndIsTruncation: false)
        return try load(&r)
    }

    private static func load(_ r: inout SnapshotReader) throws(SnapshotError) -> RouteTable<Target> {
        // Options.
        var limits = URLLimits()
        limits.maxLength = try r.i64("limits.maxLength")
        limits.maxSegments = try r.i64("limits.maxSegments")
        limits.maxQueryItems = try r.i64("limits.maxQueryItems")
        limits.maxComponentLength = try r.i64("limits.maxComponentLength")
        let options = MatchOptions(limits: limits, caseInsensitivePaths: try r.bool("caseInsensitivePaths"))

        // Strings.
        let poolCount = try r.count("strings", minimumSize: 4)
        var strings: [String] = []
        strings.reserveCapacity(poolCount)
        for _ in 0..<poolCount { strings.append(try r.string("string")) }
        /// Reads a string's index in the pool, checked.
        func stringIndex(_ what: String) throws(SnapshotError) -> Int32 {
            let at = r.offset
            let i = Int(try r.u32(what))
            guard i < strings.count else {
                throw .corrupt("\(what) refers to string \(i) of \(strings.count)", offset: at)
            }
            return Int32(i)
        }
        func string(_ what: String) throws(SnapshotError) -> String { strings[Int(try stringIndex(what))] }

        // Constraints: compiled again from their source, once each.
        let constraintCount = try r.count("constraints", minimumSize: 5)
        var constraints: [SegmentConstraint] = []
        constraints.reserveCapacity(constraintCount)
        for _ in 0..<constraintCount {
            let at = r.offset
            let typed = try r.bool("constraint kind")
            let source = try string("constraint source")
            if typed {
                guard let c = SegmentConstraint(typeName: source) else {
                    throw .corrupt("unknown constraint type '\(source)'", offset: at)
                }
                constraints.append(c)
            } else {
                do throws(ConstraintError) { constraints.append(try SegmentConstraint(regex: source)) } catch {
                    throw .corrupt("constraint refused: \(error)", offset: at)
                }
            }
        }

        // Patterns, with priorities and orders, read straight into a pattern store: its texts are the string
        // pool (already one copy of each), its constraints the list above. Suffix patterns are also kept
        // whole, for the suffix list below.
        let routeCount = try r.count("routes", minimumSize: 18)
        var store = PatternStore.Builder(texts: strings, constraints: constraints)
        var suffixPatterns: [(index: Int, pattern: RoutePattern)] = []
        var priorities: [Int] = []
        var orders: [Int] = []
        priorities.reserveCapacity(routeCount)
        orders.reserveCapacity(routeCount)
        for routeIndex in 0..<routeCount {
            let routeStart = r.offset
            priorities.append(try r.i64("priority"))
            orders.append(try r.i64("order"))
            let flagsAt = r.offset
            let flags = try r.u8("pattern flags")
            guard flags < 4 else { throw .corrupt("pattern flags \(flags)", offset: flagsAt) }
            var scheme: String?
            if flags & 1 != 0 { scheme = try string("scheme") }
            let isSuffix = flags & 2 != 0
            let countAt = r.offset
            let segmentCount = Int(try r.u8("segment count"))
            guard segmentCount >= 1, segmentCount <= RoutePattern.maxSegments + 1 else {
                throw .corrupt("a pattern of \(segmentCount) segments (1 to \(RoutePattern.maxSegments + 1))",
                               offset: countAt)
            }
            store.startPattern(scheme: scheme, isSuffix: isSuffix)
            // The names captured so far; checked for duplicates by a linear search over the at most 8.
            var names: [String] = []
            for index in 0..<segmentCount {
                let at = r.offset
                let kind = try r.u8("segment kind")
                func constraint() throws(SnapshotError) -> Int32 {
                    let cAt = r.offset
                    let id = Int(try r.u32("constraint index"))
                    guard id <= constraints.count else {
                        throw .corrupt("constraint index \(id - 1) of \(constraints.count)", offset: cAt)
                    }
                    return Int32(id) - 1
                }
                let seg: PatternStore.Segment
                switch kind {
                case 0: seg = PatternStore.Segment(text: try stringIndex("literal"), constraint: -1, kind: .literal)
                case 1:
                    let name = try stringIndex("parameter name")
                    seg = PatternStore.Segment(text: name, constraint: try constraint(), kind: .parameter)
                case 2:
                    let name = try stringIndex("parameter name")
                    seg = PatternStore.Segment(text: name, constraint: try constraint(), kind: .optional)
                case 3:
                    let nameAt = r.offset
                    let i = try r.u32("catch-all name")
                    if i == UInt32.max {
                        seg = PatternStore.Segment(text: -1, constraint: -1, kind: .unnamedCatchAll)
                    } else {
                        guard Int(i) < strings.count else {
                            throw .corrupt("catch-all name refers to string \(i) of \(strings.count)", offset: nameAt)
                        }
                        seg = PatternStore.Segment(text: Int32(i), constraint: -1, kind: .catchAll)
                    }
                default: throw .corrupt("segment kind \(kind)", offset: at)
                }
                // The grammar's rules that the matcher relies on.
                switch seg.kind {
                case .literal, .parameter: break
                case .optional, .catchAll, .unnamedCatchAll:
                    guard !isSuffix, index > 0, index == segmentCount - 1 else {
                        throw .corrupt("an optional segment or catch-all that is not the last path segment", offset: at)
                    }
                }
                if seg.kind != .literal {
                    let name = seg.text >= 0 ? strings[Int(seg.text)] : "*"
                    guard !name.isEmpty, !names.contains(name) else {
                        throw .corrupt("parameter name '\(name)' is empty or used twice", offset: at)
                    }
                    guard names.count < RoutePattern.maxParameters else {
                        throw .corrupt("more than \(RoutePattern.maxParameters) parameters", offset: at)
                    }
                    names.append(name)
                }
                store.append(seg)
            }
            guard store.endPattern() else { throw .corrupt("a pattern with no segment", offset: routeStart) }
            if isSuffix { suffixPatterns.append((routeIndex, store.lastPattern)) }
        }
        let patterns = store.build()

        // Targets.
        let targetsAt = r.offset
        let encoding = try r.u8("target encoding")
        let targets: [Target]
        switch SnapshotTargetEncoding(rawValue: encoding) {
        case .strings:
            var list: [String] = []
            list.reserveCapacity(routeCount)
            for _ in 0..<routeCount { list.append(try string("target")) }
            guard let t = list as? [Target] else {
                throw .corrupt("String targets for a table of \(targetTypeName)", offset: targetsAt)
            }
            targets = t
        case .ints:
            var list: [Int] = []
            list.reserveCapacity(routeCount)
            for _ in 0..<routeCount { list.append(try r.i64("target")) }
            guard let t = list as? [Target] else {
                throw .corrupt("Int targets for a table of \(targetTypeName)", offset: targetsAt)
            }
            targets = t
        case .json:
            let n = try r.count("JSON targets", minimumSize: 1)
            let at = try r.take(n, "JSON targets")
            let data = Data(UnsafeRawBufferPointer(rebasing: r.bytes[at..<at + n]))
            do { targets = try JSONDecoder().decode([Target].self, from: data) } catch {
                throw .corrupt("targets do not decode: \(error)", offset: at)
            }
            guard targets.count == routeCount else {
                throw .corrupt("\(targets.count) targets for \(routeCount) routes", offset: at)
            }
        case nil: throw .corrupt("target encoding \(encoding)", offset: targetsAt)
        }

        // The trie's arrays, as they were in memory, read straight into the buffers the trie will own;
        // freed here when anything after them is refused.
        let nodes = try r.raw(TrieNode.self, "trie nodes")
        var buffers = TrieBuffers(nodes: nodes.items, literals: .init(start: nil, count: 0),
                                  keyBytes: .init(start: nil, count: 0), constrained: .init(start: nil, count: 0),
                                  optionals: .init(start: nil, count: 0), terminals: .init(start: nil, count: 0))
        let trie: RouteTrie
        do throws(SnapshotError) {
            let literals = try r.raw(LiteralEdge.self, "literal edges")
            buffers.literals = literals.items
            buffers.keyBytes = try r.raw(UInt8.self, "literal key bytes").items
            let constrained = try r.raw(ConstrainedEdge.self, "constrained edges")
            buffers.constrained = constrained.items
            let optionals = try r.raw(OptionalEdge.self, "optional edges")
            buffers.optionals = optionals.items
            let terminals = try r.raw(TrieTerminal.self, "terminals")
            buffers.terminals = terminals.items
            let schemeCount = try r.count("schemes", minimumSize: 8)
            var schemes: [([UInt8], Int32)] = []
            var roots: [(node: Int32, at: Int)] = []
            for _ in 0..<schemeCount {
                let scheme = Array(try string("scheme").utf8)
                let at = r.offset
                let node = try r.i32("scheme root")
                schemes.append((scheme, node))
                roots.append((node, at))
            }
            let anyAt = r.offset
            let anyScheme = try r.i32("any-scheme root")
            if anyScheme != -1 { roots.append((anyScheme, anyAt)) }
            guard r.offset == r.end else {
                throw .corrupt("\(r.end - r.offset) unread bytes at the end of the payload", offset: r.offset)
            }

            try TrieCheck(nodes: nodes, literals: literals, keyCount: buffers.keyBytes.count, constrained: constrained,
                          optionals: optionals, constraintCount: constraints.count, terminals: terminals,
                          routeCount: routeCount)
                .check(roots: roots)

            // Suffix patterns are kept outside the trie, in ranking order: derived again (cheap), with the
            // snapshot's constraint indices.
            var flat = TrieCompiler.Flattener(terminals: [])
            flat.constraints = constraints
            for (i, c) in constraints.enumerated() where flat.constraintIndex[c] == nil {
                flat.constraintIndex[c] = Int32(i)
            }
            let suffixes = TrieCompiler.suffixRoutes(suffixPatterns, priorities: priorities, orders: orders,
                                                     foldPath: options.caseInsensitivePaths, flat: &flat)
            trie = RouteTrie(buffers: buffers, constraints: flat.constraints, schemes: schemes, anyScheme: anyScheme,
                             foldPath: options.caseInsensitivePaths, suffixes: suffixes)
        } catch {
            buffers.deallocate()
            throw error
        }
        return RouteTable(storage: RouteStorage(patterns: patterns, targets: targets, priorities: priorities,
                                                orders: orders),
                          options: options, trie: trie)
    }
}
