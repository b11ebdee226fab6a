// The terminal app's responsiveness, measured in a release build in one run:
//
//     swift run -c release switchyard-terminal-bench [--quick] [--json] [--big-table FILE]
//     swift run -c release switchyard-terminal-bench --routes FILE [--quick]   (first frame of a route file)
//
// With `--big-table FILE` (a route file, such as `bigtable.py 100000 /tmp/t.json` writes), it also
// times the F3 route table's filter on that table, opened as `switchyard --routes FILE` opens it.
//
// Every figure runs the app's own code on the demo app, drawing into a `MemoryTerminal` that
// diffs each frame against the last one the way the ncurses backend does (`FrameDiff`), so what is
// timed is the model update, the layout and drawing of the whole frame, and the diff. Writing the
// changed cells to a real terminal (ncurses' `wrefresh`) is not included.
import Foundation
import Switchyard
import SwitchyardDemo
import SwitchyardNavigation
import SwitchyardShell
import TerminalKit

/// A frame sink that diffs each frame against the previous one, as the ncurses backend does.
final class DiffingTerminal: Terminal {
    var size: (width: Int, height: Int)
    private var previous: Canvas?
    /// Cells changed by the last frame (printed, so the diff is not optimised away).
    private(set) var changedCells = 0

    init(width: Int, height: Int) {
        size = (width, height)
    }

    func present(_ canvas: Canvas) {
        let diff = FrameDiff(from: previous, to: canvas)
        changedCells &+= diff.changedCells
        previous = canvas
    }

    func readKey(timeoutMilliseconds: Int) -> Key? { nil }

    func shutdown() {}

    func suspend() -> Bool { false }

    func resize(width: Int, height: Int) {
        size = (width, height)
    }
}

/// One figure: its name, the target (milliseconds), and the samples (milliseconds).
struct Figure {
    let name: String
    let what: String
    let targetMilliseconds: Double
    var samples: [Double]

