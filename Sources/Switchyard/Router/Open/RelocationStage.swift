/// Stage 1: the relocation table (server-sent route changes).
///
/// A `delete` rule ends the open as not found; a `replace` rule sends it on to the rebuilt URL; an
/// `add` rule makes its pattern a path for a route target, which the match stage then opens. Adds a
/// ``RouteTrace/Step/Kind/relocation`` step for each of these (a `replace` whose destination cannot be
/// built ends the open as failed, without a step).
struct RelocationStage {
    /// The relocation rules in force.
    let relocations: RelocationState

    /// The `add` rule that applied, if any; nil when no relocation rule applies.
    func run(_ parsed: RouteURL, _ pass: inout OpenPass) throws(PassEnd) -> RelocationAlias? {
        guard let step = Router.relocationStep(pass.url, parsed: parsed, relocations: relocations) else { return nil }
        switch step {
        case .deleted(let rule):
            pass.addStep(.relocation, rule.description, "deleted (table v\(relocations.version))")
            throw .finish(.notFound(url: pass.url))
        case .unbuildable(let kind, let rule, let error):
            throw .finish(.failed(pattern: rule.description, error: "\(kind.rawValue): \(error)"))
        case .rewritten(_, let rule, let next):
            pass.addStep(.relocation, rule.description, "→ \(next)")
            throw .reopen(next, rewrite: true)
        case .alias(let rule, let target, let parameters):
            pass.addStep(.relocation, rule.description, "path for target \(target)")
            return RelocationAlias(pattern: rule, target: target, parameters: parameters)
        case .route:
            return nil
        }
    }
}
