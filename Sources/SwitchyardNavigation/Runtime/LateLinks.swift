import Switchyard
import Synchronization

/// The links of a screen route, set once after the route is registered (see ``ScreenHandler/lateLinks``).
final class LateLinks: Sendable {
    private let value = Mutex<[Link]?>(nil)

    /// The links, once set.
    var links: [Link]? { value.withLock { $0 } }

    /// Sets the links.
    func set(_ links: [Link]) { value.withLock { $0 = links } }
}
