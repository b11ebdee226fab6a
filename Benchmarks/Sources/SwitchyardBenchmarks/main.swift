import Foundation

// Switchyard benchmark harness: Switchyard vs RoutingKit and Hummingbird's router vs a regex scan vs a dictionary floor.
//
//   swift run -c release SwitchyardBenchmarks            full run (under a minute)
//   swift run -c release SwitchyardBenchmarks --quick    CI-sized run
//   swift run -c release SwitchyardBenchmarks --json     the same figures as one JSON object

struct Options {
    var quick = false
    var json = false
    var allocationProbeChild = false
    /// `--profile NAME`: only loop NAME's lookups at 10,000 routes for a few seconds (to run under `perf`).
    var profile: String?
    /// `--svg PATH`: also write the time-per-lookup plot there.
    var svgPath: String?
    /// `--no-callgrind`: skip the instruction counts (they take a few minutes under valgrind).
    var callgrind = true
    /// `--count IMPL SIZE`: the callgrind child (see ``InstructionCounts``).
    var count: (String, Int)?

    static let usage = """
        usage: SwitchyardBenchmarks [--quick] [--json] [--svg PATH] [--no-callgrind] [--profile switchyard|floor|routingkit|hummingbird|build]
          --quick     smaller batches (CI); the same measurements, without the instruction counts
          --json      print the results as one JSON object instead of the text report
          --svg       also write an SVG plot of time per lookup against table size to PATH
          --no-callgrind  skip the callgrind instruction counts in a full run
          --profile   only loop one implementation's hit and miss lookups at 10,000 routes for
                      about 5 seconds (build: rebuild the 10,000-route Switchyard table),
                      for a profiler such as `perf record`
        environment: SY_FIXED_ORDER=1 times the implementations in one fixed order (as runs before
                      2026-11-24 did) instead of a shuffled order after an untimed read of the URLs
        """

    static func parse(_ args: ArraySlice<String>) throws(HarnessError) -> Options {
        var o = Options()
        var it = args.makeIterator()
        while let arg = it.next() {
            switch arg {
            case "--profile":
                guard let name = it.next(), ["switchyard", "floor", "routingkit", "hummingbird", "build"].contains(name) else {
                    throw HarnessError("--profile needs one of switchyard, floor, routingkit, hummingbird, build\n\(usage)")
                }
                o.profile = name
            case "--quick": o.quick = true
            case "--svg":
                guard let path = it.next() else { throw HarnessError("--svg needs a path\n\(usage)") }
                o.svgPath = path
            case "--no-callgrind": o.callgrind = false
            case InstructionCounts.flag:
                guard let impl = it.next(), InstructionCounts.implementations.contains(impl),
                      let size = it.next().flatMap({ Int($0) }), size > 0
                else { throw HarnessError("--count needs an implementation and a table size") }
                o.count = (impl, size)
            case "--json": o.json = true
            case AllocationProbe.flag: o.allocationProbeChild = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw HarnessError("unknown argument '\(arg)'\n\(usage)")
            }
        }
        return o
    }
}

/// Sizes of the measurement loops.
struct Plan {
    let batches: Int
    let lookupsPerBatch: Int
    let regexBatches: Int
    /// Route regexes tried per regex batch, roughly: lookups per batch = budget / routes.
    let regexBudget: Int
    let buildRepeats: Int

    init(quick: Bool) {
        batches = quick ? 15 : 101
        lookupsPerBatch = quick ? 250 : 1_000
        regexBatches = 15
        regexBudget = quick ? 8_000 : 40_000
        buildRepeats = quick ? 3 : 7
    }

    func regexLookups(_ routes: Int) -> Int { max(4, regexBudget / routes) }
    /// The regex scan at 100,000 routes takes over 100 ms per miss: fewer batches there.
    func regexBatches(_ routes: Int) -> Int { routes > 10_000 ? 3 : regexBatches }
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func swiftVersion() -> String {
    #if compiler(>=6.4)
    "≥ 6.4"
    #elseif compiler(>=6.3.1)
    "6.3.1 or a later 6.3"
    #elseif compiler(>=6.3)
    "6.3"
    #elseif compiler(>=6.2)
    "6.2"
    #elseif compiler(>=6.1)
    "6.1"
    #else
    "6.0"
    #endif
}

func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
    return "unknown CPU"
}

