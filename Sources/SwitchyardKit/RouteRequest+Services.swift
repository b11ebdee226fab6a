import Switchyard

extension RouteRequest {
    /// The registry the route's module was installed with (`router.install(Module.self, services:)`),
    /// or one the caller passed as the native parameter ``ModuleServices``; nil otherwise.
    public var services: ServiceRegistry? { native[ModuleServices.self] }
}
