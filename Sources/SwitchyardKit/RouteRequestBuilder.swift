import Foundation
import Switchyard

extension String: URLParameterConvertible {
    /// The string itself.
    public var urlParameterText: String { self }
}

extension Int: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension Int64: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UInt: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension Double: URLParameterConvertible {
    /// The shortest text that reads back as the same value (`9.5`, `3.0`).
    public var urlParameterText: String { String(self) }
}

extension Bool: URLParameterConvertible {
    /// `true` or `false`.
    public var urlParameterText: String { self ? "true" : "false" }
}

extension Float: URLParameterConvertible {
    /// The shortest text that reads back as the same value.
    public var urlParameterText: String { String(self) }
}

extension Int8: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension Int16: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension Int32: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UInt8: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UInt16: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UInt32: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UInt64: URLParameterConvertible {
    /// Decimal digits.
    public var urlParameterText: String { String(self) }
}

extension UUID: URLParameterConvertible {
    /// The 8-4-4-4-12 uppercase form.
    public var urlParameterText: String { uuidString }
}

/// Builds a navigation request from typed values (in the spirit of TheRouterBuilder), so nobody
/// concatenates URL strings by hand.
///
/// ```swift
/// let outcome = await RouteRequestBuilder(pattern: "app://order/:id<int>")
///     .with("id", 42)              // fills the path
///     .with("from", "push")        // becomes ?from=push
///     .with("image", avatarBytes)  // not URL text: goes to native parameters
///     .open(on: router)
/// ```
/// Values that can be URL text (``URLParameterConvertible``: strings, integers, floating-point numbers,
/// booleans, UUIDs; and raw-value enums by their raw value)
/// fill the pattern's parameters of the same name; the others become query items, in the order they were
/// first set. Any other `Sendable` value goes to the native parameters. Setting a name again replaces its value.
public struct RouteRequestBuilder: Sendable {
    private enum Base: Sendable {
        case pattern(String, defaultScheme: String?)
        case url(String)
    }

    private let base: Base
    /// Text values, in the order their names were first set; a name may have several values (repeated query key).
    private var items: [(name: String, values: [String])] = []
    /// The native parameters collected so far.
    public private(set) var native = NativeParameters()

    /// A builder whose URL fills `pattern` (such as `app://order/:id<int>`).
    /// - Parameters:
    ///   - pattern: the route pattern whose parameters the builder fills in.
    ///   - defaultScheme: the scheme used when the pattern has none.
    public init(pattern: String, defaultScheme: String? = nil) {
        base = .pattern(pattern, defaultScheme: defaultScheme)
    }

    /// A builder that adds query items to `url`; a value replaces any query item of the same name in `url`.
    public init(url: String) {
        base = .url(url)
    }

    /// The text values set so far, as query items in order (path parameters included).
    public var textParameters: [QueryItem] {
        items.flatMap { item in item.values.map { QueryItem(name: item.name, value: $0) } }
    }

    private func setting(_ name: String, _ values: [String]?) -> RouteRequestBuilder {
        var copy = self
        copy.native.remove(name)
        if let i = copy.items.firstIndex(where: { $0.name == name }) {
            if let values { copy.items[i].values = values } else { copy.items.remove(at: i) }
        } else if let values {
            copy.items.append((name, values))
        }
        return copy
    }

    /// Sets a URL parameter: it fills the pattern's parameter `name`, or becomes a query item.
    public func with<V: URLParameterConvertible>(_ name: String, _ value: V) -> RouteRequestBuilder {
        setting(name, [value.urlParameterText])
    }

    /// Sets a URL parameter when `value` is not nil; nil removes any earlier value of `name`.
    public func with<V: URLParameterConvertible>(_ name: String, _ value: V?) -> RouteRequestBuilder {
        setting(name, value.map { [$0.urlParameterText] })
    }

