import Switchyard

/// Switchyard's `RouteTable.match`, reading only `.target`.
struct SwitchyardLookup: URLLookup {
    let table: RouteTable<Int>

    @inline(__always)
    func lookup(_ url: String) -> Int {
        do {
            return try table.match(url)?.target ?? -1
        } catch {
            return -2
        }
    }

    /// True when a route matches, false when none does, nil when the URL is invalid.
    func classify(_ url: String) -> Bool? {
        do {
            return try table.match(url) != nil
        } catch {
            return nil
        }
    }

    /// Builds a table from pattern text, target = index in `patterns`.
    static func build(_ patterns: ArraySlice<String>) throws(HarnessError) -> RouteTable<Int> {
        var builder = RouteTableBuilder<Int>()
        for (i, pattern) in zip(patterns.indices, patterns) {
            do {
                try builder.add(pattern, target: i, priority: 0)
            } catch {
                throw HarnessError("Switchyard refused generated pattern '\(pattern)': \(error)")
            }
        }
        return builder.build()
    }
}
