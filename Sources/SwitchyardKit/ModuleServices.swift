import Switchyard

/// The native parameter that carries a module's ``ServiceRegistry`` to its routes' factories; read it
/// with `request.services`.
public enum ModuleServices: NativeKey {
    /// The registry.
    public typealias Value = ServiceRegistry
}