func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func runBenchmarks(_ options: Options) throws(HarnessError) -> Report {
    /// Set (to anything) to time the implementations in the fixed order of runs before 2026-11-24.
    let fixedOrder = ProcessInfo.processInfo.environment["SY_FIXED_ORDER"] != nil
    let plan = Plan(quick: options.quick)
    let loadAtStart = loadAverage()
    var sink = 0

    progress("generating \(Workload.sizes.max() ?? 0) routes…")
    let workload = Workload()
    let patterns = workload.routes.map(\.switchyardPattern)
    let rkPaths = workload.routes.map(\.routingKitPath)
    let rkRegister = firstOccurrences(rkPaths)
    let hbPaths = workload.routes.map(\.hummingbirdPath)
    let hbRegister = firstOccurrences(hbPaths)
    progress("compiling \(workload.routes.count) regular expressions…")
    let regexes = try RegexScanLookup.compile(workload.routes)

    var sizeResults: [Report.SizeResult] = []
    for size in Workload.sizes {
        progress("\(size) routes: building tables and lookup lists…")
        let sy = SwitchyardLookup(table: try SwitchyardLookup.build(patterns.prefix(size)))
        let w = SizeWorkload(size: size, workload: workload, lookups: plan.lookupsPerBatch, classify: sy.classify)
        guard !w.hitLookups.isEmpty, !w.missLookups.isEmpty else {
            throw HarnessError("no hit or no miss URLs generated for \(size) routes")
        }
        let rk = RoutingKitLookup(router: RoutingKitLookup.build(rkPaths.prefix(size), register: rkRegister))
        let hbSlot = Slot()
        let hb = HummingbirdLookup(responder: HummingbirdLookup.build(hbPaths.prefix(size), register: hbRegister, slot: hbSlot), slot: hbSlot)
        let floor = FloorLookup(hitURLs: w.hitPool)
        let regex = RegexScanLookup(regexes: regexes.prefix(size))
        let regexCount = plan.regexLookups(size)
        let regexHits = Array(w.hitLookups.prefix(regexCount))
        let regexMisses = Array(w.missLookups.prefix(regexCount))

        // Sanity: the floor must agree with Switchyard about hit vs miss.
        let floorHits = countMatched(floor, w.hitLookups)
        let floorMisses = countMatched(floor, w.missLookups)
        guard floorHits == w.hitLookups.count, floorMisses == 0 else {
            throw HarnessError("floor disagrees with the hit/miss lists at \(size) routes (\(floorHits) hits, \(floorMisses) false hits)")
        }

        progress("\(size) routes: timing Switchyard, floor, RoutingKit and Hummingbird (\(plan.batches) batches)…")
        var t: [String: [Double]] = [:]
        // Batches of the four are interleaved so that machine noise hits them alike; batch 0 warms up. Their
        // order is shuffled for every batch (seeded), and each timed batch starts with its URL strings freshly
        // read (as an app's are, just made or received): in a fixed order, each implementation always ran right
        // after the same one, and the second of two on one list found the URLs in the cache that the first had
        // paid to load (BENCHMARKS.md, 2026-11-24, has the figures of both orders).
        let jobs: [(String, [String], () -> Double)] = [
            ("sy-hit", w.hitLookups, { timeBatch(sy, w.hitLookups, &sink) }),
            ("floor-hit", w.hitLookups, { timeBatch(floor, w.hitLookups, &sink) }),
            ("rk-hit", w.hitLookups, { timeBatch(rk, w.hitLookups, &sink) }),
            ("hb-hit", w.hitLookups, { timeBatch(hb, w.hitLookups, &sink) }),
            ("sy-miss", w.missLookups, { timeBatch(sy, w.missLookups, &sink) }),
            ("floor-miss", w.missLookups, { timeBatch(floor, w.missLookups, &sink) }),
            ("rk-miss", w.missLookups, { timeBatch(rk, w.missLookups, &sink) }),
            ("hb-miss", w.missLookups, { timeBatch(hb, w.missLookups, &sink) }),
        ]
        var orderRNG = SplitMix64(seed: Workload.seed ^ UInt64(size))
        for batch in 0...plan.batches {
            var order = Array(jobs.indices)
            if !fixedOrder { orderRNG.shuffle(&order) }
            var samples: [(String, Double)] = []
            for j in order {
                if !fixedOrder { sink &+= touch(jobs[j].1) }
                samples.append((jobs[j].0, jobs[j].2()))
            }
            if batch > 0 { for (k, v) in samples { t[k, default: []].append(v) } }
        }
        progress("\(size) routes: timing the regex scan (\(plan.regexBatches(size)) batches × \(regexCount) lookups)…")
        for batch in 0...plan.regexBatches(size) {
            let h = timeBatch(regex, regexHits, &sink)
            let m = timeBatch(regex, regexMisses, &sink)
            if batch > 0 {
                t["regex-hit", default: []].append(h)
                t["regex-miss", default: []].append(m)
            }
        }
        func med(_ k: String) -> Double { median(t[k] ?? []) }
        let hitNs = Report.Figures(switchyard: med("sy-hit"), floor: med("floor-hit"), routingKit: med("rk-hit"),
                                   hummingbird: med("hb-hit"), regexScan: med("regex-hit"))
        let missNs = Report.Figures(switchyard: med("sy-miss"), floor: med("floor-miss"), routingKit: med("rk-miss"),
                                    hummingbird: med("hb-miss"), regexScan: med("regex-miss"))
        // Which route each peer picks for the concrete URL of every route in the table.
        let concrete = workload.concreteURLs.prefix(size)
        let rkResolution = Resolution(targets: concrete.map(rk.lookup), urls: concrete, paths: rkPaths, register: rkRegister)
        let hbResolution = Resolution(targets: hb.targets(Array(concrete)), urls: concrete, paths: hbPaths, register: hbRegister)
        // Hummingbird's backtracking makes a few misses far slower than the rest: the slowest of the pool, each URL
        // timed alone three times, its fastest time kept (so one interrupt does not make a URL the slowest).
        let hbSlowestMiss = w.missPool.map { url in
            (ns: (0..<3).map { _ in timeBatch(hb, [url], &sink) }.min() ?? .nan, url: url)
        }.max { $0.ns < $1.ns }
        sizeResults.append(Report.SizeResult(
            routes: size, hitNs: hitNs, missNs: missNs, hitRatios: .init(hitNs), missRatios: .init(missNs),
            distinctHitURLs: w.hitPool.count, distinctMissURLs: w.missPool.count, unmatchedConcreteURLs: w.unmatchedConcrete,
            routingKitRoutes: rkRegister.prefix(size).filter { $0 }.count,
            hummingbirdRoutes: hbRegister.prefix(size).filter { $0 }.count,
            routingKitHitShare: Double(countMatched(rk, w.hitLookups)) / Double(w.hitLookups.count),
            hummingbirdHitShare: Double(countMatched(hb, w.hitLookups)) / Double(w.hitLookups.count),
            regexHitShare: Double(countMatched(regex, regexHits)) / Double(regexHits.count),
            routingKitMissAnsweredShare: Double(countMatched(rk, w.missLookups)) / Double(w.missLookups.count),
            hummingbirdMissAnsweredShare: Double(countMatched(hb, w.missLookups)) / Double(w.missLookups.count),
            regexMissAnsweredShare: Double(countMatched(regex, regexMisses)) / Double(regexMisses.count),
            routingKitResolution: rkResolution, hummingbirdResolution: hbResolution,
            hummingbirdSlowestMissNs: hbSlowestMiss?.ns ?? .nan, hummingbirdSlowestMissURL: hbSlowestMiss?.url ?? ""))
    }

    // Build time at the largest size, from pattern text, interleaved; the first round warms up.
    let buildSize = Workload.measuredSize
    progress("timing table builds at \(buildSize) routes (\(plan.buildRepeats) repeats)…")
    var syBuild: [Double] = []
    var rkBuild: [Double] = []
    var hbBuild: [Double] = []
    for round in 0...plan.buildRepeats {
        let (a, table) = try timeOnce { () throws(HarnessError) in try SwitchyardLookup.build(patterns.prefix(buildSize)) }
        sink &+= table.count
        let (b, router) = timeOnce { RoutingKitLookup.build(rkPaths.prefix(buildSize), register: rkRegister) }
        withExtendedLifetime(router) {}
        let (c, responder) = timeOnce { HummingbirdLookup.build(hbPaths.prefix(buildSize), register: hbRegister, slot: Slot()) }
        withExtendedLifetime(responder) {}
        if round > 0 {
            syBuild.append(a / 1e6)
            rkBuild.append(b / 1e6)
            hbBuild.append(c / 1e6)
        }
    }
    // Router.validate(), which Hummingbird's buildResponder() runs in debug builds only (this harness is a release build).
    let hbValidation: String
    do {
        try HummingbirdLookup.router(hbPaths.prefix(buildSize), register: hbRegister, slot: Slot()).validate()
        hbValidation = "passes"
    } catch {
        hbValidation = "throws \"\(error)\""
    }

    progress("timing snapshot loads at \(buildSize) routes (\(plan.buildRepeats) repeats)…")
    let snapshotLoad = try measureSnapshotLoad(patterns.prefix(buildSize), repeats: plan.buildRepeats, sink: &sink)

    // Heap: both tables were already built and dropped above, so lazy globals are warm.
    progress("measuring heap per route…")
    let interposerActive = AllocationProbe.interposerIsActive()
    var syBytes: [Int] = []
    var rkBytes: [Int] = []
    for _ in 0..<3 {
        let before = heapBytesInUse()
        let table = try SwitchyardLookup.build(patterns.prefix(buildSize))
        let after = heapBytesInUse()
        withExtendedLifetime(table) {}
        syBytes.append(after - before)
    }
    for _ in 0..<3 {
        let before = heapBytesInUse()
        let router = RoutingKitLookup.build(rkPaths.prefix(buildSize), register: rkRegister)
        let after = heapBytesInUse()
        withExtendedLifetime(router) {}
        rkBytes.append(after - before)
    }
    var hbBytes: [Int] = []
    for _ in 0..<3 {
        let before = heapBytesInUse()
        let responder = HummingbirdLookup.build(hbPaths.prefix(buildSize), register: hbRegister, slot: Slot())
        let after = heapBytesInUse()
        withExtendedLifetime(responder) {}
        hbBytes.append(after - before)
    }
    let syHeap = Int(median(syBytes.map(Double.init)))
    let rkHeap = Int(median(rkBytes.map(Double.init)))
    let hbHeap = Int(median(hbBytes.map(Double.init)))

    progress("counting allocations per lookup in a child process (LD_PRELOAD malloc-interposer)…")
    let probe = AllocationProbe.run(quick: options.quick)

    let rkRegistered = rkRegister.prefix(buildSize).filter { $0 }.count
    let hbRegistered = hbRegister.prefix(buildSize).filter { $0 }.count
    let instructions: InstructionCounts
    if options.callgrind && !options.quick {
        progress("counting instructions per lookup under callgrind (a few minutes)…")
        instructions = InstructionCounts.run(sizes: Workload.sizes)
    } else {
        instructions = InstructionCounts(measured: false, reason: options.quick ? "skipped in --quick mode" : "skipped (--no-callgrind)",
                                         method: "-", entries: [])
    }
    var report = Report(
        machine: .init(cores: ProcessInfo.processInfo.activeProcessorCount, cpu: cpuModel(),
                       os: ProcessInfo.processInfo.operatingSystemVersionString, swift: swiftVersion(),
                       configuration: {
                           #if DEBUG
                           "debug"
                           #else
                           "release"
                           #endif
                       }(),
                       loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAverage()),
        settings: .init(mode: options.quick ? "quick" : "full", seed: "0x" + String(Workload.seed, radix: 16),
                        sizes: Workload.sizes, batches: plan.batches, lookupsPerBatch: plan.lookupsPerBatch,
                        regexBatches: plan.regexBatches, regexBatchesPerSize: Workload.sizes.map(plan.regexBatches), regexLookupsPerBatch: Workload.sizes.map(plan.regexLookups),
                        buildRepeats: plan.buildRepeats, queryFraction: Workload.queryFraction, query: Vocabulary.query),
        sizes: sizeResults,
        build: .init(routes: buildSize, repeats: plan.buildRepeats, switchyardMs: median(syBuild), routingKitMs: median(rkBuild),
                     hummingbirdMs: median(hbBuild)),
        memory: .init(routes: buildSize, method: "glibc mallinfo2() uordblks+hblkhd, before/after building, after warm-up, median of 3",
                      switchyardBytes: syHeap, switchyardBytesPerRoute: Double(syHeap) / Double(buildSize),
                      routingKitBytes: rkHeap, routingKitBytesPerRoute: Double(rkHeap) / Double(rkRegistered),
                      hummingbirdBytes: hbHeap, hummingbirdBytesPerRoute: Double(hbHeap) / Double(hbRegistered),
                      interposerActiveInTimingProcess: interposerActive),
        allocations: .init(method: "ordo-one/malloc-interposer 1.6.1 preloaded (LD_PRELOAD) into a child run of this executable; "
                           + "counts malloc/calloc/realloc/posix_memalign calls over the whole hit and miss lists after warm-up",
                           probe: probe),
        instructions: instructions)
    report.snapshot = snapshotLoad
    report.evaluateTargets()

    let mix = workload.routes.flatMap(\.path)
    func share(_ p: (RouteSpec.Segment) -> Bool) -> String { Report.percent(Double(mix.filter(p).count) / Double(max(mix.count, 1))) }
    report.notes = [
        "Route mix (10,000 routes, path segments after the host): \(share { if case .parameter = $0 { true } else { false } }) plain parameters, "
            + "\(share { switch $0 { case .digits, .integer: true; default: false } }) constrained (([0-9]+) or <int>), "
            + "\(share { if case .catchAll = $0 { true } else { false } }) catch-alls, the rest literals; host + 2–4 segments; names deduplicated by shape.",
        fixedOrder
            ? "Timing order: fixed (SY_FIXED_ORDER is set): Switchyard, floor, RoutingKit, Hummingbird on the hit list, then the same on the miss "
                + "list, in every batch; each one after the first finds the URL strings in the cache."
            : "Timing order: the eight batches (four implementations × hits, misses) of each round run in an order shuffled per round "
                + "(seeded), each right after an untimed pass that reads every byte of its URL list, so no implementation inherits "
                + "the URL strings another one loaded (SY_FIXED_ORDER=1 restores the fixed order of runs before 2026-11-24).",
        "Hits: one concrete URL per route (parameters filled with ids, tokens, slugs); misses: unknown host, unknown literal, "
            + "two extra segments, or one segment short, kept only when Switchyard has no route (\(sizeResults.map { Report.grouped($0.distinctMissURLs) }.joined(separator: " / ")) distinct).",
        "RoutingKit conversion: host becomes the first path component, scheme dropped; :name → :p<depth> (RoutingKit refuses different names at one position); "
            + "constrained → plain parameter (no constraints in RoutingKit); *rest → **. \(Report.grouped(buildSize - rkRegistered)) of \(Report.grouped(buildSize)) routes "
            + "collapse onto an already registered RoutingKit path and are not registered. Lookup: cut query and scheme, split on \"/\" into [String], "
            + "route(path:parameters:) with a fresh empty Parameters (copied, so no Logger is created per lookup).",
        "Hummingbird conversion (hummingbird-project/hummingbird 2.28.1, Router + buildResponder(), its trie router): the same path text as for RoutingKit, "
            + "in Hummingbird's syntax: host as the first path component, scheme dropped; :name → :p<depth> (two capture names at one position are two "
            + "sibling trie nodes, a clash for Router.validate()); constrained → plain capture (no constraints in Hummingbird); *rest → ** (recursive wildcard). "
            + "\(Report.grouped(buildSize - hbRegistered)) of \(Report.grouped(buildSize)) routes collapse onto an already registered path and are not "
            + "registered (a second GET on one path stops Hummingbird). One route = router.get(path) { slot.value = i; return Response(status: .ok) }. "
            + "Router.validate() on the \(Report.grouped(buildSize))-route router \(hbValidation) (it runs in buildResponder() of debug builds only).",
        "Hummingbird lookup: the narrowest public entry point is RouterResponder.respond(to:context:) (RouterTrie.resolve is public, but a RouterTrie "
            + "is only reachable through SPI, which is not used). Per lookup: cut \"scheme:/\" (the query stays), HTTPRequest(method: .get, path:) + "
            + "Request(head:body:) (URI parse), then respond: trie walk filling Parameters, GET responder from the endpoint's method dictionary, context copy "
            + "with parameters and endpoint path, the handler through CallbackResponder, Response(status: .ok); a miss throws HTTPError(.notFound) inside "
            + "respond, which turns it into a 404 Response. Request body and context are made once and copied. respond is async and never suspends "
            + "here: each pass runs in one task on the calling thread (a task executor that the thread drains), timed inside the task.",
        "Resolution of the concrete URL of every route in the table (own route or the one it collapses onto / another route that also matches, "
            + "a literal beating a parameter / a route that does not match / none), per size: RoutingKit "
            + sizeResults.map { Report.resolution($0.routingKitResolution) }.joined(separator: "; ") + "; Hummingbird "
            + sizeResults.map { Report.resolution($0.hummingbirdResolution) }.joined(separator: "; ") + ".",
        "Hummingbird answers 404 for the concrete URL of some routes (\"none\" above) although the route matches it: when the last segment "
            + "equals a literal that only a longer route has (app://address/booking/track with address/booking/** and address/booking/track/:p3 "
            + "registered), the trie walk ends on that literal's node, which has no endpoint, and does not try the node's siblings. "
            + "Its misses backtrack through every matching capture and ** at every level, which makes a few of them far slower than the rest: "
            + "the slowest single miss of each size's pool (fastest of 3 timings alone) took "
            + sizeResults.map { "\(Report.ns($0.hummingbirdSlowestMissNs)) ns (\($0.hummingbirdSlowestMissURL))" }.joined(separator: " / ")
            + "; each batch's \(Report.grouped(plan.lookupsPerBatch)) misses are drawn at random from the pool of \(Workload.missPoolSize), "
            + "so such outliers weigh in the batch means whose median is reported.",
        "RoutingKit returned a route for "
            + sizeResults.map { Report.percent($0.routingKitHitShare) }.joined(separator: " / ") + " of hits and for "
            + sizeResults.map { Report.percent($0.routingKitMissAnsweredShare) }.joined(separator: " / ")
            + " of Switchyard misses (no backtracking, no constraints); Hummingbird for "
            + sizeResults.map { Report.percent($0.hummingbirdHitShare) }.joined(separator: " / ") + " of hits and "
            + sizeResults.map { Report.percent($0.hummingbirdMissAnsweredShare) }.joined(separator: " / ")
            + " of misses (backtracking, no constraints); regex scan: "
            + sizeResults.map { Report.percent($0.regexHitShare) }.joined(separator: " / ") + " of hits, "
            + sizeResults.map { Report.percent($0.regexMissAnsweredShare) }.joined(separator: " / ") + " of misses.",
        "Regex scan: one NSRegularExpression per route (^…$, literals escaped, :name → ([^/]+), ([0-9]+) inline, <int> → (-?[0-9]{1,19}), "
            + "catch-all → (.+)), linear scan in registration order, first match wins; query cut with String operations. Fewer lookups per batch (see above).",
        "Floor: cut the query at the first \"?\" (utf8.firstIndex), then Dictionary<Substring, Int> of the concrete hit URLs; knows exact strings only.",
    ]
    if sizeResults.contains(where: { $0.unmatchedConcreteURLs > 0 }) {
        report.notes.append("Switchyard did not match some URLs generated from its own routes: "
                            + sizeResults.map { String($0.unmatchedConcreteURLs) }.joined(separator: " / ") + " (excluded from the hit lists).")
    }
    if interposerActive {
        report.notes.append("WARNING: the malloc interposer is active in the timing process; heap and timing figures include its overhead.")
    }
    report.blackhole = sink
    return report
}

