/// Splits and validates a URL's bytes according to Switchyard's normalisation contract.
///
/// The scanner allocates nothing: it returns byte ranges. Decoding happens later, once, on demand.
enum URLScanner {
    /// The most path segments whose ranges ``scanCommon(_:limits:classes:segments:)`` and
    /// ``splitSegments(_:_:into:)`` record (the host plus 33 path segments is the matcher's deepest walk).
    static let recordedSegments = 33

    /// One pass over the common URL (`scheme://host/seg/…?name=value&…`, ASCII, no escape, no capital in the
    /// host, no port, no fragment): the same layout ``scan(_:limits:)`` would return, plus each path segment's
    /// raw range (`start << 32 | end`, non-empty segments only, the first ``recordedSegments``) in `segments`.
    ///
    /// Returns nil for anything else, valid or not (no scheme, an escape, non-ASCII bytes, an upper-case or
    /// IPv6 host, a port, userinfo, a fragment, a forbidden byte, a limit reached): the caller then runs
    /// ``scan(_:limits:)``, which decides and names any error. So this never judges a URL, it only
    /// recognises the easy ones; a property test checks that every layout it returns is `scan`'s.
    @inline(__always)
    static func scanCommon(_ buf: UnsafeBufferPointer<UInt8>, limits: URLLimits, classes: UnsafePointer<UInt8>,
                           segments: UnsafeMutablePointer<UInt64>) -> URLLayout? {
        let n = buf.count
        guard n <= limits.maxLength, n > 0, let p = buf.baseAddress, ByteClass.isAlpha(p[0]) else { return nil }
        // 1. Scheme: scheme bytes up to "://".
        var i = 1
        while i < n && ByteClass.isSchemeByte(p[i]) { i += 1 }
        guard i + 2 < n, p[i] == UInt8(ascii: ":"), p[i + 1] == UInt8(ascii: "/"), p[i + 2] == UInt8(ascii: "/") else {
            return nil
        }
        var layout = URLLayout()
        layout.schemeEnd = i
        i += 3
        // 2. Host: plain host bytes only (no capital, escape, port or userinfo), at least one.
        let hostStart = i
        while i < n && classes[Int(p[i])] & ByteClass.hostPlain != 0 { i += 1 }
        guard i > hostStart else { return nil }
        if i < n {
            let b = p[i]
            guard b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") else { return nil }
        }
        layout.hostStart = hostStart
        layout.hostEnd = i
        layout.pathStart = i
        // 3. Path: plain bytes and '/', up to '?' (a '#' or anything needing a closer look gives up).
        // (Skipping plain bytes eight at a time was measured: no faster, and more mispredicted branches.)
        var count = 0
        let notPlain = ~(ByteClass.hostPlain | ByteClass.queryPlain)
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "/") {
                i += 1
                continue
            }
            if b == UInt8(ascii: "?") { break }
            if classes[Int(b)] & notPlain != 0 { return nil }
            let segmentStart = i
            i += 1
            while i < n && classes[Int(p[i])] & notPlain == 0 { i += 1 }
            guard i - segmentStart <= limits.maxComponentLength, count < limits.maxSegments else { return nil }
            if count < recordedSegments { segments[count] = UInt64(segmentStart) << 32 | UInt64(i) }
            count += 1
        }
        layout.pathEnd = i
        layout.segmentCount = count
        guard i < n else { return layout }
        // 4. Query: plain query bytes, '&' and '=' (no escape, no non-ASCII, no fragment).
        i += 1
        layout.queryStart = i
        var itemStart = i
        var componentStart = i
        var items = 0
        while i < n {
            let b = p[i]
            if classes[Int(b)] & ByteClass.queryPlain != 0 {
                i += 1
                continue
            }
            guard b == UInt8(ascii: "&") || b == UInt8(ascii: "="),
                  i - componentStart <= limits.maxComponentLength else {
                return nil
            }
            componentStart = i + 1
            if b == UInt8(ascii: "&") {
                if i > itemStart {
                    items += 1
                    guard items <= limits.maxQueryItems else { return nil }
                }
                itemStart = i + 1
            }
            i += 1
        }
        guard i - componentStart <= limits.maxComponentLength else { return nil }
        if i > itemStart {
            items += 1
            guard items <= limits.maxQueryItems else { return nil }
        }
        layout.queryEnd = i
        layout.queryItemCount = items
        return layout
    }

    /// Records the raw ranges of the non-empty path segments of a scanned URL, as ``scanCommon`` does:
    /// the first ``recordedSegments`` of them, `start << 32 | end`.
    static func splitSegments(_ buf: UnsafeBufferPointer<UInt8>, _ layout: URLLayout,
                              into segments: UnsafeMutablePointer<UInt64>) {
        var p = layout.pathStart
        var count = 0
        while count < recordedSegments, let (s, e) = SegmentCursor.next(buf, &p, layout.pathEnd) {
            segments[count] = UInt64(s) << 32 | UInt64(e)
            count += 1
        }
    }

    /// Scans `buf`, checking limits first, then every byte.
    static func scan(_ buf: UnsafeBufferPointer<UInt8>, limits: URLLimits) throws(URLParseError) -> URLLayout {
        let n = buf.count
        if n > limits.maxLength {
            throw URLParseError(.tooLong(length: n, limit: limits.maxLength), at: limits.maxLength)
        }
        var layout = URLLayout()
        let table = ByteClass.table

        // 1. Scheme: letters, digits, + - . up to ':' before any '/', '?' or '#'.
        var i = 0
        var colon = -1
        while i < n {
            let b = buf[i]
            if b == UInt8(ascii: ":") { colon = i; break }
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
            if table[Int(b)] & ByteClass.forbidden != 0 { throw URLParseError(.forbiddenCharacter(b), at: i) }
            i += 1
        }
        var authorityStart: Int
        if colon >= 0 {
            guard colon > 0, ByteClass.isAlpha(buf[0]) else { throw URLParseError(.invalidScheme, at: 0) }
            var j = 1
            while j < colon {
                if !ByteClass.isSchemeByte(buf[j]) {
                    if table[Int(buf[j])] & ByteClass.forbidden != 0 {
                        throw URLParseError(.forbiddenCharacter(buf[j]), at: j)
                    }
                    throw URLParseError(.invalidScheme, at: j)
                }
                j += 1
            }
            guard colon + 2 < n, buf[colon + 1] == UInt8(ascii: "/"), buf[colon + 2] == UInt8(ascii: "/") else {
                throw URLParseError(.missingAuthority, at: colon + 1)
            }
            layout.schemeEnd = colon
            authorityStart = colon + 3
        } else {
            // No scheme: leading slashes are not part of the host.
            authorityStart = 0
            while authorityStart < n && buf[authorityStart] == UInt8(ascii: "/") { authorityStart += 1 }
            if authorityStart == n { throw URLParseError(.empty, at: 0) }
        }

        // 2. Authority: host [":" port], or "[" IPv6 "]" [":" port].
        var authorityEnd = authorityStart
        while authorityEnd < n {
            let b = buf[authorityEnd]
            if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
            authorityEnd += 1
        }
        try scanAuthority(buf, authorityStart, authorityEnd, &layout)

        // 3. Path.
        layout.pathStart = authorityEnd
        var p = authorityEnd
        var segmentStart = -1
        var validator = UTF8Validator()
        while p < n {
            let b = buf[p]
            let cls = table[Int(b)]
            if cls & ~(ByteClass.hostPlain | ByteClass.queryPlain) == 0 {
                // A plain byte, and usually a run of them: skip to the next byte that needs a look.
                if segmentStart < 0 { segmentStart = p }
                p += 1
                while p < n && table[Int(buf[p])] & ~(ByteClass.hostPlain | ByteClass.queryPlain) == 0 { p += 1 }
                continue
            }
            if cls & ByteClass.forbidden != 0 { throw URLParseError(.forbiddenCharacter(b), at: p) }
            if cls & ByteClass.pathEnd != 0 { break }
            if b == UInt8(ascii: "/") {
                if segmentStart >= 0 {
                    try endSegment(segmentStart, p, &layout, validator, limits)
                    segmentStart = -1
                }
                p += 1
                continue
            }
            if segmentStart < 0 { segmentStart = p }
            if b == UInt8(ascii: "\\") { throw URLParseError(.forbiddenCharacter(b), at: p) }
            if b == UInt8(ascii: "%") {
                layout.needsDecode = true
                let decoded = try decodeEscape(buf, p)
                if decoded < 0x20 || decoded == 0x7F { throw URLParseError(.encodedControlCharacter(decoded), at: p) }
                if !validator.feed(decoded) { throw URLParseError(.invalidUTF8, at: p) }
                p += 3
                continue
            }
            // Non-ASCII raw byte.
            if !validator.feed(b) { throw URLParseError(.invalidUTF8, at: p) }
            p += 1
        }
        if segmentStart >= 0 { try endSegment(segmentStart, p, &layout, validator, limits) }
        layout.pathEnd = p

        // 4. Query.
        if p < n && buf[p] == UInt8(ascii: "?") {
            p += 1
            layout.queryStart = p
            var itemStart = p
            var componentStart = p
            validator = UTF8Validator()
            while p < n {
                let b = buf[p]
                let cls = table[Int(b)]
                if cls & ByteClass.queryPlain != 0 {
                    p += 1
                    continue
                }
                if b == UInt8(ascii: "#") { break }
                if cls & ByteClass.forbidden != 0 { throw URLParseError(.forbiddenCharacter(b), at: p) }
                if b == UInt8(ascii: "&") || b == UInt8(ascii: "=") {
                    if !validator.isComplete { throw URLParseError(.invalidUTF8, at: p) }
                    if p - componentStart > limits.maxComponentLength {
                        throw URLParseError(.componentTooLong(limit: limits.maxComponentLength), at: componentStart)
                    }
                    componentStart = p + 1
                    if b == UInt8(ascii: "&") {
                        if p > itemStart { try countQueryItem(&layout, itemStart, limits) }
                        itemStart = p + 1
                    }
                    p += 1
                    continue
                }
                if b == UInt8(ascii: "%") {
                    let decoded = try decodeEscape(buf, p)
                    if decoded == 0 { throw URLParseError(.encodedControlCharacter(0), at: p) }
                    if !validator.feed(decoded) { throw URLParseError(.invalidUTF8, at: p) }
                    p += 3
                    continue
                }
                if b >= 0x80, !validator.feed(b) { throw URLParseError(.invalidUTF8, at: p) }
                p += 1
            }
            if !validator.isComplete { throw URLParseError(.invalidUTF8, at: p) }
            if p - componentStart > limits.maxComponentLength {
                throw URLParseError(.componentTooLong(limit: limits.maxComponentLength), at: componentStart)
            }
            if p > itemStart { try countQueryItem(&layout, itemStart, limits) }
            layout.queryEnd = p
        }

        // 5. Fragment.
        if p < n && buf[p] == UInt8(ascii: "#") {
            p += 1
            layout.fragmentStart = p
            validator = UTF8Validator()
            while p < n {
                let b = buf[p]
                if table[Int(b)] & ByteClass.forbidden != 0 { throw URLParseError(.forbiddenCharacter(b), at: p) }
                if b == UInt8(ascii: "%") {
                    let decoded = try decodeEscape(buf, p)
                    if decoded == 0 { throw URLParseError(.encodedControlCharacter(0), at: p) }
                    if !validator.feed(decoded) { throw URLParseError(.invalidUTF8, at: p) }
                    p += 3
                    continue
                }
                if b >= 0x80, !validator.feed(b) { throw URLParseError(.invalidUTF8, at: p) }
                p += 1
            }
            if !validator.isComplete { throw URLParseError(.invalidUTF8, at: p) }
        }
        return layout
    }

    @inline(__always)
    private static func countQueryItem(_ layout: inout URLLayout, _ at: Int,
                                       _ limits: URLLimits) throws(URLParseError) {
        layout.queryItemCount += 1
        if layout.queryItemCount > limits.maxQueryItems {
            throw URLParseError(.tooManyQueryItems(limit: limits.maxQueryItems), at: at)
        }
    }

    @inline(__always)
    private static func endSegment(
        _ start: Int, _ end: Int, _ layout: inout URLLayout, _ validator: UTF8Validator, _ limits: URLLimits
    ) throws(URLParseError) {
        if !validator.isComplete { throw URLParseError(.invalidUTF8, at: end) }
        if end - start > limits.maxComponentLength {
            throw URLParseError(.componentTooLong(limit: limits.maxComponentLength), at: start)
        }
        layout.segmentCount += 1
        if layout.segmentCount > limits.maxSegments {
            throw URLParseError(.tooManySegments(limit: limits.maxSegments), at: start)
        }
    }

    @inline(__always)
    static func decodeEscape(_ buf: UnsafeBufferPointer<UInt8>, _ p: Int) throws(URLParseError) -> UInt8 {
        guard p + 2 < buf.count,
              let hi = ByteClass.hexValue(buf[p + 1]),
              let lo = ByteClass.hexValue(buf[p + 2])
        else { throw URLParseError(.badPercentEscape, at: p) }
        return hi << 4 | lo
    }

    /// Checks an IPv6 address (RFC 4291 text form): up to 8 groups of 1–4 hex digits, at most one
    /// `::`, and optionally a dotted IPv4 address in place of the last two groups.
    static func isIPv6Address(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let text = Array(buf[start..<end])
        var groups = 0
        var sawDoubleColon = false
        var i = 0
        if text.starts(with: [UInt8(ascii: ":"), UInt8(ascii: ":")]) {
            sawDoubleColon = true
            i = 2
            if i == text.count { return true }
        } else if text.first == UInt8(ascii: ":") {
            return false
        }
        while i < text.count {
            var j = i
            while j < text.count && text[j] != UInt8(ascii: ":") { j += 1 }
            let piece = text[i..<j]
            if piece.contains(UInt8(ascii: ".")) {
                // An embedded IPv4 address: only last, four decimal octets 0–255.
                guard j == text.count, isIPv4(piece) else { return false }
                groups += 2
            } else {
                guard (1...4).contains(piece.count), piece.allSatisfy({ ByteClass.hexValue($0) != nil }) else {
                    return false
                }
                groups += 1
            }
            if j == text.count { break }
            // j is at ':'; a second ':' right after is the one allowed '::'.
            if j + 1 < text.count && text[j + 1] == UInt8(ascii: ":") {
                if sawDoubleColon { return false }
                sawDoubleColon = true
                i = j + 2
                if i == text.count { break }
            } else {
                i = j + 1
                if i == text.count { return false } // trailing single ':'
            }
        }
        return sawDoubleColon ? groups <= 7 : groups == 8
    }

    static func isIPv4(_ piece: ArraySlice<UInt8>) -> Bool {
        let parts = piece.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for p in parts {
            guard (1...3).contains(p.count), p.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return false
            }
            let value = p.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if value > 255 { return false }
        }
        return true
    }

    private static func scanAuthority(
        _ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ layout: inout URLLayout
    ) throws(URLParseError) {
        if start == end { throw URLParseError(.emptyHost, at: start) }
        var hostEnd = end
        var portStart = -1
        if buf[start] == UInt8(ascii: "[") {
            var k = start + 1
            var sawColon = false
            while k < end && buf[k] != UInt8(ascii: "]") {
                let b = buf[k]
                if b == UInt8(ascii: ":") { sawColon = true }
                else if b &- UInt8(ascii: "A") < 6 { layout.hostHasUpper = true }
                else if ByteClass.hexValue(b) == nil && b != UInt8(ascii: ".") {
                    if b == UInt8(ascii: "@") { throw URLParseError(.userinfoNotAllowed, at: k) }
                    if ByteClass.table[Int(b)] & ByteClass.forbidden != 0 {
                        throw URLParseError(.forbiddenCharacter(b), at: k)
                    }
                    throw URLParseError(.invalidIPv6, at: k)
                }
                k += 1
            }
            guard k < end, sawColon, k > start + 2, isIPv6Address(buf, start + 1, k) else {
                throw URLParseError(.invalidIPv6, at: start)
            }
            layout.hostIsIPv6 = true
            layout.hostStart = start + 1
            layout.hostEnd = k
            k += 1
            if k < end {
                guard buf[k] == UInt8(ascii: ":") else {
                    if buf[k] == UInt8(ascii: "@") { throw URLParseError(.userinfoNotAllowed, at: k) }
                    throw URLParseError(.invalidIPv6, at: k)
                }
                portStart = k + 1
            }
        } else {
            var validator = UTF8Validator()
            var k = start
            let table = ByteClass.table
            while k < end {
                let b = buf[k]
                if table[Int(b)] & ByteClass.hostPlain != 0 {
                    k += 1
                    continue
                }
                switch b {
                case UInt8(ascii: "@"): throw URLParseError(.userinfoNotAllowed, at: k)
                case UInt8(ascii: ":"):
                    if portStart < 0 { hostEnd = k; portStart = k + 1 }
                case UInt8(ascii: "%"):
                    layout.needsDecode = true
                    let d = try decodeEscape(buf, k)
                    if d < 0x20 || d == 0x7F { throw URLParseError(.encodedControlCharacter(d), at: k) }
                    switch d {
                    case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "@"), UInt8(ascii: ":"),
                         UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "%"):
                        throw URLParseError(.invalidHost, at: k)
                    default: break
                    }
                    if portStart < 0, !validator.feed(d) { throw URLParseError(.invalidUTF8, at: k) }
                    k += 3
                    continue
                case UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                     UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"),
                     UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    if portStart < 0 { throw URLParseError(.invalidHost, at: k) }
                default:
                    if table[Int(b)] & ByteClass.forbidden != 0 {
                        throw URLParseError(.forbiddenCharacter(b), at: k)
                    }
                    if portStart < 0 {
                        if b &- UInt8(ascii: "A") < 26 { layout.hostHasUpper = true }
                        if b >= 0x80, !validator.feed(b) { throw URLParseError(.invalidUTF8, at: k) }
                    }
                }
                k += 1
            }
            if !validator.isComplete { throw URLParseError(.invalidUTF8, at: hostEnd) }
            layout.hostStart = start
            layout.hostEnd = hostEnd
            if hostEnd == start { throw URLParseError(.emptyHost, at: start) }
        }
        if portStart >= 0 && portStart < end {
            var value: Int32 = 0
            var k = portStart
            while k < end {
                let b = buf[k]
                guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else {
                    if ByteClass.table[Int(b)] & ByteClass.forbidden != 0 {
                        throw URLParseError(.forbiddenCharacter(b), at: k)
                    }
                    throw URLParseError(.invalidPort, at: portStart)
                }
                value = value &* 10 &+ Int32(b &- UInt8(ascii: "0"))
                if value > 65535 { throw URLParseError(.invalidPort, at: portStart) }
                k += 1
            }
            layout.port = value
        }
    }
}
