import Testing

@testable import SwitchyardImport

/// The conditions a registration runs under, per language: each case is a source with the marker `MARK`
/// where a registration would be, and the conditions (text and line) the scanner must find there, outermost
/// first. An empty list means the marker always runs (lifetime checks and include guards do not count).
@Suite struct SourceConditionsTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let language: SourceLanguage
        let source: String
        let expected: [String]  // "TEXT @LINE"
        var description: String { name }
    }

    static let cases: [Case] = [
        // Objective-C
        Case(name: "ObjC if with braces", language: .objectiveC,
             source: "- (id)init {\n    if ([UIDevice isPad]) {\n        MARK;\n    }\n}\n",
             expected: ["if ([UIDevice isPad]) @2"]),
        Case(name: "ObjC after the if's body closes", language: .objectiveC,
             source: "if ([UIDevice isPad]) {\n    x;\n}\nMARK;\n", expected: []),
        Case(name: "ObjC one-statement if", language: .objectiveC,
             source: "if (flag) [r addRoute:MARK];\n[r addRoute:other];\n", expected: ["if (flag) @1"]),
        Case(name: "ObjC else of a one-statement if", language: .objectiveC,
             source: "if (flag) x;\nelse MARK;\n", expected: ["else of if (flag) @2"]),
        Case(name: "ObjC else if", language: .objectiveC,
             source: "if (a) {\n} else if (b) {\n    MARK;\n}\n", expected: ["if (b), in the else of if (a) @2"]),
        Case(name: "ObjC #if and #else", language: .objectiveC,
             source: "#if DEBUG\nx;\n#else\nMARK;\n#endif\ny;\n", expected: ["#else of #if DEBUG @3"]),
        Case(name: "ObjC #ifdef nested in an if", language: .objectiveC,
             source: "if (on) {\n#ifdef BETA\n    MARK;\n#endif\n}\n", expected: ["#ifdef BETA @2", "if (on) @1"]),
        Case(name: "ObjC an #ifdef branch that returns early", language: .objectiveC,
             source: "- (BOOL)app {\n#ifdef TEST\n    return YES;\n#endif\n    MARK;\n}\nother;\n",
             expected: ["not #ifdef TEST (its branch returns early) @2"]),
        Case(name: "ObjC a return in a block inside an #if is not the method's", language: .objectiveC,
             source: "- (void)f {\n#if A\n    x(^{ return; });\n#endif\n    MARK;\n}\n", expected: []),
        Case(name: "ObjC include guard is no condition", language: .objectiveC,
             source: "#ifndef ROUTES_H\n#define ROUTES_H\nMARK;\n#endif\n", expected: []),
        Case(name: "ObjC lifetime checks are no condition", language: .objectiveC,
             source: "self = [super init];\nif (!self) { return nil; }\nif (self) {\n    MARK;\n}\n", expected: []),
        Case(name: "ObjC switch case", language: .objectiveC,
             source: "switch (idiom) {\ncase UIUserInterfaceIdiomPad:\n    MARK;\n    break;\ndefault:\n    y;\n}\n",
             expected: ["switch (idiom), case UIUserInterfaceIdiomPad @2"]),
        Case(name: "ObjC early return", language: .objectiveC,
             source: "- (void)setUp {\n    if (![Flags on]) return;\n    MARK;\n}\n",
             expected: ["not if (![Flags on]) (its body returns early) @2"]),
        Case(name: "ObjC a condition inside a block handler is not the registration's", language: .objectiveC,
             source: "[r addRoute:MARK handler:^BOOL(NSDictionary *p) {\n    if (isPad) { return NO; }\n}];\n",
             expected: []),
        // Swift
        Case(name: "Swift if", language: .swift,
             source: "if UIDevice.current.userInterfaceIdiom == .pad {\n    MARK\n}\n",
             expected: ["if UIDevice.current.userInterfaceIdiom == .pad @1"]),
        Case(name: "Swift guard", language: .swift,
             source: "func f() {\n    guard Flags.routes else { return }\n    MARK\n}\ng()\n",
             expected: ["guard Flags.routes else { … } @2"]),
        Case(name: "Swift guard let self is no condition", language: .swift,
             source: "q.async { [weak self] in\n    guard let self else { return }\n    MARK\n}\n", expected: []),
        Case(name: "Swift #if, #else and what follows #endif", language: .swift,
             source: "#if DEBUG\nMARK\n#else\nb\n#endif\nc\n", expected: ["#if DEBUG @1"]),
        Case(name: "Swift #if os() around an if", language: .swift,
             source: "#if os(iOS)\nif #available(iOS 14, *) {\n    MARK\n}\n#endif\n",
             expected: ["#if os(iOS) @1", "if #available(iOS 14, *) @2"]),
        Case(name: "Swift switch case", language: .swift,
             source: "switch idiom {\ncase .pad:\n    MARK\ndefault:\n    break\n}\n",
             expected: ["switch idiom, case .pad @2"]),
        Case(name: "Swift condition inside a factory closure is not the registration's", language: .swift,
             source: "n.register(MARK) { url, v, c in\n    if female { return A() } else { return B() }\n}\n",
             expected: []),
        Case(name: "Swift operators read as written", language: .swift,
             source: "if a != b && !c, let x = y! {\n    MARK\n}\n", expected: ["if a != b && !c, let x = y! @1"]),
        Case(name: "ObjC comparison in a condition", language: .objectiveC,
             source: "if (count >= 2 || [self isOn]) {\n    MARK;\n}\n",
             expected: ["if (count >= 2 || [self isOn]) @1"]),
        // Kotlin
        Case(name: "Kotlin if without braces ends at the line", language: .kotlin,
             source: "if (BuildConfig.DEBUG)\n    MARK(\"/debug\")\nother()\n",
             expected: ["if (BuildConfig.DEBUG) @1"]),
        Case(name: "Kotlin when", language: .kotlin,
             source: "when (flavor) {\n    \"beta\" -> MARK()\n}\n", expected: ["when (flavor) @1"]),
        Case(name: "Kotlin after a one-line if", language: .kotlin,
             source: "if (x) y()\nMARK()\n", expected: []),
        // Java
        Case(name: "Java switch case", language: .java,
             source: "switch (BuildConfig.FLAVOR) {\ncase \"beta\":\n    MARK();\n    break;\n}\n",
             expected: ["switch (BuildConfig.FLAVOR), case \"beta\" @2"]),
        Case(name: "Java if else", language: .java,
             source: "if (tablet) {\n    a();\n} else {\n    MARK();\n}\n", expected: ["else of if (tablet) @3"]),
    ]

    @Test(arguments: cases)
    func conditionsAtTheMarker(_ c: Case) {
        let (tokens, _, directives) = SourceLexer.tokensDefinesAndDirectives(c.source, language: c.language)
        guard let mark = tokens.firstIndex(where: { $0.identifier == "MARK" }) else {
            Issue.record("\(c): no MARK")
            return
        }
        let found = SourceConditions(tokens: tokens, directives: directives, language: c.language)
            .conditions(at: mark).map { "\($0.text) @\($0.line)" }
        #expect(found == c.expected, "\(c)")
    }
}
