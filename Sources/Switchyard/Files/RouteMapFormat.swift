/// The formats a route map (SwitchyardTooling's `RouteMap`) is written and read in.
public enum RouteMapFormat: String, Sendable, CaseIterable {
    /// Pretty-printed JSON with sorted keys; also a valid route file (``RouteFile``).
    case json
    /// An XML property list with sorted keys.
    case plist
}
