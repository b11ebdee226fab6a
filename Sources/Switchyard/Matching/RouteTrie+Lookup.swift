extension RouteTrie {
    /// Scans and matches `url`: nil when no route matches, a typed error when the URL is invalid.
    @usableFromInline
    func lookup(_ url: String, limits: URLLimits) throws(URLParseError) -> RawMatch? {
        var failure: URLParseError?
        // The match is written in place through `result` rather than returned through the closure, which
        // would copy the ~180-byte value (wrapped in two optionals) on its way out.
        var result: RawMatch?
        // Native strings expose their bytes directly; others are copied once.
        let direct: Void? = url.utf8.withContiguousStorageIfAvailable { buf in
            lookup(buf, limits: limits, failure: &failure, into: &result)
        }
        if direct == nil {
            var text = url
            text.withUTF8 { buf in lookup(buf, limits: limits, failure: &failure, into: &result) }
        }
        if let failure { throw failure }
        return result
    }

    private func lookup(_ buf: UnsafeBufferPointer<UInt8>, limits: URLLimits, failure: inout URLParseError?,
                        into result: inout RawMatch?) {
        // The path segments' raw ranges, recorded by the scanner (or split after a full scan), on the stack,
        // followed by room for their packed literal keys (see ``Walker/packedKeys``).
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 3 * URLScanner.recordedSegments) { segmentBuffer in
            guard let segments = segmentBuffer.baseAddress else { return }
            let packedKeys = segments + URLScanner.recordedSegments
            let layout: URLLayout
            if let common = URLScanner.scanCommon(buf, limits: limits, classes: byteClasses, segments: segments) {
                layout = common
            } else {
                do throws(URLParseError) { layout = try URLScanner.scan(buf, limits: limits) } catch {
                    failure = error
                    return
                }
                URLScanner.splitSegments(buf, layout, into: segments)
            }
            var found = WalkResult()
            // The scratch buffer receives decoded segments and the lowercased host.
            if layout.needsDecode || layout.hostHasUpper {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buf.count, 1)) { scratch in
                    match(buf, layout, UnsafePointer(segments), scratch.baseAddress, nil, &found)
                }
            } else {
                match(buf, layout, UnsafePointer(segments), nil, prefetchesSlots ? packedKeys : nil, &found)
            }
            let t = found.terminal
            guard t.isFound else {
                if !suffixes.isEmpty { result = suffixMatch(buf, layout) }
                return
            }
            let packed = t.route
            // The captured depths, lowest first, are the pattern's parameters in order (an absent optional,
            // always last, has none).
            var captures = CaptureRanges()
            var mask = found.captured.mask
            var i = 0
            while mask != 0 && i < RoutePattern.maxParameters {
                let depth = mask.trailingZeroBitCount
                mask &= mask &- 1
                if depth == 0 {
                    captures.storage[i] = UInt64(layout.hostStart) << 32 | UInt64(layout.hostEnd)
                } else {
                    let range = segments[depth - 1]
                    // A catch-all's value runs from its first segment to the end of the path.
                    captures.storage[i] = depth == found.captured.catchAllDepth
                        ? range & ~0xFFFF_FFFF | UInt64(layout.pathEnd) : range
                }
                i += 1
            }
            result = RawMatch(route: packed & 0x7FFF_FFFF, optionalAbsent: packed < 0, captures: captures)
        }
    }

    /// The first suffix pattern (in ranking order) that the end of the URL's path matches. Runs only when
    /// the trie found nothing, so an anchored pattern always wins over a suffix pattern.
    func suffixMatch(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout) -> RawMatch? {
        // The last `maxSuffixLength` path segments, split as the walker splits them (empty ones skipped).
        var ends: [(start: Int, end: Int)] = []
        var e = layout.pathEnd
        while e > layout.pathStart && ends.count < maxSuffixLength {
            while e > layout.pathStart && buf[e - 1] == UInt8(ascii: "/") { e -= 1 }
            if e == layout.pathStart { break }
            var s = e
            while s > layout.pathStart && buf[s - 1] != UInt8(ascii: "/") { s -= 1 }
            ends.append((s, e))
            e = s
        }
        if ends.isEmpty { return nil }
        let segments = Array(ends.reversed())
        let scheme = layout.hasScheme
            ? Array(buf[0..<layout.schemeEnd]).map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 } : nil
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buf.count, 1)) { scratch -> RawMatch? in
            guard let base = buf.baseAddress else { return nil }
            let walker = Walker(trie: self, base: base, count: buf.count,
                                scratch: layout.needsDecode ? scratch.baseAddress : nil, segments: nil,
                                pathEnd: layout.pathEnd, foldPath: foldPath, segmentCount: layout.segmentCount)
            routes: for route in suffixes {
                if let s = route.scheme, s != scheme { continue }
                let k = route.segments.count
                guard k <= segments.count else { continue }
                let first = segments.count - k
                var captures = CaptureRanges()
                var captured = 0
                for (i, seg) in route.segments.enumerated() {
                    let (start, end) = segments[first + i]
                    let (vp, vlen) = walker.value(start, end)
                    switch seg {
                    case .literal(let key):
                        guard key.count == vlen else { continue routes }
                        for j in 0..<vlen {
                            var b = vp[j]
                            if foldPath && b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
                            if b != key[j] { continue routes }
                        }
                    case .parameter, .constrained:
                        if Walker.isDotSegment(vp, vlen) { continue routes }
                        if case .constrained(let id) = seg, !walker.constraintMatches(id, vp, vlen) { continue routes }
                        captures.storage[captured] = UInt64(start) << 32 | UInt64(end)
                        captured += 1
                    }
                }
                return RawMatch(route: route.route, optionalAbsent: false, captures: captures)
            }
            return nil
        }
    }

    /// Finds the best terminal for the URL in `buf` described by `layout`, whose path segments' raw ranges
    /// are in `segments` (see ``URLScanner/splitSegments(_:_:into:)``), into `found` (``TrieTerminal/none``
    /// for none).
    /// `scratch` must have room for `buf.count` bytes; it receives decoded segments and the lowercased
    /// host. It may be nil only when the layout needs neither (`needsDecode` and `hostHasUpper` false).
    /// `packedKeys`, when given (only without `scratch`), has room for two words per recorded segment.
    func match(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout, _ segments: UnsafePointer<UInt64>,
               _ scratch: UnsafeMutablePointer<UInt8>?, _ packedKeys: UnsafeMutablePointer<UInt64>?,
               _ found: inout WalkResult) {
        guard let base = buf.baseAddress else { return }
        let walker = Walker(trie: self, base: base, count: buf.count, scratch: scratch, segments: segments,
                            pathEnd: layout.pathEnd, foldPath: foldPath, segmentCount: layout.segmentCount,
                            packedKeys: scratch == nil ? packedKeys : nil)
        walker.packSegments()
        let host = walker.hostValue(layout)
        if layout.hasScheme {
            for entry in schemeEntries where Int(entry.length) == layout.schemeEnd && equalFolded(base, entry) {
                found.terminal = hostStep(walker, entry.node, host, &found.captured)
                if found.terminal.isFound { return }
            }
        }
        if anyScheme >= 0 { found.terminal = hostStep(walker, anyScheme, host, &found.captured) }
    }

    /// The walk from root `node` for `host`, with the slot keys of this trie (see ``prefetchesSlots``).
    @inline(__always)
    func hostStep(_ walker: Walker, _ node: Int32, _ host: (UnsafePointer<UInt8>, Int),
                  _ captured: inout Captured) -> TrieTerminal {
        let kinds = Walker.edges(of: nodes[Int(node)])
        if prefetchesSlots {
            return walker.step(node, EdgeSlot.root(node), kinds, host.0, host.1, fold: true, depth: 0,
                               keys: PathKeys.self, &captured)
        }
        return walker.step(node, Walker.indexKey(node), kinds, host.0, host.1, fold: true, depth: 0,
                           keys: IndexKeys.self, &captured)
    }

    /// True when the URL's first `entry.length` bytes, ASCII-lowercased, are the entry's scheme.
    /// The caller checked that the URL's scheme is exactly `entry.length` bytes long.
    @inline(__always)
    func equalFolded(_ p: UnsafePointer<UInt8>, _ entry: (start: Int32, length: Int32, node: Int32)) -> Bool {
        let start = Int(entry.start)
        for k in 0..<Int(entry.length) {
            var b = p[k]
            if b &- UInt8(ascii: "A") < 26 { b |= 0x20 }
            if b != schemeBytes[start + k] { return false }
        }
        return true
    }
}