/// Loops one implementation's lookups at the largest size, for a profiler.
func runProfile(_ name: String) throws(HarnessError) {
    let workload = Workload(routeCount: Workload.measuredSize)
    let size = Workload.measuredSize
    let sy = SwitchyardLookup(table: try SwitchyardLookup.build(workload.routes.map(\.switchyardPattern).prefix(size)))
    let w = SizeWorkload(size: size, workload: workload, lookups: 1_000, classify: sy.classify)
    var sink = 0
    func loop<L: URLLookup>(_ impl: L) {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(5))
        var rounds = 0
        while clock.now < end {
            _ = timeBatch(impl, w.hitLookups, &sink)
            _ = timeBatch(impl, w.missLookups, &sink)
            rounds += 1
        }
        progress("profiled \(name): \(rounds) rounds of \(w.hitLookups.count) hits + \(w.missLookups.count) misses (blackhole \(sink))")
    }
    switch name {
    case "build":
        let patterns = workload.routes.map(\.switchyardPattern).prefix(size)
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(5))
        var rounds = 0
        while clock.now < end {
            sink &+= try SwitchyardLookup.build(patterns).count
            rounds += 1
        }
        progress("profiled build: \(rounds) builds of \(size) routes (blackhole \(sink))")
    case "floor": loop(FloorLookup(hitURLs: w.hitPool))
    case "routingkit":
        let paths = workload.routes.map(\.routingKitPath)
        loop(RoutingKitLookup(router: RoutingKitLookup.build(paths.prefix(size), register: firstOccurrences(paths))))
    case "hummingbird":
        let paths = workload.routes.map(\.hummingbirdPath)
        let slot = Slot()
        let hb = HummingbirdLookup(responder: HummingbirdLookup.build(paths.prefix(size), register: firstOccurrences(paths), slot: slot), slot: slot)
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(5))
        var rounds = 0
        while clock.now < end {
            _ = timeBatch(hb, w.hitLookups, &sink)
            _ = timeBatch(hb, w.missLookups, &sink)
            rounds += 1
        }
        progress("profiled hummingbird: \(rounds) rounds of \(w.hitLookups.count) hits + \(w.missLookups.count) misses (blackhole \(sink))")
    default: loop(sy)
    }
}

do {
    let options = try Options.parse(CommandLine.arguments.dropFirst())
    if let name = options.profile {
        try runProfile(name)
    } else if let (impl, size) = options.count {
        try InstructionCounts.child(impl, size)
    } else if options.allocationProbeChild {
        try AllocationProbe.child(workload: Workload(), lookups: Plan(quick: options.quick).lookupsPerBatch)
    } else {
        let report = try runBenchmarks(options)
        if let path = options.svgPath {
            do {
                try Plot.svg(report).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw HarnessError("could not write \(path): \(error)")
            }
        }
        print(options.json ? try report.json() : report.text)
    }
} catch {
    progress("SwitchyardBenchmarks: \(error)")
    exit(1)
}
