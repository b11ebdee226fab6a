/// Percent-decoding of components whose bytes a ``URLLayout`` has already validated.
enum PercentDecoder {
    /// Decodes `buf[start..<end]` once. `plusIsSpace` applies to query names and values only.
    static func decode(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, plusIsSpace: Bool = false,
                       lowercase: Bool = false) -> String {
        var needsWork = lowercase
        var k = start
        while k < end && !needsWork {
            let b = buf[k]
            if b == UInt8(ascii: "%") || (plusIsSpace && b == UInt8(ascii: "+")) { needsWork = true }
            k += 1
        }
        guard let base = buf.baseAddress else { return "" }
        if !needsWork {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
        var out = [UInt8]()
        out.reserveCapacity(end - start)
        k = start
        while k < end {
            var b = buf[k]
            var step = 1
            if b == UInt8(ascii: "%"), k + 2 < end, let hi = ByteClass.hexValue(buf[k + 1]),
               let lo = ByteClass.hexValue(buf[k + 2]) {
                b = hi << 4 | lo
                step = 3
            } else if plusIsSpace && b == UInt8(ascii: "+") {
                b = UInt8(ascii: " ")
            }
            if lowercase && b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b |= 0x20 }
            out.append(b)
            k += step
        }
        return String(decoding: out, as: UTF8.self)
    }
}
