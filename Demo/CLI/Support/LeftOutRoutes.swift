import Foundation
import Switchyard

/// The routes of a route file that were left out for an error, read back leniently so that `match`
/// and `explain` can say when one of them is the route a URL was meant for: "routes[12]
/// (shop://account) matches this URL but did not load". Without it, a URL whose route
/// was left out is answered with the nearest of the others, which points somewhere unrelated.
struct LeftOutRoutes {
    /// Each left-out route whose pattern still parses: its index in the file, its pattern as written,
    /// and a table holding it alone (left-out routes may be duplicates of each other or of loaded ones).
    private let routes: [(index: Int, pattern: String, table: RouteTable<Int>)]

    /// Reads the routes of the file at `path` whose indices are not in `loaded`; the most that are
    /// kept is `limit` (a note about a few is useful, a table of thousands is lint's job).
    init(path: String, loaded: [Int], limit: Int = 1000) {
        guard let data = try? RouteSchema.read(path: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = object["routes"] as? [Any] else {
            routes = []
            return
        }
        let kept = Set(loaded)
        var found: [(Int, String, RouteTable<Int>)] = []
        for (index, entry) in entries.enumerated() where !kept.contains(index) && found.count < limit {
            guard let pattern = (entry as? [String: Any])?["pattern"] as? String else { continue }
            var builder = RouteTableBuilder<Int>()
            do throws(RegistrationError) { try builder.add(pattern, target: index) } catch { continue }
            found.append((index, pattern, builder.build()))
        }
        routes = found
    }

    /// The left-out routes that match `url`, in file order: `routes[6] (shop://orders)`.
    func matching(_ url: String) -> [String] {
        routes.compactMap { route in
            guard (try? route.table.match(url)) ?? nil != nil else { return nil }
            return "routes[\(route.index)] (\(route.pattern))"
        }
    }

    /// The notes for `url`: one for each left-out route that matches it, in file order.
    func notes(for url: String) -> [String] {
        matching(url).map { "\(url): \($0) matches this URL but did not load (its error is named above)" }
    }
}
