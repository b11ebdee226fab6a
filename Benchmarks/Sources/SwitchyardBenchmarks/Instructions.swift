import Foundation

/// Instruction counts per lookup from `valgrind --tool=callgrind`, which do not swing with machine load.
///
/// The parent runs this executable again under callgrind, once per implementation and table size, with
/// `--count IMPL SIZE`. The child builds the table and lookup lists, warms up with one pass over each
/// list (``warmPass(_:_:)``), then makes one pass over the hit list in ``hitPass(_:_:)`` on a second
/// thread and, after it, one over the miss list in ``missPass(_:_:)`` on a third (started by the second). Callgrind collects
/// only inside those two (`--toggle-collect`) and writes one file per thread (`--separate-threads=yes`),
/// so the second thread's total is the hit pass and the third's the miss pass, exactly.
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
    static let implementations = ["switchyard", "floor", "routingkit", "hummingbird", "regex"]

    /// Lookups per pass in the child: fewer for the regex scan, whose lookups cost up to milliseconds.
    static func lookups(_ impl: String, _ routes: Int) -> Int {
        impl == "regex" ? max(4, 20_000 / routes) : 1_000
    }

    /// Parent side: one callgrind child per implementation and size.
    static func run(sizes: [Int]) -> InstructionCounts {
        let method = "valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*hitPass*' --toggle-collect='*missPass*' "
            + "--separate-threads=yes on a copy of this executable without debug info (objcopy --strip-debug) with --count IMPL SIZE; Ir of one pass over the hit list and one over the "
            + "miss list (each on its own thread, after a warm-up pass of each), divided by the lookups per pass"
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
        // valgrind 3.19 gives up on this executable's debug info ("Possibly corrupted debuginfo file": SwiftNIO's C
        // modules, which Hummingbird brings in, add several DWARF 5 units). Callgrind needs only the symbol table, so it
        // runs a copy without debug info (`objcopy --strip-debug`: the same code, so the same counts), which finds the
        // shared libraries beside the executable through LD_LIBRARY_PATH.
        let target: String
        switch strippedCopy(of: exe, into: dir) {
        case .success(let path): target = path
        case .failure(let error): return unavailable(error.description)
        }
        var environment = ProcessInfo.processInfo.environment
        let exeDir = URL(fileURLWithPath: exe).deletingLastPathComponent().path
        environment["LD_LIBRARY_PATH"] = [exeDir, environment["LD_LIBRARY_PATH"]].compactMap { $0 }.joined(separator: ":")
        var entries: [Entry] = []
        for size in sizes {
            for impl in implementations {
                // Above 10,000 routes only Switchyard and the floor: building RoutingKit's and Hummingbird's 100,000 routes
                // and the regex scan's expressions takes many minutes under valgrind.
                if size > Workload.measuredSize && impl != "switchyard" && impl != "floor" { continue }
                progress("callgrind: \(impl) at \(size) routes…")
                let file = dir.appendingPathComponent("\(impl)-\(size).out").path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: valgrind)
                process.arguments = ["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*hitPass*",
                                     "--toggle-collect=*missPass*", "--separate-threads=yes", "--callgrind-out-file=\(file)", target,
                                     flag, impl, String(size)]
                process.environment = environment
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
                guard let hits = total(file + "-02"), let misses = total(file + "-03") else {
                    return unavailable("no per-thread callgrind output for \(impl) at \(size) routes")
                }
                let n = Double(lookups(impl, size))
                entries.append(Entry(implementation: impl, routes: size, hitLookups: Int(n), missLookups: Int(n),
                                     instructionsPerHit: hits / n, instructionsPerMiss: misses / n))
            }
        }
        return InstructionCounts(measured: true, reason: nil, method: method, entries: entries)
    }

    /// A copy of `exe` without debug information, made with `objcopy --strip-debug` in `dir`.
    static func strippedCopy(of exe: String, into dir: URL) -> Result<String, HarnessError> {
        guard let objcopy = which("objcopy") else {
            return .failure(HarnessError("objcopy (binutils) is not on PATH; valgrind cannot read the executable's own debug info"))
        }
        let copy = dir.appendingPathComponent("SwitchyardBenchmarks").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", exe, copy]
        do {
            try process.run()
        } catch {
            return .failure(HarnessError("could not start objcopy: \(error)"))
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(HarnessError("objcopy --strip-debug exited with status \(process.terminationStatus)"))
        }
        return .success(copy)
    }

    /// The `summary:` (or `totals:`) Ir of one callgrind output file.
    static func total(_ file: String) -> Double? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let v = line.split(separator: " ").last.flatMap({ Double($0) }) { return v }
        }
        return nil
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
            sink &+= warmPass(l, w.hitLookups)
            sink &+= warmPass(l, w.missLookups)
            // The miss pass runs on a thread started by the hit pass's thread after its pass: that thread is
            // still alive then, so callgrind gives the new one its own number (it reuses ended threads').
            sink &+= onThread { hitPass(l, w.hitLookups) &+ onThread { missPass(l, w.missLookups) } }
        }
        switch impl {
        case "floor": passes(FloorLookup(hitURLs: w.hitPool))
        case "routingkit":
            let paths = workload.routes.map(\.routingKitPath)
            passes(RoutingKitLookup(router: RoutingKitLookup.build(paths[...], register: firstOccurrences(paths))))
        case "hummingbird":
            let paths = workload.routes.map(\.hummingbirdPath)
            let slot = Slot()
            let hb = HummingbirdLookup(responder: HummingbirdLookup.build(paths[...], register: firstOccurrences(paths), slot: slot), slot: slot)
            sink &+= hb.pass(w.hitLookups)
            sink &+= hb.pass(w.missLookups)
            sink &+= onThread { hitPassHummingbird(hb, w.hitLookups) &+ onThread { missPassHummingbird(hb, w.missLookups) } }
        case "regex": passes(RegexScanLookup(regexes: try RegexScanLookup.compile(workload.routes)[...]))
        default: passes(sy)
        }
        print(sink)
    }
}

/// One pass over `urls`, not counted (warm-up).
@inline(never)
func warmPass<L: URLLookup>(_ impl: L, _ urls: [String]) -> Int {
    var acc = 0
    for url in urls { acc &+= impl.lookup(url) }
    return acc
}

/// One pass over the hit list: counted by callgrind in a `--count` child.
@inline(never)
func hitPass<L: URLLookup>(_ impl: L, _ urls: [String]) -> Int {
    // The three pass functions differ by a constant so that the optimizer cannot merge them into one.
    var acc = 1
    for url in urls { acc &+= impl.lookup(url) }
    return acc
}

/// One pass over the miss list: counted by callgrind in a `--count` child.
@inline(never)
func missPass<L: URLLookup>(_ impl: L, _ urls: [String]) -> Int {
    var acc = 2
    for url in urls { acc &+= impl.lookup(url) }
    return acc
}

/// Runs `body` on a new thread and waits for it: callgrind's `--separate-threads=yes` then counts it apart.
func onThread(_ body: @escaping () -> Int) -> Int {
    final class Box: @unchecked Sendable {
        // @unchecked: written by the new thread before it ends, read after pthread_join.
        let body: () -> Int
        var result = 0
        init(_ body: @escaping () -> Int) { self.body = body }
    }
    let box = Box(body)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(box).toOpaque()
    let status = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.result = box.body()
        return nil
    }, context)
    guard status == 0 else {
        Unmanaged<Box>.fromOpaque(context).release()
        return body()
    }
    pthread_join(thread, nil)
    return box.result
}
