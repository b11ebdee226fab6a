import Foundation

/// The colours the terminal app uses for its ``ColorRole`` pairs, chosen for the terminal's
/// background.
///
/// `dark` (light text on a dark background) is the default. `light` keeps links, muted text and the
/// fallback background readable on a white background. ``detected(environment:)`` reads the
/// `COLORFGBG` variable that rxvt, Konsole and many other terminals set.
public enum Palette: String, CaseIterable, Sendable {
    /// Colours for a dark background.
    case dark
    /// Colours for a light background.
    case light

    /// The palette the environment asks for: `SWITCHYARD_PALETTE` (`dark` or `light`) when set,
    /// else `light` when `COLORFGBG`'s last field names a light background (7 or 15), else `dark`.
    public static func detected(environment: [String: String] = ProcessInfo.processInfo.environment) -> Palette {
        if let named = environment["SWITCHYARD_PALETTE"].flatMap({ Palette(rawValue: $0.lowercased()) }) {
            return named
        }
        guard let value = environment["COLORFGBG"], let last = value.split(separator: ";").last,
              let background = Int(last) else {
            return .dark
        }
        return background == 7 || background == 15 ? .light : .dark
    }

    /// The foreground and background colour numbers of each role's pair (`-1`: the terminal's
    /// default), for a terminal with `colors` colours; `defaultUsable` is whether the terminal
    /// accepts `-1`.
    public func pairs(colors: Int, defaultUsable: Bool) -> [(role: ColorRole, foreground: Int16, background: Int16)] {
        let black: Int16 = 0, red: Int16 = 1, blue: Int16 = 4, cyan: Int16 = 6, white: Int16 = 7
        switch self {
        case .dark:
            let base: Int16 = defaultUsable ? -1 : black
            let grey: Int16 = colors >= 256 ? 245 : white
            return [
                (.titleBar, white, blue), (.tabSelected, black, cyan), (.link, cyan, base),
                (.dim, grey, base), (.statusError, white, red),
            ]
        case .light:
            let base: Int16 = defaultUsable ? -1 : white
            let grey: Int16 = colors >= 256 ? 240 : black
            return [
                (.titleBar, white, blue), (.tabSelected, white, blue), (.link, blue, base),
                (.dim, grey, base), (.statusError, white, red),
            ]
        }
    }
}
