/// A static redirect's destination.
struct RedirectRule: Sendable {
    let destination: RoutePattern
}
