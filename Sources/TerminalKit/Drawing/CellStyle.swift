/// The visual attributes of one ``Cell``: text attributes plus a colour pair index.
///
/// Colour pair `0` is the terminal's default colours; the named pairs the app uses are listed in
/// ``ColorRole``, whose raw values are the pair indices a backend sets up.
public struct CellStyle: Hashable, Sendable {
    /// Bold (bright) text.
    public var bold: Bool
    /// Foreground and background swapped.
    public var reverse: Bool
    /// Half-bright text, used for the background behind a modal.
    public var dim: Bool
    /// Underlined text.
    public var underline: Bool
    /// The colour pair index; `0` means the terminal's default colours.
    public var colorPair: Int

    /// Creates a style; every attribute is off by default.
    public init(
        bold: Bool = false,
        reverse: Bool = false,
        dim: Bool = false,
        underline: Bool = false,
        colorPair: Int = 0
    ) {
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
        self.colorPair = colorPair
    }

    /// Creates a style that uses the colour pair of `role`.
    public init(
        role: ColorRole,
        bold: Bool = false,
        reverse: Bool = false,
        dim: Bool = false,
        underline: Bool = false
    ) {
        self.init(bold: bold, reverse: reverse, dim: dim, underline: underline, colorPair: role.rawValue)
    }

    /// No attributes, default colours.
    public static let plain = CellStyle()

    /// The same style with ``dim`` switched on.
    public var dimmed: CellStyle {
        var copy = self
        copy.dim = true
        return copy
    }
}
