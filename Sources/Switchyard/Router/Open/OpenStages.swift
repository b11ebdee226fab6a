/// The stages of one pass of an open, in the order they run, each holding the part of the router's
/// state it reads. The state is read once per pass, so a change made while an interceptor or a handler
/// runs applies from the next pass (or the next open) on.
struct OpenStages {
    /// Applies the relocation table.
    let relocation: RelocationStage
    /// Applies the static redirects.
    let redirect: RedirectStage
    /// Finds the route.
    let match: MatchStage
    /// Handles a URL no route matches.
    let fallback: FallbackStage
    /// Runs the interceptors, each with its deadline.
    let interceptors: InterceptorStage
    /// Runs the route's handler.
    let handler = HandlerStage()
    /// Hands the handler's result to the app.
    let placement: PlacementStage

    /// Reads `router`'s table and state for one pass.
    init(_ router: Router) {
        let table = router.table
        let (relocations, redirects, interceptors, fallback, applier) = router.withState {
            ($0.relocations, $0.redirects, $0.interceptors, $0.fallback, $0.placementApplier)
        }
        relocation = RelocationStage(relocations: relocations)
        redirect = RedirectStage(redirects: redirects)
        match = MatchStage(table: table)
        self.fallback = FallbackStage(handler: fallback)
        self.interceptors = InterceptorStage(registrations: interceptors, table: table, limits: router.options.limits)
        placement = PlacementStage(applier: applier)
    }
}
