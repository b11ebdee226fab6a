/// One route found by `switchyard import`, before it is checked against the route table.
struct ImportedRoute {
    /// The Switchyard pattern.
    var pattern: String
    /// The target: a class or handler name where the source shows one, else a name made from the path.
    var target: String
    /// Where it was found.
    var file: String
    var line: Int
    /// Extra metadata (the AASA app ID, an exclusion).
    var metadata: [String: String] = [:]
    /// Ties between equally specific patterns.
    var priority: Int = 0
    /// The package-qualified class name (`com.app.DetailActivity`) where the source shows one; used
    /// when two classes share a simple name.
    var qualifiedTarget: String?
    /// A manifest's relative class name (`.page.PageActivity`) when the manifest names no `package`:
    /// qualified by the module's Gradle `namespace`, when the project has one.
    var relativeClass: String?
    /// The warnings of a conversion that narrowed or widened what the route matches (`FILE:LINE: …`),
    /// kept as the route's `importWarning` metadata.
    var losses: [String] = []
    /// MGJRouter only: the registered pattern as written, which ``MGJRouterTree`` splits into the keys
    /// of MGJRouter's route tree.
    var mgjSource: String?
    /// The registered pattern as written, when the target was made from it (a block handler names no
    /// class): ``ProjectImporter/distinguishDerivedTargets(_:)`` uses it to keep two registrations apart.
    var derivedFrom: String?
    /// Jetpack Navigation only: the graph (its resource name) whose `<deepLink>` this route is.
    var navGraph: String?
}
