/// One way of answering "which route does this raw URL string lead to?".
protocol URLLookup {
    /// The matched route's target, or -1 when nothing matches.
    func lookup(_ url: String) -> Int
}

/// A fatal problem in the harness itself (not a measurement): printed, then the run exits.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension Duration {
    var nanoseconds: Double {
        let c = components
        return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
    }
}

/// Times one pass over `urls`, returning nanoseconds per lookup. The targets are summed into
/// `sink`, which the caller prints, so the optimizer cannot drop the lookups.
@inline(never)
func timeBatch<L: URLLookup>(_ impl: L, _ urls: [String], _ sink: inout Int) -> Double {
    let clock = ContinuousClock()
    var acc = 0
    let start = clock.now
    for url in urls { acc &+= impl.lookup(url) }
    let elapsed = start.duration(to: clock.now)
    sink &+= acc
    return elapsed.nanoseconds / Double(max(urls.count, 1))
}

/// Reads every byte of every URL (untimed), so that a timed batch finds its URL strings in the cache.
@inline(never)
func touch(_ urls: [String]) -> Int {
    var acc = 0
    for url in urls {
        acc &+= url.utf8.withContiguousStorageIfAvailable { $0.reduce(0) { $0 &+ Int($1) } } ?? url.utf8.count
    }
    return acc
}

/// Times one call of `body` in nanoseconds.
@inline(never)
func timeOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (Double, T) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    return (start.duration(to: clock.now).nanoseconds, value)
}

func median(_ samples: [Double]) -> Double {
    guard !samples.isEmpty else { return .nan }
    let s = samples.sorted()
    let mid = s.count / 2
    return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/// How many URLs of `urls` the lookup answers with a route.
func countMatched<L: URLLookup>(_ impl: L, _ urls: [String]) -> Int {
    urls.reduce(0) { $0 + (impl.lookup($1) >= 0 ? 1 : 0) }
}
