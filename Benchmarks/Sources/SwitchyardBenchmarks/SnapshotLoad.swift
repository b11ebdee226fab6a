import Switchyard

extension Report {
    /// Loading a snapshot of the 10,000-route table (issue 13's version-keyed cache), beside building
    /// the same table from pattern text.
    struct SnapshotLoad: Codable {
        let routes: Int
        let repeats: Int
        /// The snapshot's size.
        let snapshotBytes: Int
        /// `RouteTable(snapshot:version:)`, median.
        let loadMs: Double
        /// `RouteTableBuilder.add` per pattern text and `build()`, median, timed in the same loop.
        let buildMs: Double
    }

    /// The report line for `snapshot`.
    static func snapshotLine(_ s: SnapshotLoad) -> String {
        "Load a \(grouped(s.routes))-route snapshot (median of \(s.repeats), interleaved with builds): \(ms(s.loadMs)) "
            + "vs build from pattern text \(ms(s.buildMs)) (build/load \(ratio(s.buildMs / s.loadMs))); snapshot \(grouped(s.snapshotBytes)) B "
            + "(\(fixed(Double(s.snapshotBytes) / Double(s.routes), 1)) B/route)"
    }
}

/// Times loading the snapshot of the table built from `patterns` against building it from the text,
/// interleaved; round 0 warms up and is dropped. The loaded table is checked to be the built one.
func measureSnapshotLoad(_ patterns: ArraySlice<String>, repeats: Int, sink: inout Int) throws(HarnessError) -> Report.SnapshotLoad {
    let version = "benchmark"
    let table = try SwitchyardLookup.build(patterns)
    let bytes: [UInt8]
    do {
        bytes = try table.snapshot(version: version)
        guard try RouteTable<Int>(snapshot: bytes, version: version).snapshot(version: version) == bytes else {
            throw HarnessError("the loaded snapshot differs from the built table")
        }
    } catch let error as HarnessError {
        throw error
    } catch {
        throw HarnessError("snapshot: \(error)")
    }
    var loads: [Double] = []
    var builds: [Double] = []
    for round in 0...repeats {
        let (a, loaded) = try timeOnce { () throws(HarnessError) in
            do throws(SnapshotError) { return try RouteTable<Int>(snapshot: bytes, version: version) } catch { throw HarnessError("snapshot load: \(error)") }
        }
        sink &+= loaded.count
        let (b, built) = try timeOnce { () throws(HarnessError) in try SwitchyardLookup.build(patterns) }
        sink &+= built.count
        if round > 0 {
            loads.append(a / 1e6)
            builds.append(b / 1e6)
        }
    }
    return .init(routes: patterns.count, repeats: repeats, snapshotBytes: bytes.count, loadMs: median(loads), buildMs: median(builds))
}
