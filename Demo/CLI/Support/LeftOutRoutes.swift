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

    /// The left-out routes that match `url` and would have changed what it opens, in file order:
    /// `routes[6] (shop://orders)`. `winner` is the pattern the loaded table opens `url` with (asked only
    /// when a left-out route matches); a left-out route that would lose to it, or that has its shape (a
    /// duplicate of the route that won), changes nothing and is not named.
    func matching(_ url: String, winner: () -> String? = { nil }) -> [String] {
        var won: String??
        return routes.compactMap { route in
            guard (try? route.table.match(url)) ?? nil != nil else { return nil }
            if won == nil { won = .some(winner()) }
            if let pattern = won ?? nil, !Self.wouldWin(route.pattern, over: pattern, for: url) { return nil }
            return "routes[\(route.index)] (\(route.pattern))"
        }
    }

    /// Whether `candidate`, had it loaded beside `winner`, would open `url` instead (the same shape
    /// registers once: the route that loaded keeps it).
    static func wouldWin(_ candidate: String, over winner: String, for url: String) -> Bool {
        var builder = RouteTableBuilder<Bool>()
        do throws(RegistrationError) {
            try builder.add(winner, target: false)
            try builder.add(candidate, target: true)
        } catch {
            return false
        }
        return (try? builder.build().match(url))??.target == true
    }

    /// The notes for `url`: one for each left-out route that matches it and would have changed what it
    /// opens (``matching(_:winner:)``), in file order.
    func notes(for url: String, winner: () -> String? = { nil }) -> [String] {
        matching(url, winner: winner).map {
            "\(url): \($0) matches this URL but did not load (its error is named above)"
        }
    }
}
