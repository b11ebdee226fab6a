import RoutingKit

/// vapor/routing-kit's `TrieRouter`, looked up the way Vapor does it: the path split on "/"
/// into `[String]`, then `route(path:parameters:)` with fresh (empty) `Parameters`.
///
/// The scheme and query are cut off with plain string operations first; the host is the
/// first path element, as in Switchyard.
struct RoutingKitLookup: URLLookup {
    let router: TrieRouter<Int>
    /// An empty parameter bag made once: copying it per lookup gives each lookup fresh parameters
    /// without creating a new `Logger` every time (which `Parameters()` would do).
    let emptyParameters = Parameters()

    @inline(__always)
    func lookup(_ url: String) -> Int {
        var rest = Substring(url)
        if let q = rest.utf8.firstIndex(of: UInt8(ascii: "?")) { rest = rest[..<q] }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), rest[colon...].hasPrefix("://") {
            rest = rest[rest.utf8.index(colon, offsetBy: 3)...]
        }
        let path = rest.split(separator: "/").map(String.init)
        var parameters = emptyParameters
        return router.route(path: path, parameters: &parameters) ?? -1
    }

    /// Registers `paths[i]` with target `i` for every `i` with `register[i]`.
    static func build(_ paths: ArraySlice<String>, register: [Bool]) -> TrieRouter<Int> {
        let router = TrieRouter<Int>()
        for i in paths.indices where register[i] {
            router.register(i, at: paths[i].pathComponents)
        }
        return router
    }
}
