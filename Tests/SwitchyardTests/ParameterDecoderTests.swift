import Foundation
import Testing
@testable import Switchyard

private enum Source: String, Decodable {
    case push, link
}

private struct OrderParams: Decodable, Equatable {
    let id: Int
    let from: Source
    let price: Double
    let express: Bool
    let token: UUID
    let note: String?
    let tags: [String]
    let sizes: [Int]?
    let image: [UInt8]?
}

private struct Bounded: Decodable {
    let count: UInt8
    let ratio: Float
}

private func request(_ url: String, pattern: String = "app://order/:id", native: NativeParameters = NativeParameters()) throws -> RouteRequest {
    var b = RouteTableBuilder<String>()
    try b.add(pattern, target: "Order")
    let match = try #require(try b.build().match(url))
    return RouteRequest(url: try RouteURL(url), pattern: match.pattern, target: match.target, path: match.parameters, native: native)
}

struct ParameterDecoderTests {
    static let token = "5E4D3C2B-1A09-4F8E-8D7C-6B5A49382716"

    @Test func decodesPathQueryAndNativeParametersIntoAStruct() throws {
        var native = NativeParameters()
        native.set("image", [UInt8]([1, 2, 3]))
        let req = try request("app://order/42?from=push&price=9.5&express=yes&token=\(Self.token)&tags=a&tags=b%20c&sizes[]=1&sizes[]=2",
                              native: native)
        let p = try req.decode(OrderParams.self)
        #expect(p == OrderParams(id: 42, from: .push, price: 9.5, express: true, token: try #require(UUID(uuidString: Self.token)),
                                 note: nil, tags: ["a", "b c"], sizes: [1, 2], image: [1, 2, 3]))
    }

    @Test func pathWinsOverQueryAndTheLastQueryValueWins() throws {
        struct P: Decodable { let id: Int; let page: Int }
        let p = try request("app://order/7?id=99&page=1&page=3").decode(P.self)
        #expect(p.id == 7)
        #expect(p.page == 3)
    }

    @Test func missingKeyErrorNamesTheKeyAndType() throws {
        let req = try request("app://order/42?from=push&express=1&token=\(Self.token)&tags=a")
        #expect(throws: ParameterError.missing(key: "price", expected: "Double")) { try req.decode(OrderParams.self) }
        let noTags = try request("app://order/42?from=push&price=1&express=1&token=\(Self.token)")
        #expect(throws: ParameterError.missing(key: "tags", expected: "Array<String>")) { try noTags.decode(OrderParams.self) }
    }

    @Test func invalidValueErrorNamesTheKeyValueAndType() throws {
        #expect(throws: ParameterError.invalid(key: "id", value: "abc", expected: "Int")) {
            try request("app://order/abc?from=push&price=1&express=1&token=\(Self.token)&tags=a").decode(OrderParams.self)
        }
        #expect(throws: ParameterError.invalid(key: "express", value: "maybe", expected: "Bool")) {
            try request("app://order/1?from=push&price=1&express=maybe&token=\(Self.token)&tags=a").decode(OrderParams.self)
        }
        #expect(throws: ParameterError.invalid(key: "token", value: "nope", expected: "UUID")) {
            try request("app://order/1?from=push&price=1&express=1&token=nope&tags=a").decode(OrderParams.self)
        }
        #expect(throws: ParameterError.invalid(key: "price", value: "inf", expected: "Double")) {
            try request("app://order/1?from=push&price=inf&express=1&token=\(Self.token)&tags=a").decode(OrderParams.self)
        }
        let badEnum = #expect(throws: ParameterError.self) {
            try request("app://order/1?from=mail&price=1&express=1&token=\(Self.token)&tags=a").decode(OrderParams.self)
        }
        #expect(badEnum == .invalid(key: "from", value: "mail", expected: "Source"))
    }

    @Test func optionalFieldsAreNilWhenAbsentButStillCheckedWhenPresent() throws {
        let base = "app://order/1?from=link&price=1&express=0&token=\(Self.token)&tags=a"
        let p = try request(base).decode(OrderParams.self)
        #expect(p.note == nil && p.sizes == nil && p.image == nil && p.from == .link && !p.express)
        #expect(throws: ParameterError.invalid(key: "sizes", value: "x", expected: "Int")) {
            try request(base + "&sizes=1&sizes=x").decode(OrderParams.self)
        }
    }

    @Test func nativeValuesOfTheWrongTypeAreNamed() throws {
        var native = NativeParameters()
        native.set("image", "not bytes")
        let req = try request("app://order/1?from=link&price=1&express=0&token=\(Self.token)&tags=a", native: native)
        #expect(throws: ParameterError.invalid(key: "image", value: "not bytes", expected: "Array<UInt8>")) {
            try req.decode(OrderParams.self)
        }
    }

    @Test func nativeValuesWinOverURLText() throws {
        struct P: Decodable { let id: Int; let user: String }
        var native = NativeParameters()
        native.set("id", 5)
        let p = try request("app://order/42?user=ann", native: native).decode(P.self)
        #expect(p.id == 5)
        #expect(p.user == "ann")
    }

    @Test func otherIntegerAndFloatTypesAreRangeChecked() throws {
        let d = ParameterDecoder(query: QueryParameters([QueryItem(name: "count", value: "255"), QueryItem(name: "ratio", value: "0.5")]))
        let ok = try d.decode(Bounded.self)
        #expect(ok.count == 255 && ok.ratio == 0.5)
        let over = ParameterDecoder(query: QueryParameters([QueryItem(name: "count", value: "256"), QueryItem(name: "ratio", value: "1")]))
        #expect(throws: ParameterError.invalid(key: "count", value: "256", expected: "UInt8")) { try over.decode(Bounded.self) }
    }

    @Test func nestedStructsAreRefusedWithTheKeyNamed() throws {
        struct Inner: Decodable { let a: Int }
        struct Outer: Decodable { let inner: Inner }
        let d = ParameterDecoder(query: QueryParameters([QueryItem(name: "inner", value: "1")]))
        let error = #expect(throws: ParameterError.self) { try d.decode(Outer.self) }
        if case .invalid(let key, _, _)? = error { #expect(key == "inner") } else { Issue.record("expected invalid, got \(String(describing: error))") }
    }

    @Test func handlersDecodeTheirParametersThroughTheRouter() async throws {
        struct P: Decodable { let id: Int; let from: String? }
        let router = Router()
        try router.register("app://order/:id<int>", target: "Order") { req in
            let p = try req.decode(P.self)
            return RouteResult(p.id, note: p.from ?? "-")
        }
        let outcome = await router.open("app://order/42?from=push")
        guard case .handled(_, let r) = outcome else {
            Issue.record("expected handled, got \(outcome)")
            return
        }
        #expect(r.payload(as: Int.self) == 42)
        #expect(r.note == "push")
    }
}
