import Testing
@testable import TerminalKit

@Suite struct PaletteTests {
    @Test(arguments: [
        ([:], Palette.dark),
        (["COLORFGBG": "0;15"], .light),
        (["COLORFGBG": "0;7"], .light),
        (["COLORFGBG": "15;0"], .dark),
        (["COLORFGBG": "15;default;0"], .dark),
        (["COLORFGBG": "default;default"], .dark),
        (["COLORFGBG": ""], .dark),
        (["SWITCHYARD_PALETTE": "light", "COLORFGBG": "15;0"], .light),
        (["SWITCHYARD_PALETTE": "DARK", "COLORFGBG": "0;15"], .dark),
        (["SWITCHYARD_PALETTE": "sepia", "COLORFGBG": "0;15"], .light),
    ] as [([String: String], Palette)])
    func detectsTheBackground(environment: [String: String], expected: Palette) {
        #expect(Palette.detected(environment: environment) == expected)
    }

    @Test func everyPaletteSetsEveryColouredRole() {
        for palette in Palette.allCases {
            for colors in [8, 256] {
                for defaultUsable in [true, false] {
                    let pairs = palette.pairs(colors: colors, defaultUsable: defaultUsable)
                    #expect(Set(pairs.map(\.role)) == Set(ColorRole.allCases.filter { $0 != .normal }))
                    // Text never has the colour of its own background.
                    #expect(pairs.allSatisfy { $0.foreground != $0.background })
                    #expect(pairs.allSatisfy { $0.foreground < colors && $0.background < colors })
                }
            }
        }
    }

    @Test func lightLinksAreNotCyan() {
        let link = Palette.light.pairs(colors: 8, defaultUsable: true).first { $0.role == .link }
        #expect(link?.foreground == 4)
        // Without default colours the light palette draws on white, the dark one on black.
        #expect(Palette.light.pairs(colors: 8, defaultUsable: false).first { $0.role == .link }?.background == 7)
        #expect(Palette.dark.pairs(colors: 8, defaultUsable: false).first { $0.role == .link }?.background == 0)
    }
}
