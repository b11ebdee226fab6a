/// The result of a successful lookup: the route, and the URL's parameters decoded on demand.
///
/// Creating a match allocates nothing; reading a parameter as a `String` decodes it then.
public struct RouteMatch<Target: Sendable>: Sendable {
    @usableFromInline let storage: RouteStorage<Target>
    @usableFromInline let raw: RawMatch
    /// The URL as given.
    public let url: String

    @inlinable
    init(storage: RouteStorage<Target>, url: String, raw: RawMatch) {
        self.storage = storage
        self.url = url
        self.raw = raw
    }

    /// The winning route, put together from the table's compact storage when read (see
    /// ``RouteTable/routes``); ``target`` reads the target alone.
    public var route: Route<Target> { storage.route(Int(raw.route)) }
    /// The winning route's target.
    @inlinable
    public var target: Target { storage.targets[Int(raw.route)] }
    /// The winning route's pattern, put together when read.
    public var pattern: RoutePattern { storage.patterns.pattern(at: Int(raw.route)) }
    /// The URL's layout, read again (the lookup kept only the capture ranges). The URL was valid when it
    /// matched, so scanning it again cannot fail; the empty layout is never returned in practice.
    var layout: URLLayout {
        var text = url
        return text.withUTF8 { buf in
            (try? URLScanner.scan(buf, limits: URLLimits(maxLength: .max, maxSegments: .max, maxQueryItems: .max,
                                                         maxComponentLength: .max))) ?? URLLayout()
        }
    }
    var optionalAbsent: Bool { raw.optionalAbsent }

    /// The decoded path parameters (host parameter included), in pattern order.
    ///
    /// A parameter's value is its whole decoded segment (`app://search/AC%2FDC` gives `AC/DC` for
    /// `app://search/:q`); a host parameter's is lowercased. A catch-all's value is its segments, each
    /// decoded, joined with `/`: over `a/b%2Fc` it is `a/b/c` (``routeURL``'s `pathSegments` keep the
    /// two apart).
    public var parameters: PathParameters {
        var names: [String] = []
        var values: [String] = []
        var text = url
        text.withUTF8 { buf in
            for (index, cap) in storage.patterns.captures(at: Int(raw.route)).enumerated() {
                if cap.isOptional && optionalAbsent { continue }
                let (s, e) = raw.captures[index]
                names.append(cap.name)
                if cap.isCatchAll {
                    // Rest of the path: decoded segment by segment, rejoined with single slashes.
                    var p = s
                    var parts: [String] = []
                    while let (a, b) = SegmentCursor.next(buf, &p, e) { parts.append(PercentDecoder.decode(buf, a, b)) }
                    values.append(parts.joined(separator: "/"))
                } else {
                    values.append(PercentDecoder.decode(buf, s, e, lowercase: cap.depth == 0))
                }
            }
        }
        return PathParameters(names: names, values: values)
    }

    /// One path parameter by name, decoded.
    public func parameter(_ name: String) -> String? { parameters[name] }

    /// The decoded query items (parsed when read).
    public var query: QueryParameters {
        guard layout.queryStart >= 0 else { return QueryParameters() }
        var text = url
        return text.withUTF8 { QueryParameters(parsing: $0, layout.queryStart, layout.queryEnd) }
    }

    /// The whole URL, split and decoded.
    public var routeURL: RouteURL {
        var text = url
        return text.withUTF8 { RouteURL(original: url, buf: $0, layout: layout) }
    }
}

/// A value that can be read from a URL parameter's text.
public protocol ParameterValue: Sendable {
    /// Parses the text; nil when it is not a valid value of this type.
    init?(parameter text: String)
    /// The name used in error messages (`Int`, `UUID`…).
    static var parameterTypeName: String { get }
}

extension ParameterValue {
    /// The type's name.
    public static var parameterTypeName: String { String(describing: Self.self) }
}

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

/// Why a parameter could not be read.
public enum ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No parameter of this name.
    case missing(key: String, expected: String)
    /// The text is not a valid value of the expected type.
    case invalid(key: String, value: String, expected: String)

    /// A sentence naming the key and the expected type.
    public var description: String {
        switch self {
        case .missing(let k, let t): "missing parameter '\(k)' (expected \(t))"
        case .invalid(let k, let v, let t): "parameter '\(k)' is '\(v)', not a valid \(t)"
        }
    }
}

/// Anything that looks parameters up by name as text, with typed accessors on top. The conformers
/// (`RouteRequest`, `PathParameters`, `SwitchyardKit`'s `ServiceCall`) publish `get(_:as:)` and
/// `require(_:as:)` themselves.
package protocol ParameterLookup {
    /// The parameter's text, or nil when there is none.
    subscript(_ name: String) -> String? { get }
}

extension ParameterLookup {
    /// The parameter converted to `T`, or nil when missing or not convertible.
    package func lookUp<T: ParameterValue>(_ name: String, as type: T.Type) -> T? {
        self[name].flatMap { T(parameter: $0) }
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    package func lookUpRequired<T: ParameterValue>(_ name: String, as type: T.Type) throws(ParameterError) -> T {
        guard let text = self[name] else { throw .missing(key: name, expected: T.parameterTypeName) }
        guard let v = T(parameter: text) else { throw .invalid(key: name, value: text, expected: T.parameterTypeName) }
        return v
    }
}

/// Decoded path parameters, in pattern order.
public struct PathParameters: Sendable, Hashable, Sequence, ParameterLookup {
    /// The names, in pattern order.
    public let names: [String]
    /// The decoded values, matching `names`.
    public let values: [String]

    /// Creates parameters from parallel arrays.
    public init(names: [String], values: [String]) {
        self.names = names
        self.values = values
    }

    /// The value of `name`, decoded.
    public subscript(_ name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// The parameter converted to `T`, or nil when missing or not convertible.
    public func get<T: ParameterValue>(_ name: String, as type: T.Type = T.self) -> T? {
        lookUp(name, as: type)
    }

    /// The parameter converted to `T`; throws an error naming the key and the expected type.
    public func require<T: ParameterValue>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        try lookUpRequired(name, as: type)
    }



    /// The parameters as a dictionary.
    public var dictionary: [String: String] {
        Dictionary(zip(names, values), uniquingKeysWith: { a, _ in a })
    }

    /// Iterates `(name, value)` pairs in pattern order.
    public func makeIterator() -> Zip2Sequence<[String], [String]>.Iterator { zip(names, values).makeIterator() }
}

import Foundation
