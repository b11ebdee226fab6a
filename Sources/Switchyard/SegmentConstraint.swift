// TEMPORARY STUB — replaced by the real linear-time engine.
import Foundation

public struct ConstraintError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable { case empty, unsupportedSyntax(String), nestedQuantifier }
    public let reason: Reason
    public let offset: Int
    public let source: String
    public var description: String { "bad constraint '\(source)' at offset \(offset)" }
}

public struct SegmentConstraint: Sendable, Hashable, CustomStringConvertible {
    public let source: String
    public let isTyped: Bool
    public static let typeNames = ["int", "uint", "uuid", "hex", "alpha", "alnum", "slug"]
    public init(regex: String) throws(ConstraintError) {
        if regex.isEmpty { throw ConstraintError(reason: .empty, offset: 0, source: regex) }
        if regex.contains("+)+") || regex.contains("*)*") { throw ConstraintError(reason: .nestedQuantifier, offset: 0, source: regex) }
        source = regex; isTyped = false
    }
    public init?(typeName: String) {
        guard Self.typeNames.contains(typeName) else { return nil }
        source = typeName; isTyped = true
    }
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { matches(String(decoding: bytes, as: UTF8.self)) }
    public func matches(_ text: String) -> Bool {
        let re: String
        if isTyped {
            switch source {
            case "int": re = "-?[0-9]{1,19}"
            case "uint": re = "[0-9]{1,20}"
            case "uuid": re = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
            case "hex": re = "[0-9a-fA-F]+"
            case "alpha": re = "[a-zA-Z]+"
            case "alnum": re = "[a-zA-Z0-9]+"
            default: re = "[a-z0-9-]+"
            }
        } else { re = source }
        guard let r = try? NSRegularExpression(pattern: "^(?:" + re + ")$") else { return false }
        return r.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    public var description: String { isTyped ? "<\(source)>" : "(\(source))" }
}
