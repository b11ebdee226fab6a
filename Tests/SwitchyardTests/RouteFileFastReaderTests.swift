import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// The direct route file reader against the standard one (`JSONDecoder` through the strict schema):
/// whenever the direct reader reads a document, the standard reader reads the same value, and the public
/// entry points (`RouteSchema.decode`, `RouteFile.collecting`) answer as the standard reader does,
/// values and refusals alike.
struct RouteFileFastReaderTests {
    /// Route objects, good and bad, that documents are made of.
    static let routeObjects: [String] = [
        #"{"pattern": "app://user/:id<int>", "target": "User"}"#,
        #"{"target": "Shop", "pattern": "app://shop/item7/:q1"}"#,
        #"{"pattern": "app://a/b", "target": "A", "priority": 3}"#,
        #"{"pattern": "app://a/c", "target": "A", "priority": -12}"#,
        #"{"pattern": "app://a/d", "target": "A", "priority": 0}"#,
        #"{"pattern": "app://a/e", "target": "A", "priority": 1.0}"#,
        #"{"pattern": "app://a/f", "target": "A", "priority": 1e2}"#,
        #"{"pattern": "app://a/g", "target": "A", "priority": -0}"#,
        #"{"pattern": "app://a/h", "target": "A", "priority": 99999999999999999999}"#,
        #"{"pattern": "app://a/i", "target": "A", "priority": "1"}"#,
        #"{"pattern": "app://a/j", "target": "A", "priority": null}"#,
        #"{"pattern": "app://m/a", "target": "M", "#
            + #""metadata": {"requiresLogin": true, "title": "Me", "n": 42, "off": false}}"#,
        #"{"pattern": "app://m/b", "target": "M", "metadata": {"ratio": 1.5}}"#,
        #"{"pattern": "app://m/c", "target": "M", "metadata": {"x": null}}"#,
        #"{"pattern": "app://m/d", "target": "M", "metadata": {"x": {"y": 1}}}"#,
        #"{"pattern": "app://m/e", "target": "M", "metadata": {"x": [1]}}"#,
        #"{"pattern": "app://m/f", "target": "M", "metadata": null}"#,
        #"{"pattern": "app://m/g", "target": "M", "metadata": {}}"#,
        #"{"pattern": "app://m/h", "target": "M", "metadata": {"a": "1", "a": "2"}}"#,
        #"{"pattern": "app://i/a", "target": "I", "interceptors": ["login"]}"#,
        #"{"pattern": "app://i/b", "target": "I", "interceptors": [1]}"#,
        #"{"pattern": "app://i/c", "target": "I", "interceptors": []}"#,
        #"{"pattern": "app://e/\u0041b", "target": "T\n\t\"\\\/"}"#,
        #"{"pattern": "app://e/\ud83d\ude00", "target": "E"}"#,
        #"{"pattern": "app://e/\udc00", "target": "E"}"#,
        #"{"pattern": "app://e/é/ü", "target": "Ü"}"#,
        #"{"pattern": "app://e/x", "target": "\u00e9"}"#,
        #"{"pattern": "app://e/y", "target": "\q"}"#,
        #"{"pattern": "app://bad/:id<nosuch>", "target": "B"}"#,
        #"{"pattern": "", "target": "B"}"#,
        #"{"pattern": "app://t/a", "target": ""}"#,
        #"{"pattern": "app://t/b"}"#,
        #"{"target": "T"}"#,
        #"{}"#,
        #"{"pattern": "app://t/c", "target": "T", "extra": 1}"#,
        #"{"pattern": "app://t/d", "target": "T", "pattern": "app://t/e"}"#,
        #"{"pattern": "app://t/f", "target": "T",}"#,
        #"{"pattern": 7, "target": "T"}"#,
        #"{"pattern": "app://t/g", "target": true}"#,
        #"{"pattern": "app://user/:name", "target": "Dup"}"#,
        #"{"pattern": "*/x", "target": "S"}"#,
        #"{"pattern": "**/login/:phone", "target": "Login"}"#,
        #"{"pattern": "app://q/:a?", "target": "Q"}"#,
        "{\"pattern\": \"app://c/\u{01}\", \"target\": \"C\"}",
        "[1]",
        "null",
    ]

    /// Top levels, `%@` standing for the routes.
    static let topLevels: [String] = [
        #"{"routes": [%@]}"#,
        "{\n  \"routes\" : [ %@ ]\n}\n",
        #"{"routes": [%@], "redirects": [{"from": "app://old", "to": "app://a/b"}]}"#,
        #"{"redirects": [], "routes": [%@]}"#,
        #"{"routes": [%@], "tabs": []}"#,
        #"{"routes": [%@],}"#,
        #"{"routes": [%@]} x"#,
        "\u{FEFF}{\"routes\": [%@]}",
        #"{"routes": [%@], "routes": []}"#,
        #"{"routes": [%@], "relocations": {"version": 1, "entries": []}}"#,
        #"{"routs": [%@]}"#,
        #"[%@]"#,
    ]

