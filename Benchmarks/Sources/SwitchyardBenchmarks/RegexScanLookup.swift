import Foundation

/// A WLRRoute-style matcher: one `NSRegularExpression` per route, tried in registration order;
/// the first that matches the whole URL (query cut off with plain String operations) wins.
struct RegexScanLookup: URLLookup {
    let regexes: ArraySlice<NSRegularExpression>

    func lookup(_ url: String) -> Int {
        let path: String
        if let q = url.firstIndex(of: "?") { path = String(url[..<q]) } else { path = url }
        let range = NSRange(location: 0, length: path.utf16.count)
        for i in regexes.indices where regexes[i].firstMatch(in: path, options: [], range: range) != nil {
            return i
        }
        return -1
    }

    /// The anchored regular expression for a route: literals escaped, `:name` → `([^/]+)`,
    /// constraints inline (`<int>` → `(-?[0-9]{1,19})`), catch-all → `(.+)`.
    static func source(for route: RouteSpec) -> String {
        var text = "^" + NSRegularExpression.escapedPattern(for: RouteSpec.scheme + "://" + route.host)
        for seg in route.path {
            text += "/"
            switch seg {
            case .literal(let w): text += NSRegularExpression.escapedPattern(for: w)
            case .parameter: text += "([^/]+)"
            case .digits: text += "([0-9]+)"
            case .integer: text += "(-?[0-9]{1,19})"
            case .catchAll: text += "(.+)"
            }
        }
        return text + "$"
    }

    static func compile(_ routes: [RouteSpec]) throws(HarnessError) -> [NSRegularExpression] {
        var out: [NSRegularExpression] = []
        out.reserveCapacity(routes.count)
        for route in routes {
            let source = source(for: route)
            do {
                out.append(try NSRegularExpression(pattern: source))
            } catch {
                throw HarnessError("could not compile regex '\(source)': \(error)")
            }
        }
        return out
    }
}

/// The floor: cut the query, then look the rest up in a dictionary of the concrete hit URLs.
/// It only knows exact strings, so it is a lower bound for any router, not a router.
struct FloorLookup: URLLookup {
    let table: [Substring: Int]

    init(hitURLs: [String]) {
        var table: [Substring: Int] = [:]
        table.reserveCapacity(hitURLs.count)
        for (i, url) in hitURLs.enumerated() { table[Substring(url)] = i }
        self.table = table
    }

    @inline(__always)
    func lookup(_ url: String) -> Int {
        let end = url.utf8.firstIndex(of: UInt8(ascii: "?")) ?? url.endIndex
        return table[url[..<end]] ?? -1
    }
}
