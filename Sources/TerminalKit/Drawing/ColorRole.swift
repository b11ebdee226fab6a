/// The colour pairs a backend sets up, by what they are used for.
///
/// The raw value is the colour pair index stored in ``CellStyle/colorPair``. A backend without
/// colour ignores the index and keeps the text attributes.
public enum ColorRole: Int, Hashable, Sendable, CaseIterable {
    /// The terminal's default colours (pair 0).
    case normal = 0
    /// The navigation (title) bar at the top of a screen.
    case titleBar = 1
    /// The selected item of the tab bar.
    case tabSelected = 2
    /// A link the user can follow.
    case link = 3
    /// Secondary, de-emphasised text.
    case dim = 4
    /// An error message in the status line.
    case statusError = 5
}
