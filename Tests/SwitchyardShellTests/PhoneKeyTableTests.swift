import Foundation
import Testing
@testable import SwitchyardShell
import TerminalKit

/// Every key the phone handles is in the help (``KeyBinding/all``) and in the README's key table, and
/// every key the help names does something: no key works undocumented, no help line promises a key
/// that does nothing.
@Suite @MainActor struct PhoneKeyTableTests {
    /// The keys a help entry's key column names (`↑ ↓  j k`, `1 – 9`, `q  Q  Ctrl-C`); the prompt's own
    /// keys (indented) and the mouse are not phone keys.
    static func keys(of binding: KeyBinding) -> [Key] {
        guard !binding.keys.hasPrefix(" "), binding.keys != "mouse" else { return [] }
        if binding.keys == "1 – 9" { return (1...9).map { Key.char(Character(String($0))) } }
        let named: [String: Key] = [
            "↑": .up, "↓": .down, "←": .left, "→": .right, "Enter": .enter, "Esc": .escape, "Tab": .tab,
            "Shift-Tab": .backTab, "Home": .home, "End": .end, "PgUp": .pageUp, "PgDn": .pageDown, "Space": .char(" "),
            "Ctrl-C": .ctrl("c"), "Ctrl-Z": .ctrl("z"), "Ctrl-U": .ctrl("u"), "Ctrl-D": .ctrl("d"), "F1": .function(1), "F2": .function(2), "F3": .function(3),
        ]
        return binding.keys.split(separator: " ").compactMap { word in
            named[String(word)] ?? (word.count == 1 ? Key.char(word.first ?? " ") : nil)
        }
    }

    /// Every key a terminal can send that is not text typed into something: printable ASCII, the
    /// named keys, control chords and function keys.
    static let universe: [Key] = (0x20...0x7E).compactMap { Unicode.Scalar($0).map { Key.char(Character($0)) } }
        + [.enter, .escape, .backspace, .delete, .tab, .backTab, .up, .down, .left, .right, .home, .end, .pageUp,
           .pageDown, .altBackspace, .ctrlLeft, .ctrlRight]
        + "abcdefghijklmnopqrstuvwxyz".map { Key.ctrl($0) } + (1...12).map { Key.function($0) }

    @Test func everyKeyThePhoneHandlesIsInTheHelpAndEveryListedKeyWorks() throws {
        let model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        #expect(model.focus == .phone && !model.showsHelp)
        let listed = Set(KeyBinding.all.flatMap(Self.keys))
        for key in Self.universe {
            let handled = model.message(for: key) != .ignore
            #expect(handled == listed.contains(key),
                    "\(key): \(handled ? "handled but not in the help" : "in the help but does nothing")")
        }
        // Every listed key is one a terminal sends (the parse above read every word).
        #expect(listed.isSubset(of: Set(Self.universe)), "\(listed.subtracting(Self.universe))")
    }

    /// The README's key table names every letter the phone handles, in backquotes.
    @Test func theReadmeKeyTableNamesEveryLetterKey() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "The phone's keys"))
        let table = text[start.upperBound...].prefix { _ in true }.split(separator: "\n\n").dropFirst().first ?? ""
        let model = AppModel(runtime: try AppFixture.runtime(), width: 100, height: 30)
        for scalar in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            guard model.message(for: .char(scalar)) != .ignore else { continue }
            let named = table.contains("`\(scalar)`") || table.contains("(\(scalar) ") || table.contains(" \(scalar))")
                || table.contains("(\(scalar))")
            #expect(named, "README's key table names '\(scalar)'")
        }
    }
}