    /// Sets a URL parameter from an enum (or other raw-value type) by its raw value.
    public func with<V: RawRepresentable & Sendable>(_ name: String, _ value: V) -> RouteRequestBuilder
    where V.RawValue: URLParameterConvertible {
        setting(name, [value.rawValue.urlParameterText])
    }

    /// Sets a repeated query key: one `name=value` item per element, in order.
    public func with<V: URLParameterConvertible>(_ name: String, _ values: [V]) -> RouteRequestBuilder {
        setting(name, values.map(\.urlParameterText))
    }

    /// Sets a native (in-process) parameter: `value` is not URL text, so it never appears in the URL.
    public func with<V: Sendable>(_ name: String, _ value: V) -> RouteRequestBuilder {
        withNative(name, value)
    }

    /// Sets a native parameter by name, even for a value that could be URL text.
    public func withNative<V: Sendable>(_ name: String, _ value: V) -> RouteRequestBuilder {
        var copy = setting(name, nil)
        copy.native.set(name, value)
        return copy
    }

    /// Sets a native parameter under a typed key.
    public func with<K: NativeKey>(_ key: K.Type, _ value: K.Value) -> RouteRequestBuilder {
        var copy = self
        copy.native[key] = value
        return copy
    }

    /// The URL: path parameters fill the pattern, the other text values become query items
    /// (built with `RoutePattern.url(_:query:defaultScheme:)`, so every value is percent-encoded).
    public func url() throws(RequestBuildError) -> String {
        switch base {
        case .pattern(let text, let defaultScheme):
            let pattern: RoutePattern
            do throws(PatternError) { pattern = try RoutePattern(text) } catch { throw .invalidPattern(error) }
            let names = Set(pattern.segments.compactMap { seg -> String? in
                if case .catchAll(let n) = seg { return n ?? "*" }
                return seg.parameterName
            })
            var pathValues: [String: String] = [:]
            var query: [QueryItem] = []
            for item in items {
                if names.contains(item.name), let last = item.values.last {
                    pathValues[item.name] = last
                } else {
                    query += item.values.map { QueryItem(name: item.name, value: $0) }
                }
            }
            do throws(URLBuildError) {
                return try pattern.url(pathValues, query: query, defaultScheme: defaultScheme)
            } catch {
                throw .build(error)
            }
        case .url(let text):
            let parsed: RouteURL
            do throws(URLParseError) { parsed = try RouteURL(text) } catch { throw .invalidURL(error) }
            let set = Set(items.map(\.name))
            let kept = parsed.query.items.filter { !set.contains($0.name) }
            let all = kept + textParameters
            var head = Substring(text)
            var fragment: Substring = ""
            if let hash = head.firstIndex(of: "#") {
                fragment = head[hash...]
                head = head[..<hash]
            }
            if let q = head.firstIndex(of: "?") { head = head[..<q] }
            guard !all.isEmpty else { return String(head + fragment) }
            let encoded = all.map {
                PercentEncoding.encode($0.name, allowed: .queryKeySafe) + "="
                    + PercentEncoding.encode($0.value, allowed: .queryValueSafe)
            }.joined(separator: "&")
            return head + "?" + encoded + fragment
        }
    }

    /// The pattern or URL the builder started from.
    var baseText: String {
        switch base {
        case .pattern(let p, _): p
        case .url(let u): u
        }
    }

    /// Builds the URL and opens it on `router` with the native parameters.
    ///
    /// When the URL cannot be built, nothing is opened: the result is `RouteOutcome.failed(pattern:error:)`
    /// naming the problem, and `callback` receives it (it still fires exactly once).
    @discardableResult
    public func open(on router: Router, lane: String? = nil,
                     callback: RouteCallback = RouteCallback(nil)) async -> RouteOutcome {
        let url: String
        do throws(RequestBuildError) { url = try self.url() } catch {
            let outcome = RouteOutcome.failed(pattern: baseText, error: "request builder: \(error)")
            callback.finish(outcome)
            return outcome
        }
        return await router.open(url, native: native, lane: lane, callback: callback)
    }
}

import Foundation
