import Foundation
import Logging
import Switchyard
import SwitchyardLogging
import Testing

/// A log handler that keeps messages in memory.
final class MemoryLog: LogHandler, @unchecked Sendable {
    // Guarded by `lock`; swift-log requires a value-semantics-looking handler, so state is shared by reference.
    final class Store: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
    }
    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    init(_ store: Store) { self.store = store }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        store.lock.withLock { store.lines.append("\(event.level) \(event.message) outcome=\(event.metadata?["outcome"] ?? "-")") }
    }
}

struct TraceLoggingTests {
    @Test func tracesAreLoggedThroughSwiftLog() async throws {
        let store = MemoryLog.Store()
        let logger = Logger(label: "test") { _ in MemoryLog(store) }
        let r = Router()
        try r.register("app://a", target: "A") { _ in RouteResult() }
        r.logTraces(to: logger)
        await r.open("app://a")
        await r.open("app://b")
        let lines = store.lock.withLock { store.lines }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("info open app://a: handled by app://a") == true)
        #expect(lines.last == "warning open app://b: not found: app://b outcome=not_found")
    }
}
