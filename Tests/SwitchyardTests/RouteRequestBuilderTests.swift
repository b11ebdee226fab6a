import Foundation
import Testing
@testable import Switchyard
import SwitchyardKit

private enum Thumbnail: NativeKey { typealias Value = [UInt8] }

/// A value that is not URL text, so it travels as a native parameter.
private struct Picture: Sendable, Equatable {
    let width: Int
}

struct RouteRequestBuilderTests {
    @Test func buildsTheURLFromThePatternAndTypedValues() throws {
        let builder = RouteRequestBuilder(pattern: "app://order/:id<int>")
            .with("id", 42)
            .with("from", "push")
            .with("flag", true)
            .with("price", 9.5)
            .with("image", Picture(width: 3))
        #expect(try builder.url() == "app://order/42?from=push&flag=true&price=9.5")
        #expect(builder.native.get("image", as: Picture.self) == Picture(width: 3))
        #expect(builder.native.names == ["image"])
    }

    @Test func valuesArePercentEncodedRepeatedAndReplaced() throws {
        let url = try RouteRequestBuilder(pattern: "app://search/:query")
            .with("query", "a b/c")
            .with("tag", ["x", "y&z"])
            .with("page", 1)
            .with("page", 2)
            .with("missing", nil as Int?)
            .url()
        #expect(url == "app://search/a%20b%2Fc?tag=x&tag=y%26z&page=2")
        #expect(try RouteURL(url).query.values(for: "tag") == ["x", "y&z"])
    }

    @Test func rawValueEnumsAndOtherNumbersAreURLText() throws {
        enum Tab: String { case hot, new }
        let builder = RouteRequestBuilder(pattern: "app://feed")
            .with("tab", Tab.hot)
            .with("ratio", Float(0.25))
            .with("level", UInt8(3))
        #expect(try builder.url() == "app://feed?tab=hot&ratio=0.25&level=3")
        #expect(builder.native.isEmpty)
        #expect(builder.textParameters.map(\.name) == ["tab", "ratio", "level"])
        // A URL value can be forced native, and a native value set again as text leaves the native side.
        let forced = builder.withNative("level", 3)
        #expect(try forced.url() == "app://feed?tab=hot&ratio=0.25")
        #expect(forced.native.get("level", as: Int.self) == 3)
        #expect(forced.with("level", 4).native.isEmpty)
    }

    @Test func schemelessPatternsUseTheDefaultScheme() throws {
        let builder = RouteRequestBuilder(pattern: "user/:id", defaultScheme: "app").with("id", 7)
        #expect(try builder.url() == "app://user/7")
        #expect(throws: RequestBuildError.build(.missingScheme(pattern: "user/:id"))) {
            try RouteRequestBuilder(pattern: "user/:id").with("id", 7).url()
        }
    }

    @Test func buildErrorsNameTheParameter() throws {
        #expect(throws: RequestBuildError.build(.missingParameter(name: "id", pattern: "app://order/:id<int>"))) {
            try RouteRequestBuilder(pattern: "app://order/:id<int>").with("from", "push").url()
        }
        #expect(throws: RequestBuildError.build(.constraintFailed(name: "id", value: "abc", constraint: "<int>"))) {
            try RouteRequestBuilder(pattern: "app://order/:id<int>").with("id", "abc").url()
        }
        let invalid = #expect(throws: RequestBuildError.self) { try RouteRequestBuilder(pattern: "app://order/:id(").url() }
        if case .invalidPattern? = invalid {} else { Issue.record("expected invalidPattern, got \(String(describing: invalid))") }
    }

    /// `.` and `..` (and an empty value) are never a parameter's value, since no route matches such a
    /// segment: the builder refuses them with a typed error naming the parameter, in every position a
    /// parameter can take (host, path, optional), while a catch-all keeps its dot segments.
    @Test(arguments: [
        ("app://search/:q", "q"), ("app://:h/x", "h"), ("app://a/:opt?", "opt"), ("search/:q", "q"),
    ])
    func dotSegmentsAndEmptyValuesAreRefused(pattern: String, name: String) throws {
        for value in [".", "..", ""] {
            let builder = RouteRequestBuilder(pattern: pattern, defaultScheme: "app").with(name, value)
            #expect(throws: RequestBuildError.build(.invalidValue(name: name, value: value)), "\(pattern) \(value)") {
                try builder.url()
            }
        }
        #expect(try RouteRequestBuilder(pattern: "app://f/*path").with("path", "a/../b").url() == "app://f/a/../b")
    }

    @Test func urlBuildersAddAndReplaceQueryItems() throws {
        let url = try RouteRequestBuilder(url: "app://feed?tab=new&x=1#top")
            .with("tab", "hot")
            .with("uid", UUID(uuidString: "5E4D3C2B-1A09-4F8E-8D7C-6B5A49382716") ?? UUID())
            .url()
        #expect(url == "app://feed?x=1&tab=hot&uid=5E4D3C2B-1A09-4F8E-8D7C-6B5A49382716#top")
        #expect(try RouteRequestBuilder(url: "app://feed").url() == "app://feed")
        let bad = #expect(throws: RequestBuildError.self) { try RouteRequestBuilder(url: "no scheme here").url() }
        if case .invalidURL? = bad {} else { Issue.record("expected invalidURL, got \(String(describing: bad))") }
    }

    @Test func opensTheBuiltURLWithNativeParameters() async throws {
        let router = Router()
        try router.register("app://order/:id<int>", target: "Order") { req in
            let id = try req.require("id", as: Int.self)
            let from = req.get("from", as: String.self) ?? "-"
            let picture = try req.native.require("image", as: Picture.self)
            let thumb = req.native[Thumbnail.self] ?? []
            return RouteResult(id, note: "\(from) \(picture.width) \(thumb.count) \(req.url.original)")
        }
        let calls = OutcomeCounter()
        let outcome = await RouteRequestBuilder(pattern: "app://order/:id<int>")
            .with("id", 42)
            .with("from", "push")
            .with("image", Picture(width: 640))
            .with(Thumbnail.self, [1, 2])
            .open(on: router, callback: calls.callback())
        guard case .handled(_, let r) = outcome else {
            Issue.record("expected handled, got \(outcome)")
            return
        }
        #expect(r.payload(as: Int.self) == 42)
        #expect(r.note == "push 640 2 app://order/42?from=push")
        #expect(calls.codes == ["handled"])
    }

    @Test func aURLThatCannotBeBuiltFailsAndStillAnswersTheCallbackOnce() async throws {
        let router = Router()
        let calls = OutcomeCounter()
        let outcome = await RouteRequestBuilder(pattern: "app://order/:id<int>").with("id", -1.5).open(on: router, callback: calls.callback())
        guard case .failed(let pattern, let error) = outcome else {
            Issue.record("expected failed, got \(outcome)")
            return
        }
        #expect(pattern == "app://order/:id<int>")
        #expect(error.contains("'-1.5'"))
        #expect(calls.codes == ["failed"])
    }
}

/// Records the codes of the outcomes a callback receives.
private final class OutcomeCounter: Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var items: [String] = []
    var codes: [String] { lock.lock(); defer { lock.unlock() }; return items }
    func callback() -> RouteCallback {
        RouteCallback { [self] outcome in
            lock.lock()
            items.append(outcome.code)
            lock.unlock()
        }
    }
}
