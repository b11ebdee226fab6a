// Static redirects.

extension Router {
    /// Adds a static redirect: URLs matching `from` open `to`, with `from`'s parameters filled into `to`
    /// (`app://profile/:id` → `app://user/:id`). The query is carried over.
    public func addRedirect(from: String, to: String) throws(RegistrationError) {
        let dest: RoutePattern
        do throws(PatternError) { dest = try RoutePattern(to) } catch { throw .invalidPattern(error) }
        let result: Result<Void, RegistrationError> = withState { s in
            var b = s.redirectRules
            do throws(RegistrationError) { try b.add(from, target: RedirectRule(destination: dest)) } catch {
                return .failure(error)
            }
            s.redirectRules = b
            s.redirects = b.build()
            return .success(())
        }
        try result.get()
    }

    /// The static redirects, as (from, to) pattern text.
    public var redirects: [(from: String, to: String)] {
        withState { s in s.redirectRules.routes.map { ($0.pattern.description, $0.target.destination.description) } }
    }
}
