/// What the relocation table and the static redirects do with one URL: the single decision that
/// ``Router/open(_:native:lane:callback:)-(String,_,_,_)``, ``Router/resolve(_:)`` and everything built
/// on the latter (`explain`, `match`, `diff`, `graph`) take, so that they cannot disagree.
package enum RewriteStep: Sendable {
    /// The relocation table deletes URLs `rule` matches: nothing opens.
    case deleted(rule: RoutePattern)
    /// A relocation replacement or a redirect rewrote the URL to `next`.
    case rewritten(kind: Kind, rule: RoutePattern, next: String)
    /// A relocation replacement or a redirect applies but could not build its destination.
    case unbuildable(kind: Kind, rule: RoutePattern, error: String)
    /// A relocation `add` makes `rule` a path for the route target `target`, with these parameters.
    case alias(rule: RoutePattern, target: String, parameters: PathParameters)
    /// No rule applies: the URL goes to the route table.
    case route

    /// Which kind of rule rewrote a URL.
    package enum Kind: String, Sendable {
        /// A relocation-table replacement.
        case relocation
        /// A static redirect.
        case redirect
    }
}
