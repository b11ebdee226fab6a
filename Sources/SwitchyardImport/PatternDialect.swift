/// The source routers' pattern syntaxes, each converted to Switchyard's grammar. The README's
/// "Conversion table" lists these rules; keep the two in step.
enum PatternDialect {
    /// JLRoutes: `:param`, optional groups `(/:opt)` and a trailing `*`.
    case jlRoutes
    /// WLRRoute: `:param` and `:param(regex)`.
    case wlrRoute
    /// MGJRouter: `:param`, `~` for any component, a query part.
    case mgjRouter
    /// URLNavigator: `<name>`, `<int:name>`, `<float:…>`, `<uuid:…>`, `<string:…>`, `<path:…>`.
    case urlNavigator
    /// TheRouter (iOS and Android): `:param` and literal paths, matched as written.
    case plain
    /// ARouter: a path `/group/page`, matched against the URL's path only (any scheme, any host).
    case aRouter
    /// DeepLinkKit: host and path as one string; a route starting with `/` is not anchored at the start.
    case deepLinkKit
    /// Jetpack Navigation deep links: `{arg}` placeholders, `.*` wildcards.
    case navigation
}
