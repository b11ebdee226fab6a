import Foundation

/// Everything one run measured. Printed as a text report, or as one JSON object with `--json`.
struct Report: Codable {
    struct Machine: Codable {
        let cores: Int
        let cpu: String
        let os: String
        let swift: String
        let configuration: String
        /// /proc/loadavg (1, 5, 15 minutes) when the run started and when it ended.
        let loadAverageAtStart: String
        let loadAverageAtEnd: String
    }

    struct Settings: Codable {
        let mode: String
        let seed: String
        let sizes: [Int]
        let batches: Int
        let lookupsPerBatch: Int
        let regexBatches: Int
        let regexBatchesPerSize: [Int]
        let regexLookupsPerBatch: [Int]
        let buildRepeats: Int
        let queryFraction: Double
        let query: String
    }

    /// Median nanoseconds per lookup.
    struct Figures: Codable {
        let switchyard: Double
        let floor: Double
        let routingKit: Double
        let hummingbird: Double
        let regexScan: Double
    }

    /// The ratios the targets speak about.
    struct Ratios: Codable {
        let switchyardOverFloor: Double
        let routingKitOverSwitchyard: Double
        let hummingbirdOverSwitchyard: Double
        let regexScanOverSwitchyard: Double

        init(_ f: Figures) {
            switchyardOverFloor = f.switchyard / f.floor
            routingKitOverSwitchyard = f.routingKit / f.switchyard
            hummingbirdOverSwitchyard = f.hummingbird / f.switchyard
            regexScanOverSwitchyard = f.regexScan / f.switchyard
        }
    }

    struct SizeResult: Codable {
        let routes: Int
        let hitNs: Figures
        let missNs: Figures
        let hitRatios: Ratios
        let missRatios: Ratios
        let distinctHitURLs: Int
        let distinctMissURLs: Int
        /// Concrete URLs generated from a route that Switchyard did not match (expected 0).
        let unmatchedConcreteURLs: Int
        /// Routes registered in RoutingKit (constrained/plain pairs collapse to one RoutingKit path).
        let routingKitRoutes: Int
        /// Routes registered in Hummingbird's router (the same collapse).
        let hummingbirdRoutes: Int
        /// Share of the hit lookups for which each competitor returned some route.
        let routingKitHitShare: Double
        let hummingbirdHitShare: Double
        let regexHitShare: Double
        /// Share of the miss lookups for which each competitor nevertheless returned a route.
        let routingKitMissAnsweredShare: Double
        let hummingbirdMissAnsweredShare: Double
        let regexMissAnsweredShare: Double
        /// Which route each peer answered for the concrete URL of every route in the table.
        let routingKitResolution: Resolution
        let hummingbirdResolution: Resolution
        /// The slowest single Hummingbird lookup of the miss pool (one URL timed alone) and its URL.
        let hummingbirdSlowestMissNs: Double
        let hummingbirdSlowestMissURL: String
    }

    struct Build: Codable {
        let routes: Int
        let repeats: Int
        let switchyardMs: Double
        let routingKitMs: Double
        let hummingbirdMs: Double
    }

    struct Memory: Codable {
        let routes: Int
        let method: String
        let switchyardBytes: Int
        let switchyardBytesPerRoute: Double
        let routingKitBytes: Int
        let routingKitBytesPerRoute: Double
        let hummingbirdBytes: Int
        let hummingbirdBytesPerRoute: Double
        /// True when the malloc interposer was found active in the timing process (it would inflate these numbers).
        let interposerActiveInTimingProcess: Bool
    }

    struct Allocations: Codable {
        let method: String
        let probe: AllocationProbeResult
    }

    struct Target: Codable {
        let id: String
        let goal: String
        let measured: String
        /// nil when it could not be measured.
        let met: Bool?
        /// How far from the limit: "margin 1.4×" when met, "1.6× short" when not.
        let distance: String
    }

    let machine: Machine
    let settings: Settings
    let sizes: [SizeResult]
    let build: Build
    let memory: Memory
    let allocations: Allocations
    /// Instructions per lookup under callgrind (full runs only).
    let instructions: InstructionCounts
    /// Snapshot load against build at 10,000 routes (issue 13).
    var snapshot: SnapshotLoad?
    var targets: [Target] = []
    var notes: [String] = []
    var blackhole = 0
}

// MARK: Targets

extension Report {
    /// Distance from a "measured ≤ limit" goal.
    private static func distanceAtMost(_ measured: Double, _ limit: Double) -> String {
        measured <= limit ? "margin \(ratio(limit / measured))" : "\(ratio(measured / limit)) short"
    }

