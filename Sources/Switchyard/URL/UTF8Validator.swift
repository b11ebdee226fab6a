/// A streaming UTF-8 validator that rejects overlong forms, surrogates and code points above U+10FFFF.
struct UTF8Validator {
    private var need: UInt8 = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// True when no multi-byte sequence is open.
    var isComplete: Bool { need == 0 }

    /// Feeds one byte; false when the byte cannot continue a valid sequence.
    @inline(__always)
    mutating func feed(_ b: UInt8) -> Bool {
        if need == 0 {
            if b < 0x80 { return true }
            lower = 0x80
            upper = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; upper = 0x9F
            case 0xF0: need = 3; lower = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; upper = 0x8F
            default: return false
            }
            return true
        }
        guard b >= lower && b <= upper else { return false }
        lower = 0x80
        upper = 0xBF
        need &-= 1
        return true
    }
}
