/// A typed key for a native (in-process) parameter.
///
/// ```swift
/// enum AvatarImage: NativeKey { typealias Value = [UInt8] }
/// var native = NativeParameters()
/// native[AvatarImage.self] = bytes
/// ```
public protocol NativeKey {
    /// The type of the value stored under this key.
    associatedtype Value: Sendable
    /// The name shown in traces and errors; defaults to the type's name.
    static var name: String { get }
}

extension NativeKey {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }
}
