import Foundation

/// Parses text as one of the types a parameter can have; nil when `T` is not such a type or the text is invalid.
enum ParameterText {
    /// Whether `T` is read from a single text value.
    static func isScalar<T>(_ type: T.Type) -> Bool {
        if type is any ParameterValue.Type { return true }
        switch type {
        case is Float.Type, is Int8.Type, is Int16.Type, is Int32.Type, is UInt8.Type, is UInt16.Type,
             is UInt32.Type, is UInt64.Type: return true
        default: return false
        }
    }

    /// The text parsed as `T`; nil when invalid.
    static func parse<T>(_ text: String, as type: T.Type) -> T? {
        if let p = type as? any ParameterValue.Type { return p.init(parameter: text) as? T }
        switch type {
        case is Float.Type:
            guard let f = Float(text), f.isFinite else { return nil }
            return f as? T
        case is Int8.Type: return Int8(text, radix: 10) as? T
        case is Int16.Type: return Int16(text, radix: 10) as? T
        case is Int32.Type: return Int32(text, radix: 10) as? T
        case is UInt8.Type: return UInt8(text, radix: 10) as? T
        case is UInt16.Type: return UInt16(text, radix: 10) as? T
        case is UInt32.Type: return UInt32(text, radix: 10) as? T
        case is UInt64.Type: return UInt64(text, radix: 10) as? T
        default: return nil
        }
    }
}
