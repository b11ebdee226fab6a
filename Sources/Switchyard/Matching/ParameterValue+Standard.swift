import Foundation

extension String: ParameterValue {
    /// Any text is a string.
    public init?(parameter text: String) { self = text }
}

extension Int: ParameterValue {
    /// Decimal digits with an optional leading `-`.
    public init?(parameter text: String) { self.init(text, radix: 10) }
}

extension Int64: ParameterValue {
    /// Decimal digits with an optional leading `-`.
    public init?(parameter text: String) { self.init(text, radix: 10) }
}

extension UInt: ParameterValue {
    /// Decimal digits.
    public init?(parameter text: String) { self.init(text, radix: 10) }
}

extension Double: ParameterValue {
    /// A decimal number; `nan` and `inf` are refused.
    public init?(parameter text: String) {
        guard let v = Double(text), v.isFinite else { return nil }
        self = v
    }
}

extension Bool: ParameterValue {
    /// `true`/`false`, `1`/`0`, `yes`/`no` (any case).
    public init?(parameter text: String) {
        switch text.lowercased() {
        case "true", "1", "yes": self = true
        case "false", "0", "no": self = false
        default: return nil
        }
    }
}

extension UUID: ParameterValue {
    /// The 8-4-4-4-12 hexadecimal form.
    public init?(parameter text: String) { self.init(uuidString: text) }
}