    var median: Double { Self.percentile(samples, 0.5) }
    var p95: Double { Self.percentile(samples, 0.95) }
    var meetsTarget: Bool { median <= targetMilliseconds }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
let rounds = quick ? 15 : 101

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

@MainActor
func measure(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return milliseconds(start.duration(to: clock.now))
}

/// A loop on the demo app at `width` × `height` with the route log and the route table shown and
/// a few opens in the log, as someone inspecting routes would have it.
@MainActor
func inspectingLoop(width: Int, height: Int) async throws -> (AppLoop, DiffingTerminal) {
    let terminal = DiffingTerminal(width: width, height: height)
    let loop = AppLoop(runtime: try DemoApp.makeRuntime(), terminal: terminal, animations: false)
    for key in [Key.function(2), .function(3), .escape] {
        await loop.handle(key)
    }
    for url in ["app://order/42", "app://discover/item/7", "app://search/shoes?sort=price", "app://nope", "app://user/alice"] {
        await loop.perform(.open(url))
    }
    loop.present()
    return (loop, terminal)
}

@MainActor
func run() async throws -> (figures: [Figure], changedCells: Int) {
    var figures: [Figure] = []

    // First frame: the demo app's runtime built (route table, services), the model laid out and the
    // first frame drawn and diffed against nothing.
    var first = Figure(name: "first_frame", what: "start to first frame (runtime, model, 120×40 frame)", targetMilliseconds: 100, samples: [])
    for _ in 0..<rounds {
        first.samples.append(try await measure {
            let terminal = DiffingTerminal(width: 120, height: 40)
            let loop = AppLoop(runtime: try DemoApp.makeRuntime(), terminal: terminal, animations: false)
            loop.present()
        })
    }
    figures.append(first)

    // Frame: render the whole 120×40 frame with both panels, and diff it.
    let (loop, terminal) = try await inspectingLoop(width: 120, height: 40)
    var frame = Figure(name: "frame_120x40", what: "render + diff of a 120×40 frame, log and route table shown", targetMilliseconds: 2, samples: [])
    for _ in 0..<rounds {
        frame.samples.append(await measure { loop.present() })
    }
    figures.append(frame)

    // Keystroke to frame: a key that moves the link selection, and one typed at the prompt.
    var keystroke = Figure(name: "keystroke", what: "key to frame (j/k on the phone, a character at the prompt)", targetMilliseconds: 16, samples: [])
    for round in 0..<rounds {
        let key: Key = round % 2 == 0 ? .char("j") : .char("k")
        keystroke.samples.append(await measure {
            await loop.handle(key)
            loop.present()
        })
    }
    await loop.handle(.char(":"))
    for round in 0..<rounds {
        keystroke.samples.append(await measure {
            await loop.handle(.char(round % 2 == 0 ? "a" : "b"))
            loop.present()
        })
    }
    await loop.handle(.escape)
    figures.append(keystroke)

    // Resize to repaint: the model relaid out at the new size and the frame drawn in full.
    var resize = Figure(name: "resize", what: "resize to repaint (120×40 ⇄ 100×30)", targetMilliseconds: 50, samples: [])
    for round in 0..<rounds {
        let size = round % 2 == 0 ? (100, 30) : (120, 40)
        terminal.resize(width: size.0, height: size.1)
        resize.samples.append(await measure {
            await loop.handle(.resize)
            loop.present()
        })
    }
    figures.append(resize)

    // A 10 kB paste: into the prompt, drawn.
    var paste = Figure(name: "paste_10kB", what: "a 10 kB paste to the frame showing it", targetMilliseconds: 100, samples: [])
    let text = "app://search/" + String(repeating: "shoes-and-boots/", count: 640)
    for _ in 0..<rounds {
        paste.samples.append(await measure {
            await loop.handle(.paste(text))
            loop.present()
        })
        await loop.handle(.escape)
        loop.present()
    }
    figures.append(paste)

    // The F3 filter at 100,000 routes: a key typed in the route table's filter, to the frame that
    // shows the rows it lets through (a character that narrows, and a backspace that widens again).
    if let path = bigTable {
        let (big, bigTerminal) = try await bigTableLoop(path: path)
        let typed = "order 1"
        // The filter alone: the key handled by the model (the rows filtered), no frame drawn.
        var model = Figure(name: "f3_filter_key", what: "F3 filter key handled, no frame, at \(big.model.routes.count) routes (type, backspace)",
                           targetMilliseconds: 16, samples: [])
        for _ in 0..<rounds {
            for character in typed {
                model.samples.append(await measure { await big.handle(.char(character)) })
            }
            for _ in typed {
                model.samples.append(await measure { await big.handle(.backspace) })
            }
        }
        figures.append(model)
        var filter = Figure(name: "f3_filter", what: "F3 filter key to frame at \(big.model.routes.count) routes (type, backspace)",
                            targetMilliseconds: 16, samples: [])
        // Three rounds: a frame of this app is slow (see BENCHMARKS.md), and three give 42 samples.
        for round in 0..<min(rounds, 3) {
            // Type the word a key at a time, then erase it: every key is one sample.
            for character in typed {
                filter.samples.append(await measure {
                    await big.handle(.char(character))
                    big.present()
                })
            }
            for _ in typed {
                filter.samples.append(await measure {
                    await big.handle(.backspace)
                    big.present()
                })
            }
            if round == 0 { filterRowsSeen = big.model.routePanel.filtered.count }
        }
        figures.append(filter)
        return (figures, terminal.changedCells &+ bigTerminal.changedCells)
    }
    return (figures, terminal.changedCells)
}

/// The route file named after `--big-table` (made by `bigtable.py 100000 /tmp/t.json`), if any.
let bigTable: String? = {
    guard let index = arguments.firstIndex(of: "--big-table"), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}()
/// How many rows the filter let through after its first key (printed, so the work is not optimised away).
nonisolated(unsafe) var filterRowsSeen = 0

/// A loop on the route file at `path`, opened as `switchyard --routes` opens it, at 120×40 with the
/// route table shown and its filter focused.
@MainActor
func bigTableLoop(path: String) async throws -> (AppLoop, DiffingTerminal) {
    let file = try RouteSchema.load(RouteFile.self, path: path)
    let app = AppDescription.generated(from: file, name: URL(fileURLWithPath: path).lastPathComponent)
    let terminal = DiffingTerminal(width: 120, height: 40)
    let loop = AppLoop(runtime: try DemoApp.makeRuntime(app: app), terminal: terminal, animations: false)
    await loop.handle(.function(3))
    loop.present()
    return (loop, terminal)
}

/// The time from start to the first frame of `switchyard --routes FILE`, step by step, with the code the
/// app runs: the file read through the strict reader, the generated app description, the runtime
/// (the demo app's services mounted, as `DemoApp.makeRuntime` does), the model and the first 120×40 frame
/// drawn and diffed against nothing. Process start and ncurses' own set-up are not included.
@MainActor
func firstFrame(routes path: String, rounds: Int) async throws {
    var steps: [String: [Double]] = [:]
    let names = ["read", "generate", "runtime", "model + frame", "total"]
    for _ in 0..<rounds {
        let clock = ContinuousClock()
        let t0 = clock.now
        let file = try RouteSchema.load(RouteFile.self, path: path)
        let t1 = clock.now
        let description = AppDescription.generated(from: file, name: URL(fileURLWithPath: path).lastPathComponent)
        let t2 = clock.now
        let runtime = try DemoApp.makeRuntime(app: description)
        let t3 = clock.now
        let terminal = DiffingTerminal(width: 120, height: 40)
        let loop = AppLoop(runtime: runtime, terminal: terminal, animations: false)
        loop.present()
        let t4 = clock.now
        for (name, d) in zip(names, [t0.duration(to: t1), t1.duration(to: t2), t2.duration(to: t3), t3.duration(to: t4), t0.duration(to: t4)]) {
            steps[name, default: []].append(milliseconds(d))
        }
    }
    print("First frame of --routes \(path) (\(rounds) rounds; median, min–max)")
    for name in names {
        let samples = steps[name] ?? []
        print("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0))"
            + String(format: "%9.1f ms  (%.1f–%.1f)", Figure.percentile(samples, 0.5), samples.min() ?? .nan, samples.max() ?? .nan))
    }
}

if let flag = arguments.firstIndex(of: "--routes"), arguments.index(after: flag) < arguments.endIndex {
    try await firstFrame(routes: arguments[arguments.index(after: flag)], rounds: quick ? 3 : 7)
    exit(0)
}

let (figures, blackhole) = try await run()
if json {
    let items = figures.map { f in
        "\"\(f.name)\": {\"median_ms\": \(String(format: "%.3f", f.median)), \"p95_ms\": \(String(format: "%.3f", f.p95)), \"target_ms\": \(f.targetMilliseconds), \"meets_target\": \(f.meetsTarget), \"samples\": \(f.samples.count)}"
    }
    print("{\"terminal\": {" + items.joined(separator: ", ") + "}, \"changed_cells\": \(blackhole), \"filter_rows\": \(filterRowsSeen)}")
} else {
    print("Terminal responsiveness (\(quick ? "quick" : "full") run, \(rounds) samples each; medians, p95; targets on the median)")
    for f in figures {
        let verdict = f.meetsTarget ? "meets" : "misses by \(String(format: "%.1f", f.median / f.targetMilliseconds))×"
        let name = f.name.padding(toLength: 13, withPad: " ", startingAt: 0)
        let figures = String(format: "%8.3f ms  p95 %8.3f ms  target ≤ %3.0f ms", f.median, f.p95, f.targetMilliseconds)
        print("  \(name)\(figures)  \(verdict.padding(toLength: 15, withPad: " ", startingAt: 0)) \(f.what)")
    }
    print("  (changed cells, summed: \(blackhole)\(bigTable == nil ? "" : "; rows after the filter's first key: \(filterRowsSeen)"))")
}
