// Adding and removing interceptors.

extension Router {
    /// Adds an interceptor. Higher `priority` runs first; equal priorities run in registration order.
    /// Returns an id for ``removeInterceptor(_:)``.
    @discardableResult
    public func addInterceptor(_ interceptor: any Interceptor, priority: Int = 0, scope: InterceptorScope = .global,
                               timeout: Double = 2.0) -> Int {
        withState { s in
            let id = s.nextInterceptorID
            s.nextInterceptorID += 1
            s.interceptors.append(InterceptorRegistration(id: id, interceptor: interceptor, priority: priority,
                                                          scope: scope, timeout: timeout))
            // Stable sort: priority descending, then registration order.
            s.interceptors = s.interceptors.enumerated().sorted { a, b in
                a.element.priority != b.element.priority
                    ? a.element.priority > b.element.priority : a.element.id < b.element.id
            }.map(\.element)
            return id
        }
    }

    /// Removes an interceptor by the id `addInterceptor` returned. Returns whether one was removed.
    @discardableResult
    public func removeInterceptor(_ id: Int) -> Bool {
        withState { s in
            let before = s.interceptors.count
            s.interceptors.removeAll { $0.id == id }
            return s.interceptors.count != before
        }
    }

    /// The interceptors in the order they run.
    package var interceptors: [InterceptorRegistration] { withState { $0.interceptors } }
}
