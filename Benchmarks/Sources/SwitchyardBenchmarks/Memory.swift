import CHeapInfo
import Foundation
import MallocInterposerSwift

/// Bytes the C heap holds right now: glibc `mallinfo2()` `uordblks` (arena chunks in use)
/// plus `hblkhd` (chunks glibc serves with mmap, i.e. single blocks above the mmap threshold).
func heapBytesInUse() -> Int {
    let s = cheapinfo_take()
    return Int(s.arenaInUse) + Int(s.mmapped)
}

/// Allocation counts per lookup, measured in a child process.
struct AllocationProbeResult: Codable {
    struct Size: Codable {
        let routes: Int
        let lookups: Int
        let mallocsPerHit: Double
        let mallocsPerMiss: Double
        let freesPerHit: Double
        /// Control: the same count for RoutingKit's hits, which do allocate (path array, parameters).
        let routingKitMallocsPerHit: Double
        /// Control: the same count for Hummingbird's hits and misses (request, parameters, response; a miss throws an error).
        let hummingbirdMallocsPerHit: Double
        let hummingbirdMallocsPerMiss: Double
    }
    /// False when the interposer was not active in the child (then `reason` says why).
    let measured: Bool
    let reason: String?
    let sizes: [Size]
    /// Building the largest table under the interposer: heap blocks and requested bytes still
    /// live afterwards, per route (requested bytes exclude malloc's own chunk overhead).
    var liveBlocksPerRoute: Double?
    var liveRequestedBytesPerRoute: Double?
    /// Sum of the probe's lookup results, so the optimizer cannot drop them.
    var blackhole = 0
}

/// Counts heap allocations with ordo-one/malloc-interposer.
///
/// The interposer only sees allocations when its library is preloaded, and preloading it into
/// the timing process would slow every allocation of every competitor, so the parent re-runs its
/// own executable with `LD_PRELOAD=<build dir>/libMallocInterposerSwift.so --alloc-probe`. The
/// child builds the same tables, warms them up, then counts `malloc`/`calloc`/`realloc`/
/// `posix_memalign` calls over the whole hit list and the whole miss list.
enum AllocationProbe {
    static let flag = "--alloc-probe"

    /// True when the interposer intercepts this process's allocations.
    static func interposerIsActive() -> Bool {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        MallocInterposerSwift.unhook()
        probe.deallocate()
        return MallocInterposerSwift.getStatistics().mallocCount > 0
    }

