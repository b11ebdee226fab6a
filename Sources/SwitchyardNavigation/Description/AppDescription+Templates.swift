import Switchyard

extension AppDescription {
    /// Placeholders that a route can never bind: a `{name}` in a route's `parent` template that is not a
    /// path parameter of the route's pattern and of each of its aliases (a parent URL is built from the
    /// route's own path; query and native values are not guaranteed). Each entry names the route's
    /// `parent` (`routes[3].parent`) and says what is wrong. ``AppRuntime`` refuses an app that has any.
    public func unboundPlaceholders() -> [RouteFileError] {
        var problems: [RouteFileError] = []
        for (i, route) in routes.enumerated() {
            guard let parent = route.parent else { continue }
            var bindable: Set<String>?
            for text in [route.pattern] + route.aliases {
                guard let pattern = try? RoutePattern(text) else { continue }
                let names = Set(pattern.parameterNames)
                bindable = bindable.map { $0.intersection(names) } ?? names
            }
            for name in ScreenFactory.placeholders(in: parent) where !(bindable ?? []).contains(name) {
                problems.append(RouteFileError(
                    "routes[\(i)].parent",
                    "{\(SafeText.visible(String(name.prefix(40))))} can never be bound: "
                        + "it is not a path parameter of \(route.pattern)"
                        + (route.aliases.isEmpty ? "" : " and every alias")))
            }
        }
        return problems
    }
}
