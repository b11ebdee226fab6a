import Switchyard

/// `unbound-placeholder`: a `parent` template naming a value its route can never bind.
public struct UnboundPlaceholderRule: LintRule {
    /// Creates the rule.
    public init() {}
    /// `unbound-placeholder`.
    public var code: LintCode { .unboundPlaceholder }
    /// One finding per unbindable placeholder (``AppDescription/unboundPlaceholders()``).
    public func check(_ c: AppLintContext) -> [RouteLintFinding] {
        c.app.unboundPlaceholders().map { RouteLintFinding(code, $0.location, $0.message) }
    }
}
