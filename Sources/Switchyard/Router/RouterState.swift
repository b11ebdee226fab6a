/// Everything the router's lock protects.
struct RouterState {
    var routes: RouteTableBuilder<RouteEntry>
    var snapshot: RouteTable<RouteEntry>?
    var redirectRules: RouteTableBuilder<RedirectRule>
    var redirects: RouteTable<RedirectRule>?
    var relocations = RelocationState()
    var interceptors: [InterceptorRegistration] = []
    var nextInterceptorID = 1
    var fallback: (any RouteHandler)?
    var placementApplier: (any PlacementApplier)?
    var callbackPolicy: CallbackPolicy?
    var observers: [(Int, @Sendable (RouteTrace) -> Void)] = []
    var nextObserverID = 1
    var failureHandler: (@Sendable (RouteOutcome, RouteTrace) -> Void)?
    var history: [RouteTrace] = []
    let historyLimit: Int
    var nextTraceID = 1
    var lanes: [String: Int] = [:]
    var pendingRegistrars: [@Sendable (Router) -> Void] = []

    init(options: MatchOptions, historyLimit: Int) {
        routes = RouteTableBuilder(options: options)
        redirectRules = RouteTableBuilder(options: options)
        self.historyLimit = historyLimit
    }
}
