import Foundation
import Testing
@testable import Switchyard
@testable import SwitchyardTooling

/// The strict route file schema: every refusal with its exact message (file, coding path, and line and
/// column for syntax errors), and the formats that must keep loading.
struct RouteFileSchemaTests {
    /// Decodes `json` as a route file named `routes.json` and returns the refusal's description.
    static func refusal(_ json: String) -> String? {
        do throws(RouteFileError) {
            _ = try RouteSchema.decode(RouteFile.self, json: Data(json.utf8), file: "routes.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// Malformed JSON: refused with the line and column (in characters), and the value being read.
    static let syntax: [(String, String)] = [
        (#"{"routes": [{"pattern": "app://a", "target": "A",}]}"#,
         "routes.json:1:49: routes[0]: trailing comma before '}'"),
        (#"{"routes": [{"pattern": "app://a", "target": "A"},]}"#,
         "routes.json:1:50: routes: trailing comma before ']'"),
        ("{\n  \"routes\": [\n    {\"pattern\": \"app://a\", \"target\": \"A\"}\n"
         + "    {\"pattern\": \"app://b\", \"target\": \"B\"}\n  ]\n}",
         "routes.json:4:5: routes: expected ',' or ']' after an element, found '{'"),
        (#"{"routes": [{"pattern": "app://a", "pattern": "app://b", "target": "A"}]}"#,
         "routes.json:1:36: routes[0].pattern: duplicate key (first at line 1, column 14)"),
        (#"{"routes": [], "routes": []}"#,
         "routes.json:1:16: routes: duplicate key (first at line 1, column 2)"),
        (#"{'routes': []}"#,
         #"routes.json:1:2: expected a key in double quotes, found "'" (strings and keys take double quotes)"#),
        (#"{routes: []}"#,
         "routes.json:1:2: expected a key in double quotes, found 'r' (keys take double quotes)"),
        ("{\"routes\": [] // none\n}",
         "routes.json:1:15: expected ',' or '}' after a member, found '/' (comments are not allowed in JSON)"),
        (#"{"routes": [], "x": tru}"#,
         "routes.json:1:21: x: expected a value, found 'tru'"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 01}]}"#,
         "routes.json:1:63: routes[0].priority: malformed number: leading zeros are not allowed"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": NaN}]}"#,
         "routes.json:1:63: routes[0].priority: expected a value, found 'NaN'"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 1e999}]}"#,
         "routes.json:1:63: routes[0].priority: number 1e999 is out of range"),
        ("{\"routes\": [{\"pattern\": \"app://a\u{1}\", \"target\": \"A\"}]}",
         #"routes.json:1:33: routes[0].pattern: raw control character \u{1} in a string (write it as \u0001)"#),
        (#"{"routes": [{"pattern": "app:\/\/a\q", "target": "A"}]}"#,
         #"routes.json:1:35: routes[0].pattern: invalid escape '\q' in a string"#),
        (#"{"routes": [{"pattern": "app://\ud800", "target": "A"}]}"#,
         #"routes.json:1:32: routes[0].pattern: unpaired surrogate \uD800 in a string"#),
        (#"{"routes": [{"pattern": "app://a"#,
         "routes.json:1:33: routes[0].pattern: unexpected end of file: unterminated string"),
        (#"{"routes": [{"pattern": "app://a", "target": "A"}"#,
         "routes.json:1:50: routes: unexpected end of file: missing ']'"),
        (#"{"routes": []} x"#,
         "routes.json:1:16: unexpected 'x' after the end of the JSON value"),
        ("", "routes.json: the file is empty"),
        (" \n\t", "routes.json: the file is empty"),
        // Columns count characters, not bytes; a byte order mark is not a column.
        ("\u{FEFF}{\"routes\": [\n  {\"pattern\": \"app://é\", \"target\": \"É\",}\n]}",
         "routes.json:2:39: routes[0]: trailing comma before '}'"),
        (String(repeating: "[", count: 101) + String(repeating: "]", count: 101),
         "routes.json:1:101: " + String(repeating: "[0]", count: 100) + ": nested more than 100 levels deep"),
    ]

    @Test(arguments: syntax)
    func malformedJSONIsRefusedWithLineAndColumn(json: String, message: String) {
        #expect(Self.refusal(json) == message)
    }

    /// Invalid UTF-8 is refused where it starts.
    @Test func invalidUTF8IsRefusedWithItsPosition() {
        var bytes = Array(#"{"routes": [{"pattern": "app://"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#"", "target": "A"}]}"#.utf8)
        do throws(RouteFileError) {
            _ = try RouteSchema.decode(RouteFile.self, json: Data(bytes), file: "routes.json")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "routes.json:1:32: routes[0].pattern: invalid UTF-8 in a string")
            #expect(error.line == 1 && error.column == 32 && error.location == "routes[0].pattern"
                    && error.file == "routes.json")
        }
    }

    /// Well-formed JSON that is not a route file: refused with the coding path, never dropped.
    static let schema: [(String, String)] = [
        (#"[]"#, "routes.json: expected an object at the top level, found an array"),
        (#"{}"#, #"routes.json: missing required key "routes""#),
        (#"{"routes": {}}"#, "routes.json: routes: expected an array, found an object"),
        (#"{"routes": [7]}"#, "routes.json: routes[0]: expected an object, found a number"),
        (#"{"routes": [{"patern": "app://a", "target": "A"}]}"#,
         #"routes.json: routes[0].patern: unknown key; did you mean "pattern"?"#),
        (#"{"routes": [{"pattern": "app://a", "Target": "A"}]}"#,
         #"routes.json: routes[0].Target: unknown key; did you mean "target"?"#),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "color": "red"}]}"#,
         "routes.json: routes[0].color: unknown key (known keys: pattern, target, priority, metadata, interceptors)"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "guard": true}]}"#,
         "routes.json: routes[0].guard: unknown key (known keys: pattern, target, priority, metadata, interceptors)"),
        (#"{"routes": [], "redirect": []}"#,
         #"routes.json: redirect: unknown key; did you mean "redirects"?"#),
        (#"{"tabs": [], "routes": []}"#,
         "routes.json: tabs: unknown key (this looks like an app description; read it with --app)"),
        (#"{"routes": [{"pattern": "app://a"}]}"#,
         #"routes.json: routes[0]: missing required key "target""#),
        (#"{"routes": [{"pattern": "app://a", "target": 7}]}"#,
         "routes.json: routes[0].target: expected a string, found a number"),
        (#"{"routes": [{"pattern": "app://a", "target": null}]}"#,
         "routes.json: routes[0].target: expected a string, found null"),
        (#"{"routes": [{"pattern": "app://a", "target": ""}]}"#,
         "routes.json: routes[0].target: must not be empty"),
        (#"{"routes": [{"pattern": ["app://a"], "target": "A"}]}"#,
         "routes.json: routes[0].pattern: expected a string, found an array"),
        (#"{"routes": [{"pattern": "app://a", "target": "A"}, {"pattern": "app://b/:x(", "target": "B"}]}"#,
         "routes.json: routes[1].pattern: unterminated constraint at byte 10 in pattern 'app://b/:x('"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 1.5}]}"#,
         "routes.json: routes[0].priority: expected an integer, found 1.5"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": true}]}"#,
         "routes.json: routes[0].priority: expected an integer, found a boolean"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": "1"}]}"#,
         "routes.json: routes[0].priority: expected an integer, found a string"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": 1e30}]}"#,
         "routes.json: routes[0].priority: expected an integer, found 1e30"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": ["requiresLogin"]}]}"#,
         "routes.json: routes[0].metadata: expected an object, found an array"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"tab": {"index": 1}}}]}"#,
         "routes.json: routes[0].metadata.tab: expected a string, number or boolean, found an object"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"a.b": [1]}}]}"#,
         #"routes.json: routes[0].metadata["a.b"]: expected a string, number or boolean, found an array"#),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"x": null}}]}"#,
         "routes.json: routes[0].metadata.x: expected a string, number or boolean, found null"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "interceptors": "audit"}]}"#,
         "routes.json: routes[0].interceptors: expected an array, found a string"),
        // Redirects: the destination may only use parameters the source captures, as in a relocation.
        (#"{"routes": [{"pattern": "app://user/:id", "target": "U"}], "#
         + #""redirects": [{"from": "app://q", "to": "app://user/:id"}]}"#,
         "routes.json: redirects[0].to: destination parameter 'id' is not in 'app://q'"),
        (#"{"routes": [], "redirects": [{"from": "app://p/:x", "to": "app://u/:x"}, "#
         + #"{"from": "app://q/:a", "to": "app://u/:b"}]}"#,
         "routes.json: redirects[1].to: destination parameter 'b' is not in 'app://q/:a'"),
        (#"{"routes": [], "redirects": [{"from": "app://p/:x(", "to": "app://u"}]}"#,
         "routes.json: redirects[0].from: unterminated constraint at byte 10 in pattern 'app://p/:x('"),
        (#"{"routes": [], "redirects": [{"from": "app://p"}]}"#,
         #"routes.json: redirects[0]: missing required key "to""#),
        (#"{"routes": [], "redirects": [{"from": "app://p", "too": "app://u"}]}"#,
         #"routes.json: redirects[0].too: unknown key; did you mean "to"?"#),
        // Relocation tables.
        (#"{"routes": [], "relocations": {"version": 1.5, "entries": []}}"#,
         "routes.json: relocations.version: expected an integer, found 1.5"),
        (#"{"routes": [], "relocations": {"version": "2", "entries": []}}"#,
         "routes.json: relocations.version: expected an integer, found a string"),
        (#"{"routes": [], "relocations": {"version": 1}}"#,
         #"routes.json: relocations: missing required key "entries""#),
        (#"{"routes": [], "relocations": {"entries": [{"op": "delet", "pattern": "app://a"}]}}"#,
          "routes.json: relocations.entries[0].op: unknown op 'delet'; did you mean 'delete'? "
          + "(expected replace, add, delete or reset)"),
        (#"{"routes": [], "relocations": {"entries": [{"pattern": "app://a"}]}}"#,
         #"routes.json: relocations.entries[0]: missing required key "op""#),
        (#"{"routes": [], "relocations": {"entries": [{"op": "replace", "pattern": "app://c/:x", "#
         + #""to": "app://d/:y"}]}}"#,
         "routes.json: relocations.entries[0].to: destination parameter 'y' is not in 'app://c/:x'"),
        (#"{"routes": [], "relocations": {"entries": [{"op": "replace", "pattern": "app://c"}]}}"#,
         #"routes.json: relocations.entries[0]: missing required key "to""#),
        (#"{"routes": [], "relocations": {"entries": [{"op": "delete", "pattern": "app://c", "to": "app://d"}]}}"#,
         "routes.json: relocations.entries[0].to: not used by op 'delete'"),
        (#"{"routes": [], "relocations": {"entries": [{"op": "add", "pattern": "app://c", "target": ""}]}}"#,
         "routes.json: relocations.entries[0].target: must not be empty"),
        (#"{"routes": [], "relocations": {"entries": [{"op": "replace", "pattern": "app://a", "to": "app://b"}, "#
         + #"{"op": "replace", "pattern": "app://b", "to": "app://a"}]}}"#,
         "routes.json: relocations.entries: relocation cycle: app://a → app://b → app://a"),
        (#"{"routes": [], "relocations": {"entries": [{"op": "add", "pattern": "app://c", "targets": "A"}]}}"#,
         #"routes.json: relocations.entries[0].targets: unknown key; did you mean "target"?"#),
    ]

    @Test(arguments: schema)
    func schemaViolationsAreRefusedWithTheCodingPath(json: String, message: String) {
        #expect(Self.refusal(json) == message)
    }

    /// Read entry by entry (as lint and the app read a file, keeping what reads), each error names what it
    /// found, as the whole-file refusal above does.
    @Test(arguments: [
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": "high"}, {"pattern": "app://b", "target": "B"}]}"#,
         "routes[0].priority: expected an integer, found a string"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "priority": true}, {"pattern": "app://b", "target": "B"}]}"#,
         "routes[0].priority: expected an integer, found a boolean"),
        (#"{"routes": [{"pattern": "app://b", "target": "B"}, {"pattern": "app://a", "target": "A", "interceptors": "x"}]}"#,
         "routes[1].interceptors: expected an array, found a string"),
    ])
    func collectedErrorsNameWhatTheyFound(json: String, message: String) throws {
        let collected = try RouteFile.collecting(json: Data(json.utf8), file: "routes.json")
        #expect(collected.file.routes.count == 1, "the other entry reads")
        let error = try #require(collected.errors.first)
        #expect(error.description.hasSuffix(message), "\(error)")
    }

    /// What a file echoes is escaped (C0, C1, DEL, bidi controls) and capped at 80 characters.
    static let echoes: [(String, String)] = [
        (#"{"routes": [{"pattern": "app://a\u001b[31m", "target": "A"}]}"#,
         #"routes.json: routes[0].pattern: space or control character at byte 7 in pattern 'app://a\u{1B}[31m'"#),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "\u001b[2J": 1}]}"#,
          #"routes.json: routes[0]["\u{1B}[2J"]: unknown key "#
          + "(known keys: pattern, target, priority, metadata, interceptors)"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "x\u202egpj": 1}]}"#,
          #"routes.json: routes[0]["x\u{202E}gpj"]: unknown key "#
          + "(known keys: pattern, target, priority, metadata, interceptors)"),
        (#"{"routes": [{"pattern": "app://a", "target": "A", "metadata": {"\u0085\u007f": {}}}]}"#,
         #"routes.json: routes[0].metadata["\u{85}\u{7F}"]: expected a string, number or boolean, found an object"#),
        (#"{"routes": [], "relocations": {"entries": [{"op": ""# + String(repeating: "x", count: 200)
         + #"", "pattern": "app://a"}]}}"#,
          "routes.json: relocations.entries[0].op: unknown op '" + String(repeating: "x", count: 80)
          + "…' (expected replace, add, delete or reset)"),
        (#"{"routes": [{"pattern": "app://a/:x("# + String(repeating: "a", count: 100) + #"", "target": "A"}]}"#,
          "routes.json: routes[0].pattern: unterminated constraint at byte 10 in pattern '" + "app://a/:x("
          + String(repeating: "a", count: 69) + "…'"),
        ("{\"routes\": [] \u{1B}}", #"routes.json:1:15: expected ',' or '}' after a member, found '\u{1B}'"#),
    ]

    @Test(arguments: echoes)
    func echoedValuesAreEscapedAndCapped(json: String, message: String) {
        #expect(Self.refusal(json) == message)
    }

    @Test func everyDocumentedFormStillLoads() throws {
        // README, "Route file format".
        let readme = #"""
        {
          "routes": [
            {"pattern": "app://user/:id<int>", "target": "UserProfile", "priority": 0,
             "metadata": {"requiresLogin": "true"}}
          ],
          "redirects": [{"from": "app://profile/:id", "to": "app://user/:id"}],
          "relocations": {"version": 3, "entries": [
            {"op": "replace", "pattern": "app://order/:id", "to": "app://order-v2/:id"},
            {"op": "add",     "pattern": "app://o/:id", "target": "OrderDetail"},
            {"op": "delete",  "pattern": "app://promo/old"},
            {"op": "reset",   "pattern": "app://order/:id"}
          ]}
        }
        """#
        let file = try RouteFile.decode(json: Data(readme.utf8))
        #expect(file.routes == [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile", metadata: ["requiresLogin": "true"]),
        ])
        #expect(file.redirects.map { [$0.from, $0.to] } == [["app://profile/:id", "app://user/:id"]])
        #expect(file.relocations == RelocationTable(version: 3, entries: [
            .replace(pattern: "app://order/:id", to: "app://order-v2/:id"),
            .add(pattern: "app://o/:id", target: "OrderDetail"),
            .delete(pattern: "app://promo/old"), .reset(pattern: "app://order/:id"),
        ]))
        // Metadata values may be strings, numbers or booleans, read as text; null is an absent field.
        let scalars = try RouteFile.decode(json: Data(#"""
        {"routes": [{"pattern": "app://a", "target": "A", "priority": null,
                     "metadata": {"requiresLogin": true, "tab": 2, "ratio": 1.5, "off": false, "big": 1e2}}],
         "redirects": null}
        """#.utf8))
        #expect(scalars.routes[0].metadata
                    == ["requiresLogin": "true", "tab": "2", "ratio": "1.5", "off": "false", "big": "100"])
        #expect(scalars.routes[0].priority == 0)
        #expect(scalars.redirects.isEmpty)
        // A redirect whose destination parameter is optional needs nothing from the source.
        let json = #"{"routes": [], "redirects": [{"from": "app://s", "to": "app://search/:q?"}]}"#
        _ = try RouteFile.decode(json: Data(json.utf8))
    }

    @Test func theCodableFormRoundTrips() throws {
        let file = RouteFile(routes: [
            RouteDefinition(pattern: "app://user/:id<int>", target: "UserProfile", priority: 2,
                            metadata: ["requiresLogin": "true"]),
        ], redirects: [("app://profile/:id", "app://user/:id")],
           relocations: RelocationTable(version: 4, entries: [.replace(pattern: "app://old/:id", to: "app://user/:id"),
                                                              .delete(pattern: "app://gone")]))
        let encoded = try JSONEncoder().encode(file)
        #expect(try RouteFile.decode(json: encoded) == file)
        let map = RouteMap(file: file) { _ in ["audit"] }
        #expect(try RouteSchema.decode(RouteMap.self, json: JSONEncoder().encode(map)) == map)
        #expect(try RouteMap.decode(map.encoded(as: .json), format: .json) == map)
    }

    @Test func routeMapsInPropertyListsAreStrictToo() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>routes</key><array>
        <dict><key>patern</key><string>app://a</string><key>target</key><string>A</string></dict>
        </array></dict></plist>
        """
        #expect(throws: RouteFileError(#"routes[0].patern"#, #"unknown key; did you mean "pattern"?"#)) {
            try RouteMap.decode(Data(plist.utf8), format: .plist)
        }
        let wrongType = plist.replacingOccurrences(of: "<key>patern</key><string>app://a</string>",
                                                   with: "<key>pattern</key><dict/>")
        #expect(throws: RouteFileError("routes[0].pattern", "expected a string, found a dictionary")) {
            try RouteMap.decode(Data(wrongType.utf8), format: .plist)
        }
    }

    @Test func relocationTablesKeepTheirOwnErrorType() {
        let reason = "to: destination parameter 'y' is not in 'app://c/:x'"
        #expect(throws: RelocationError.invalidEntry(index: 0, reason: reason)) {
            let json = #"{"entries": [{"op": "replace", "pattern": "app://c/:x", "to": "app://d/:y"}]}"#
            _ = try RelocationTable.decode(json: Data(json.utf8))
        }
        #expect(throws: RelocationError.malformed("version: expected an integer, found 2.5")) {
            try RelocationTable.decode(json: Data(#"{"version": 2.5, "entries": []}"#.utf8))
        }
        #expect(throws: RelocationError.malformed("line 1, column 46: entries: trailing comma before ']'")) {
            try RelocationTable.decode(json: Data(#"{"entries": [{"op": "delete", "pattern": "a"},]}"#.utf8))
        }
    }

    @Test func filesAreNamedInEveryError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sy-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("missing.json").path
        #expect(throws: RouteFileError("", "no such file", file: missing)) {
            try RouteSchema.load(RouteFile.self, path: missing)
        }
        #expect(throws: RouteFileError("", "is a directory, not a file", file: dir.path)) {
            try RouteSchema.load(RouteFile.self, path: dir.path)
        }
        let bad = dir.appendingPathComponent("bad.json")
        try Data("{\"routes\": [\n  {\"pattern\": \"app://a\", \"target\": \"A\", \"guard\": true}\n]}".utf8)
            .write(to: bad)
        do throws(RouteFileError) {
            _ = try RouteSchema.load(RouteFile.self, path: bad.path)
            Issue.record("accepted")
        } catch {
            let known = "known keys: pattern, target, priority, metadata, interceptors"
            #expect(error.description == "\(bad.path): routes[0].guard: unknown key (\(known))")
        }
        let syntax = dir.appendingPathComponent("syntax.json")
        try Data("{\"routes\": [\n  {\"pattern\": \"app://a\", \"target\": \"A\",}\n]}".utf8).write(to: syntax)
        let trailingComma = RouteFileError("routes[0]", "trailing comma before '}'", file: syntax.path, line: 2,
                                           column: 39)
        #expect(throws: trailingComma) {
            try RouteSchema.load(RouteFile.self, path: syntax.path)
        }
    }

    @Test func suggestionsNeedACloseMatch() {
        #expect(SchemaText.closest(to: "patern", in: ["pattern", "target"]) == "pattern")
        #expect(SchemaText.closest(to: "gaurd", in: ["guard", "title"]) == "guard")
        #expect(SchemaText.closest(to: "PRIORITY", in: ["priority"]) == "priority")
        #expect(SchemaText.closest(to: "color", in: ["pattern", "target", "priority", "metadata"]) == nil)
        #expect(SchemaText.closest(to: "to", in: ["op", "pattern"]) == nil)
        #expect(SchemaText.echo(String(repeating: "\u{1B}", count: 20))
                    == String(repeating: #"\u{1B}"#, count: 13) + "…")
    }
}