    /// Distance from a "measured ≥ limit" goal.
    private static func distanceAtLeast(_ measured: Double, _ limit: Double) -> String {
        measured >= limit ? "margin \(ratio(measured / limit))" : "\(ratio(limit / measured)) short"
    }

    mutating func evaluateTargets() {
        var out: [Target] = []
        func size(_ n: Int) -> SizeResult? { sizes.first { $0.routes == n } }

        // Hit and miss against the floor at 100, 1,000 and 10,000 routes: a goal and a must.
        let floorSizes = sizes.filter { $0.routes <= Workload.measuredSize }
        for (id, kind, goalLimit, pick) in [
            ("hit-vs-floor", "hit", 1.2, { (s: SizeResult) in s.hitNs }),
            ("miss-vs-floor", "miss", 1.5, { (s: SizeResult) in s.missNs }),
        ] {
            let ratios = floorSizes.map { (routes: $0.routes, r: pick($0).switchyard / pick($0).floor) }
            let detail = ratios.map { "\(Self.grouped($0.routes)): \(Self.ratio($0.r))" }.joined(separator: ", ")
            if let worst = ratios.max(by: { $0.r < $1.r }) {
                out.append(Target(id: id, goal: "\(kind) ≤\(Self.fixed(goalLimit, 1))× floor at 100, 1,000, 10,000",
                                  measured: "worst \(Self.ratio(worst.r)) (\(detail))",
                                  met: worst.r <= goalLimit, distance: Self.distanceAtMost(worst.r, goalLimit)))
                out.append(Target(id: id + "-must", goal: "\(kind) ≤2× floor at 100, 1,000, 10,000 (must)",
                                  measured: "worst \(Self.ratio(worst.r))",
                                  met: worst.r <= 2, distance: Self.distanceAtMost(worst.r, 2)))
            }
        }
        // Lookup time grows with segments, not routes: 100,000 within 1.5× of 10,000.
        if let a = size(Workload.measuredSize), let b = sizes.first(where: { $0.routes > Workload.measuredSize }) {
            let h = b.hitNs.switchyard / a.hitNs.switchyard
            let m = b.missNs.switchyard / a.missNs.switchyard
            let worst = max(h, m)
            out.append(Target(id: "scale", goal: "\(Self.grouped(b.routes)) routes within 1.5× of 10,000",
                              measured: "hits \(Self.ratio(h)), misses \(Self.ratio(m)) of the 10,000-route time",
                              met: worst <= 1.5, distance: Self.distanceAtMost(worst, 1.5)))
        }
        if let s = size(10_000) {
            let r = s.hitNs.routingKit / s.hitNs.switchyard
            let m = s.missNs.routingKit / s.missNs.switchyard
            out.append(Target(id: "vs-routingkit", goal: "≥10× faster than RoutingKit at 10,000 (hits)",
                              measured: "\(Self.ratio(r)) on hits (misses: \(Self.ratio(m)))",
                              met: r >= 10, distance: Self.distanceAtLeast(r, 10)))
        }
        // Both peers, every size, hits and misses.
        let peerRatios = sizes.flatMap { s in
            [("RoutingKit", s.routes, "hit", s.hitRatios.routingKitOverSwitchyard), ("RoutingKit", s.routes, "miss", s.missRatios.routingKitOverSwitchyard),
             ("Hummingbird", s.routes, "hit", s.hitRatios.hummingbirdOverSwitchyard), ("Hummingbird", s.routes, "miss", s.missRatios.hummingbirdOverSwitchyard)]
        }
        if let worst = peerRatios.min(by: { $0.3 < $1.3 }) {
            func range(_ peer: String) -> String {
                let r = peerRatios.filter { $0.0 == peer }.map(\.3)
                return "\(Self.ratio(r.min() ?? .nan))–\(Self.ratio(r.max() ?? .nan))"
            }
            out.append(Target(id: "vs-peers", goal: "faster than RoutingKit and Hummingbird at every size",
                              measured: "peer/Switchyard: RoutingKit \(range("RoutingKit")), Hummingbird \(range("Hummingbird")); "
                                  + "closest: \(worst.0) \(worst.2)s at \(Self.grouped(worst.1)) (\(Self.ratio(worst.3)))",
                              met: worst.3 > 1, distance: Self.distanceAtLeast(worst.3, 1)))
        }
        if let s = size(1_000) {
            let r = s.hitNs.regexScan / s.hitNs.switchyard
            let m = s.missNs.regexScan / s.missNs.switchyard
            out.append(Target(id: "vs-regex", goal: "≥100× faster than regex scan at 1,000 (hits)",
                              measured: "\(Self.ratio(r)) on hits (misses: \(Self.ratio(m)))",
                              met: r >= 100, distance: Self.distanceAtLeast(r, 100)))
        }
        let b = build.routingKitMs / build.switchyardMs
        out.append(Target(id: "build", goal: "build 10,000 faster than RoutingKit",
                          measured: "Switchyard \(Self.ms(build.switchyardMs)), RoutingKit \(Self.ms(build.routingKitMs)) (RoutingKit/Switchyard \(Self.ratio(b)))",
                          met: build.switchyardMs < build.routingKitMs, distance: Self.distanceAtLeast(b, 1)))
        let bpr = memory.switchyardBytesPerRoute
        out.append(Target(id: "heap", goal: "≤300 bytes heap per route (10,000 routes)",
                          measured: "\(Self.grouped(Int(bpr.rounded()))) B/route",
                          met: bpr <= 300, distance: Self.distanceAtMost(bpr, 300)))
        let probe = allocations.probe
        if probe.measured, !probe.sizes.isEmpty {
            let worst = probe.sizes.map { max($0.mallocsPerHit, $0.mallocsPerMiss) }.max() ?? 0
            let detail = probe.sizes.map { "\(Self.grouped($0.routes)): \(Self.count($0.mallocsPerHit))/\(Self.count($0.mallocsPerMiss))" }.joined(separator: ", ")
            out.append(Target(id: "allocations", goal: "0 allocations per hit and per miss",
                              measured: "\(Self.count(worst)) at worst (hit/miss \(detail))",
                              met: worst == 0, distance: worst == 0 ? "exact" : "\(Self.count(worst)) too many"))
        } else {
            out.append(Target(id: "allocations", goal: "0 allocations per hit and per miss", measured: "not measured: \(probe.reason ?? "?")",
                              met: nil, distance: "-"))
        }
        targets = out
    }
}

