import Foundation

/// Instruction counts per lookup from `valgrind --tool=callgrind`, which do not swing with machine load.
///
/// The parent runs this executable again under callgrind, once per implementation and table size, with
/// `--count IMPL SIZE`. The child builds the table and lookup lists, then calls ``countPass(_:_:_:)``
/// four times: hits and misses to warm up, then hits and misses to measure. Callgrind collects only
/// inside `countPass` (`--toggle-collect`) and writes one dump after each call (`--dump-after`), so the
/// last two dumps hold the instructions of exactly one pass over the hit list and one over the miss list.
struct InstructionCounts: Codable {
    struct Entry: Codable {
        let implementation: String
        let routes: Int
        let hitLookups: Int
        let missLookups: Int
        /// Instructions (callgrind `Ir`) per lookup, including the harness loop (a few instructions).
        let instructionsPerHit: Double
        let instructionsPerMiss: Double
    }

    let measured: Bool
    let reason: String?
    let method: String
    var entries: [Entry]

    static let flag = "--count"
    static let implementations = ["switchyard", "floor", "routingkit", "regex"]

    /// Lookups per pass in the child: fewer for the regex scan, whose lookups cost up to milliseconds.
    static func lookups(_ impl: String, _ routes: Int) -> Int {
        impl == "regex" ? max(4, 20_000 / routes) : 1_000
    }

    /// Parent side: one callgrind child per implementation and size.
    static func run(sizes: [Int]) -> InstructionCounts {
        let method = "valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*countPass*' --dump-after='*countPass*' "
            + "on this executable with --count IMPL SIZE; Ir of one pass over the hit list and one over the miss list "
            + "(after a warm-up pass of each), divided by the lookups per pass"
        func unavailable(_ why: String) -> InstructionCounts {
            InstructionCounts(measured: false, reason: why, method: method, entries: [])
        }
        guard let valgrind = which("valgrind") else { return unavailable("valgrind is not on PATH") }
        let exe: String
        do {
            exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            return unavailable("cannot locate own executable: \(error)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-callgrind-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            return unavailable("cannot create \(dir.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: dir) }
        var entries: [Entry] = []
        for size in sizes {
            for impl in implementations {
                // The regex scan at 100,000 routes costs over a second per miss under valgrind.
                if impl == "regex" && size > 10_000 { continue }
                progress("callgrind: \(impl) at \(size) routes…")
                let prefix = dir.appendingPathComponent("\(impl)-\(size)").path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: valgrind)
                process.arguments = ["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*countPass*",
                                     "--dump-after=*countPass*", "--callgrind-out-file=\(prefix).%p", exe,
                                     flag, impl, String(size)]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    return unavailable("could not start valgrind: \(error)")
                }
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    return unavailable("callgrind child (\(impl), \(size)) exited with status \(process.terminationStatus)")
                }
                // Dumps are PREFIX.PID.1 … PREFIX.PID.4 (one per countPass call), plus PREFIX.PID for the end.
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
                    .filter { $0.hasPrefix("\(impl)-\(size).") }
                func dump(_ n: Int) -> Double? {
                    guard let name = files.first(where: { $0.hasSuffix(".\(n)") }),
                          let text = try? String(contentsOfFile: dir.appendingPathComponent(name).path, encoding: .utf8)
                    else { return nil }
                    for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
                        if let v = line.split(separator: " ").last.flatMap({ Double($0) }) { return v }
                    }
                    return nil
                }
                guard let hits = dump(3), let misses = dump(4) else {
                    return unavailable("no callgrind dumps for \(impl) at \(size) routes")
                }
                let n = Double(lookups(impl, size))
                entries.append(Entry(implementation: impl, routes: size, hitLookups: Int(n), missLookups: Int(n),
                                     instructionsPerHit: hits / n, instructionsPerMiss: misses / n))
            }
        }
        return InstructionCounts(measured: true, reason: nil, method: method, entries: entries)
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/" + tool
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Child side: builds one implementation at one size and runs the four passes.
    static func child(_ impl: String, _ size: Int) throws(HarnessError) {
        let workload = Workload(routeCount: size)
        let patterns = workload.routes.map(\.switchyardPattern)
        let sy = SwitchyardLookup(table: try SwitchyardLookup.build(patterns[...]))
        let w = SizeWorkload(size: size, workload: workload, lookups: lookups(impl, size), classify: sy.classify)
        var sink = 0
        func passes<L: URLLookup>(_ l: L) {
            for _ in 0..<2 {
                sink &+= countPass(l, w.hitLookups)
                sink &+= countPass(l, w.missLookups)
            }
        }
        switch impl {
        case "floor": passes(FloorLookup(hitURLs: w.hitPool))
        case "routingkit":
            let paths = workload.routes.map(\.routingKitPath)
            passes(RoutingKitLookup(router: RoutingKitLookup.build(paths[...], register: RoutingKitLookup.firstOccurrences(paths))))
        case "regex": passes(RegexScanLookup(regexes: try RegexScanLookup.compile(workload.routes)[...]))
        default: passes(sy)
        }
        print(sink)
    }
}

/// One pass over `urls`: the only code callgrind counts in a `--count` child.
@inline(never)
func countPass<L: URLLookup>(_ impl: L, _ urls: [String]) -> Int {
    var acc = 0
    for url in urls { acc &+= impl.lookup(url) }
    return acc
}