    /// Parent side: runs the child and decodes its answer.
    static func run(quick: Bool) -> AllocationProbeResult {
        func unavailable(_ why: String) -> AllocationProbeResult {
            AllocationProbeResult(measured: false, reason: why, sizes: [])
        }
        let exe: String
        do {
            exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            return unavailable("cannot locate own executable: \(error)")
        }
        let dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        let library = dir.appendingPathComponent("libMallocInterposerSwift.so").path
        guard FileManager.default.fileExists(atPath: library) else {
            return unavailable("\(library) not found")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = [flag] + (quick ? ["--quick"] : [])
        var env = ProcessInfo.processInfo.environment
        env["LD_PRELOAD"] = library
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        do {
            try process.run()
        } catch {
            return unavailable("could not start the probe process: \(error)")
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return unavailable("probe process exited with status \(process.terminationStatus)")
        }
        do {
            return try JSONDecoder().decode(AllocationProbeResult.self, from: data)
        } catch {
            return unavailable("could not read the probe's output: \(error)")
        }
    }

    /// Child side: prints one JSON object on stdout.
    static func child(workload: Workload, lookups: Int) throws(HarnessError) {
        var result = AllocationProbeResult(measured: false, reason: "LD_PRELOAD of the interposer had no effect", sizes: [])
        if interposerIsActive() {
            var sizes: [AllocationProbeResult.Size] = []
            var sink = 0
            let patterns = workload.routes.map(\.switchyardPattern)
            let rkPaths = workload.routes.map(\.routingKitPath)
            let rkRegister = firstOccurrences(rkPaths)
            let hbPaths = workload.routes.map(\.hummingbirdPath)
            let hbRegister = firstOccurrences(hbPaths)
            // Live heap left by building the 10,000-route table, measured before the larger tables and lookup
            // lists exist (their memory could otherwise be freed inside the window); one build warms up first.
            sink &+= try SwitchyardLookup.build(patterns.prefix(Workload.measuredSize)).count
            let size = Workload.measuredSize
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            let table = try SwitchyardLookup.build(patterns.prefix(size))
            MallocInterposerSwift.unhook()
            withExtendedLifetime(table) {}
            let s = MallocInterposerSwift.getStatistics()
            let liveBlocks = Double(s.mallocCount - s.freeCount) / Double(size)
            let liveBytes = Double(s.mallocBytesCount - s.freeBytesCount) / Double(size)
            for size in Workload.sizes {
                let rk = RoutingKitLookup(router: RoutingKitLookup.build(rkPaths.prefix(size), register: rkRegister))
                let hbSlot = Slot()
                let hb = HummingbirdLookup(responder: HummingbirdLookup.build(hbPaths.prefix(size), register: hbRegister, slot: hbSlot), slot: hbSlot)
                let impl = SwitchyardLookup(table: try SwitchyardLookup.build(patterns.prefix(size)))
                let w = SizeWorkload(size: size, workload: workload, lookups: lookups, classify: impl.classify)
                // Warm up: first lookups may initialise lazy globals.
                for _ in 0..<2 {
                    _ = timeBatch(impl, w.hitLookups, &sink)
                    _ = timeBatch(impl, w.missLookups, &sink)
                    _ = timeBatch(rk, w.hitLookups, &sink)
                    _ = timeBatch(hb, w.hitLookups, &sink)
                    _ = timeBatch(hb, w.missLookups, &sink)
                }
                let hit = count(impl, w.hitLookups, &sink)
                let miss = count(impl, w.missLookups, &sink)
                let rkHit = count(rk, w.hitLookups, &sink)
                let hbHit = count(hb, w.hitLookups, &sink)
                let hbMiss = count(hb, w.missLookups, &sink)
                let n = Double(max(w.hitLookups.count, 1))
                sizes.append(.init(routes: size, lookups: w.hitLookups.count, mallocsPerHit: Double(hit.mallocCount) / n,
                                   mallocsPerMiss: Double(miss.mallocCount) / Double(max(w.missLookups.count, 1)),
                                   freesPerHit: Double(hit.freeCount) / n,
                                   routingKitMallocsPerHit: Double(rkHit.mallocCount) / n,
                                   hummingbirdMallocsPerHit: Double(hbHit) / n,
                                   hummingbirdMallocsPerMiss: Double(hbMiss) / Double(max(w.missLookups.count, 1))))
            }
            result = AllocationProbeResult(measured: true, reason: nil, sizes: sizes)
            result.liveBlocksPerRoute = liveBlocks
            result.liveRequestedBytesPerRoute = liveBytes
            result.blackhole = sink
        }
        let encoder = JSONEncoder()
        do {
            let data = try encoder.encode(result)
            FileHandle.standardOutput.write(data)
        } catch {
            throw HarnessError("could not encode the probe result: \(error)")
        }
    }

    @inline(never)
    private static func count<L: URLLookup>(_ impl: L, _ urls: [String], _ sink: inout Int) -> MallocInterposerSwift.Statistics {
        var acc = 0
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for url in urls { acc &+= impl.lookup(url) }
        MallocInterposerSwift.unhook()
        sink &+= acc
        return MallocInterposerSwift.getStatistics()
    }

    /// Hummingbird's count: the hook is set inside the pass's task, around the loop only, so the task itself is not counted.
    @inline(never)
    private static func count(_ impl: HummingbirdLookup, _ urls: [String], _ sink: inout Int) -> Int {
        let (mallocs, acc) = runHere {
            var acc = 0
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            for url in urls { acc &+= await impl.lookup(url) }
            MallocInterposerSwift.unhook()
            return (MallocInterposerSwift.getStatistics().mallocCount, acc)
        }
        sink &+= acc
        return mallocs
    }
}