    /// Route objects of the plain shape, so that documents the direct reader reads are common too.
    static let plainRouteObjects: [String] = [
        #"{"pattern": "app://user/:id<int>", "target": "User"}"#,
        #"{"target": "Shop", "pattern": "app://shop/item7/:q1", "priority": 4}"#,
        #"{"pattern": "app://m/a", "target": "M", "metadata": {"requiresLogin": true, "title": "Me", "n": 42}}"#,
        #"{"pattern": "app://i/a", "target": "I", "interceptors": ["login"]}"#,
        #"{"pattern": "app://e/\u0041b", "target": "T\n\t\"\\\/"}"#,
    ]

    static func document(_ rng: inout SplitMix64) -> String {
        let count = rng.below(5)
        let plain = rng.oneIn(2)
        let routes = (0..<count).map { _ in rng.pick(plain ? plainRouteObjects : routeObjects) }
        let separator = rng.pick([",", ", ", ",\n  ", " ,"])
        return rng.pick(topLevels).replacingOccurrences(of: "%@", with: routes.joined(separator: separator))
    }

    /// The answer of a reading, comparable: the value or the refusal's text.
    static func answer<T: Equatable>(_ read: () throws(RouteFileError) -> T) -> Result<T, RouteFileError> {
        do throws(RouteFileError) { return .success(try read()) } catch { return .failure(error) }
    }

    @Test func directReadingAgreesWithTheStandardReader() {
        var rng = SplitMix64(seed: 0x5EED_F11E)
        var direct = 0, standard = 0
        for _ in 0..<3000 {
            let text = Self.document(&rng)
            let data = Data(text.utf8)
            let expected = Self.answer { () throws(RouteFileError) in
                try RouteSchema.decodeStandard(RouteFile.self, json: data, file: "r.json")
            }
            if let fast = RouteFileFastReader.read(data) {
                direct += 1
                #expect(expected == .success(fast), "\(text)")
            } else {
                standard += 1
            }
            let decoded = Self.answer { () throws(RouteFileError) in
                try RouteSchema.decode(RouteFile.self, json: data, file: "r.json")
            }
            #expect(decoded == expected, "\(text)")
            let collected = Self.answer { () throws(RouteFileError) in
                try RouteFile.collecting(json: data, file: "r.json")
            }
            let collectedStandard = Self.answer { () throws(RouteFileError) in
                try RouteFile.collectingStandard(json: data, file: "r.json")
            }
            #expect(collected == collectedStandard, "\(text)")
        }
        // Both ways are exercised.
        #expect(direct > 300)
        #expect(standard > 300)
    }

    /// Documents the direct reader reads, with the value, and documents it leaves to the standard reader.
    @Test func goldenCases() {
        let read: [(String, RouteFile?)] = [
            (#"{"routes": []}"#, RouteFile(routes: [])),
            (#"{"routes":[{"pattern":"app://a/:id<int>","target":"A","priority":-2,"#
             + #""metadata":{"requiresLogin":true,"n":7,"t":"x"}}]}"#,
             RouteFile(routes: [RouteDefinition(pattern: "app://a/:id<int>", target: "A", priority: -2,
                                                metadata: ["requiresLogin": "true", "n": "7", "t": "x"])])),
            (#"{"routes": [{"pattern": "app://\u0061/b", "target": "\u00e9\"", "interceptors": ["g"]}]}"#,
             RouteFile(routes: [RouteDefinition(pattern: "app://a/b", target: "é\"")])),
            (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 1.0}]}"#, nil),
            (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 123456789012345678}]}"#,
             RouteFile(routes: [RouteDefinition(pattern: "app://a", target: "A", priority: 123_456_789_012_345_678)])),
            (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 99999999999999999999999}]}"#, nil),
            (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"n": -99999999999999999999999}}]}"#, nil),
            (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"r": 0.5}}]}"#, nil),
            (#"{"routes": [{"pattern": "app://a", "target": "A"}], "redirects": []}"#, nil),
            (#"{"routes": [{"pattern": "app://a", "target": ""}]}"#, nil),
            (#"{"routes": [{"pattern": "app://a/:x<nosuch>", "target": "A"}]}"#, nil),
        ]
        for (text, expected) in read {
            #expect(RouteFileFastReader.read(Data(text.utf8)) == expected, "\(text)")
        }
    }
}