// MARK: Text

extension Report {
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    static func fixed(_ x: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", x)
    }

    /// Nanoseconds: one decimal below 1,000, grouped integer above.
    static func ns(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        return x < 1_000 ? fixed(x, 1) : grouped(Int(x.rounded()))
    }

    static func ratio(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        if x < 10 { return fixed(x, 2) + "×" }
        if x < 100 { return fixed(x, 1) + "×" }
        return grouped(Int(x.rounded())) + "×"
    }

    static func mark(_ met: Bool) -> String { met ? "✓" : "✗" }
    static func verdict(_ met: Bool) -> String { met ? "met" : "not met" }
    static func ms(_ x: Double) -> String { fixed(x, 2) + " ms" }
    static func percent(_ x: Double) -> String { fixed(x * 100, 1) + "%" }
    static func count(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : fixed(x, 2) }
    /// "own 9,450, other 0, wrong 0, none 0".
    static func resolution(_ r: Resolution) -> String {
        "\(grouped(r.own)) own, \(grouped(r.otherMatching)) other matching, \(grouped(r.wrong)) wrong, \(grouped(r.unresolved)) none"
    }

    fileprivate static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let n = s.count
        guard n < width else { return s }
        let fill = String(repeating: " ", count: width - n)
        return left ? s + fill : fill + s
    }

    var text: String {
        func pad(_ s: String, _ width: Int, left: Bool = false) -> String { Self.pad(s, width, left: left) }
        var lines: [String] = []
        let s = settings
        lines.append("Switchyard benchmark (\(machine.configuration) build, \(s.mode) mode)")
        lines.append("Machine: \(machine.cores) cores, \(machine.cpu), \(machine.os), Swift \(machine.swift); "
                     + "load average \(machine.loadAverageAtStart) at start, \(machine.loadAverageAtEnd) at end")
        lines.append("Workload: \(Self.grouped(s.sizes.max() ?? 0)) generated routes over \(Vocabulary.hosts.count) hosts (seed \(s.seed)); smaller tables are the first routes.")
        lines.append("  Every lookup is timed from the raw URL String; \(Self.percent(s.queryFraction)) of lookup URLs carry \"\(s.query)\".")
        lines.append("  Median of \(s.batches) batches × \(Self.grouped(s.lookupsPerBatch)) lookups (regex scan: \(s.regexBatches) batches × "
                     + s.regexLookupsPerBatch.map { Self.grouped($0) }.joined(separator: " / ") + " lookups).")
        lines.append("")
        lines.append("Median ns per lookup")
        let header = [pad("routes", 7), pad("kind", 5, left: true), pad("Switchyard", 11), pad("floor", 9), pad("SY/floor  ", 11),
                      pad("RoutingKit", 11), pad("RK/SY  ", 10), pad("Hummingbird", 12), pad("HB/SY", 8), pad("regex scan", 12), pad("regex/SY  ", 11)]
        lines.append(header.joined(separator: "  "))
        for r in sizes {
            for (kind, f) in [("hit", r.hitNs), ("miss", r.missNs)] {
                let floorRatio = f.switchyard / f.floor
                let rkRatio = f.routingKit / f.switchyard
                let hbRatio = f.hummingbird / f.switchyard
                let regexRatio = f.regexScan / f.switchyard
                let rkMark = kind == "hit" && r.routes == 10_000 ? Self.mark(rkRatio >= 10) : " "
                let regexMark = kind == "hit" && r.routes == 1_000 ? Self.mark(regexRatio >= 100) : " "
                lines.append([pad(Self.grouped(r.routes), 7), pad(kind, 5, left: true), pad(Self.ns(f.switchyard), 11),
                              pad(Self.ns(f.floor), 9), pad(Self.ratio(floorRatio) + " " + Self.mark(floorRatio <= 2), 11),
                              pad(Self.ns(f.routingKit), 11), pad(Self.ratio(rkRatio) + " " + rkMark, 10),
                              pad(Self.ns(f.hummingbird), 12), pad(Self.ratio(hbRatio), 8),
                              pad(Self.ns(f.regexScan), 12), pad(Self.ratio(regexRatio) + " " + regexMark, 11)].joined(separator: "  "))
            }
        }
        lines.append("  ✓ / ✗ = target met / not met: Switchyard within 2× floor (hits and misses, every size); "
                     + "RoutingKit/Switchyard ≥ 10× (hits, 10,000); regex/Switchyard ≥ 100× (hits, 1,000).")
        lines.append("")
        for r in sizes {
            for (kind, f) in [("hit", r.hitNs), ("miss", r.missNs)] {
                let floorRatio = f.switchyard / f.floor
                let rkRatio = f.routingKit / f.switchyard
                let regexRatio = f.regexScan / f.switchyard
                var rkTarget = ""
                if kind == "hit" && r.routes == 10_000 { rkTarget = ", target ≥10×: \(Self.verdict(rkRatio >= 10))" }
                var regexTarget = ""
                if kind == "hit" && r.routes == 1_000 { regexTarget = ", target ≥100×: \(Self.verdict(regexRatio >= 100))" }
                lines.append("Switchyard \(kind) \(Self.grouped(r.routes)): \(Self.ns(f.switchyard)) ns; floor \(Self.ns(f.floor)) ns "
                             + "(Switchyard/floor \(Self.ratio(floorRatio)), target ≤2×: \(Self.verdict(floorRatio <= 2))); "
                             + "RoutingKit \(Self.ns(f.routingKit)) ns (RoutingKit/Switchyard \(Self.ratio(rkRatio))\(rkTarget)); "
                             + "Hummingbird \(Self.ns(f.hummingbird)) ns (Hummingbird/Switchyard \(Self.ratio(f.hummingbird / f.switchyard))); "
                             + "regex \(Self.ns(f.regexScan)) ns (\(Self.ratio(regexRatio))\(regexTarget))")
            }
        }
        lines.append("")
        lines.append("Build \(Self.grouped(build.routes)) routes from pattern text (median of \(build.repeats)): Switchyard \(Self.ms(build.switchyardMs)), "
                     + "RoutingKit \(Self.ms(build.routingKitMs)) (RoutingKit/Switchyard \(Self.ratio(build.routingKitMs / build.switchyardMs))), "
                     + "Hummingbird \(Self.ms(build.hummingbirdMs)) (Hummingbird/Switchyard \(Self.ratio(build.hummingbirdMs / build.switchyardMs))); "
                     + "target: Switchyard faster: \(Self.verdict(build.switchyardMs < build.routingKitMs)))")
        if let snapshot { lines.append(Self.snapshotLine(snapshot)) }
        lines.append("Heap at \(Self.grouped(memory.routes)) routes (\(memory.method)): Switchyard \(Self.fixed(memory.switchyardBytesPerRoute, 1)) B/route "
                     + "(\(Self.grouped(memory.switchyardBytes)) B); RoutingKit \(Self.fixed(memory.routingKitBytesPerRoute, 1)) B/route "
                     + "(\(Self.grouped(memory.routingKitBytes)) B); Hummingbird \(Self.fixed(memory.hummingbirdBytesPerRoute, 1)) B/route "
                     + "(\(Self.grouped(memory.hummingbirdBytes)) B); target ≤300 B/route: \(Self.verdict(memory.switchyardBytesPerRoute <= 300))")
        if let blocks = allocations.probe.liveBlocksPerRoute, let bytes = allocations.probe.liveRequestedBytesPerRoute {
            lines.append("  Switchyard build, counted by the interposer: \(Self.fixed(blocks, 2)) live heap blocks and "
                         + "\(Self.fixed(bytes, 1)) requested bytes per route (malloc's chunk overhead comes on top)")
        }
        if allocations.probe.measured {
            let sizes = allocations.probe.sizes
            lines.append("Switchyard heap allocations per lookup (\(allocations.method)): hit "
                         + sizes.map { Self.count($0.mallocsPerHit) }.joined(separator: " / ") + ", miss "
                         + sizes.map { Self.count($0.mallocsPerMiss) }.joined(separator: " / ") + " at "
                         + sizes.map { Self.grouped($0.routes) }.joined(separator: " / ") + " routes; target 0 per hit: "
                         + Self.verdict(sizes.allSatisfy { $0.mallocsPerHit == 0 }))
            lines.append("  Control, same method: RoutingKit allocates "
                         + sizes.map { Self.count($0.routingKitMallocsPerHit) }.joined(separator: " / ") + " times per hit; Hummingbird "
                         + sizes.map { Self.count($0.hummingbirdMallocsPerHit) }.joined(separator: " / ") + " per hit and "
                         + sizes.map { Self.count($0.hummingbirdMallocsPerMiss) }.joined(separator: " / ") + " per miss")
        } else {
            lines.append("Switchyard heap allocations per lookup: not measured (\(allocations.probe.reason ?? "?"))")
        }
        if instructions.measured {
            lines.append("")
            lines.append("Instructions per lookup (callgrind Ir; \(instructions.method))")
            lines.append([pad("routes", 7), pad("kind", 5, left: true), pad("Switchyard", 11), pad("floor", 9), pad("SY/floor", 9),
                          pad("RoutingKit", 11), pad("RK/SY", 8), pad("Hummingbird", 12), pad("HB/SY", 8),
                          pad("regex scan", 12), pad("regex/SY", 10)].joined(separator: "  "))
            for r in sizes {
                func ir(_ impl: String) -> InstructionCounts.Entry? {
                    instructions.entries.first { $0.implementation == impl && $0.routes == r.routes }
                }
                for kind in ["hit", "miss"] {
                    func v(_ impl: String) -> Double {
                        guard let e = ir(impl) else { return .nan }
                        return kind == "hit" ? e.instructionsPerHit : e.instructionsPerMiss
                    }
                    let sy = v("switchyard")
                    lines.append([pad(Self.grouped(r.routes), 7), pad(kind, 5, left: true), pad(Self.ns(sy), 11), pad(Self.ns(v("floor")), 9),
                                  pad(Self.ratio(sy / v("floor")), 9), pad(Self.ns(v("routingkit")), 11), pad(Self.ratio(v("routingkit") / sy), 8),
                                  pad(Self.ns(v("hummingbird")), 12), pad(Self.ratio(v("hummingbird") / sy), 8),
                                  pad(Self.ns(v("regex")), 12), pad(Self.ratio(v("regex") / sy), 10)].joined(separator: "  "))
                }
            }
        } else {
            lines.append("Instructions per lookup: not measured (\(instructions.reason ?? "?"))")
        }
        lines.append("")
        lines.append("Targets")
        for t in targets {
            let verdict = t.met.map { $0 ? "met" : "NOT MET" } ?? "unknown"
            lines.append("  " + pad(verdict, 8, left: true) + " " + pad(t.goal, 46, left: true) + " " + t.measured + " [" + t.distance + "]")
        }
        lines.append("")
        lines.append("Notes")
        for n in notes { lines.append("  - " + n) }
        lines.append("")
        lines.append("blackhole: \(blackhole)")
        return lines.joined(separator: "\n")
    }

    func json() throws(HarnessError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            let data = try encoder.encode(self)
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw HarnessError("could not encode the report: \(error)")
        }
    }
}
