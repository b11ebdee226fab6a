import Dispatch
import Foundation
import Switchyard

/// A fuzzer finding: prints the message and the input, then traps so that libFuzzer records the
/// input as a crash (`crash-<sha1>` in the working directory).
public func finding(_ message: @autoclosure () -> String, input: @autoclosure () -> String = "",
                    file: StaticString = #fileID, line: UInt = #line) -> Never {
    let text = "FINDING: \(message())" + { let i = input(); return i.isEmpty ? "" : "\n  input: \(i)" }() + "\n"
    FileHandle.standardError.write(Data(text.utf8))
    fatalError("fuzz check failed: \(message())", file: file, line: line)
}

/// Checks a property; a failure is a finding.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  input: @autoclosure () -> String = "", file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { finding(message(), input: input(), file: file, line: line) }
}

/// A Swift string literal for `s`, with every non-printable or non-ASCII scalar escaped, so that a
/// finding can be pasted into a regression test.
public func swiftLiteral(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case " "..."~": out.unicodeScalars.append(u)
        default: out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
        }
    }
    return out + "\""
}

/// Why a match's captures break the parameter contract, or nil. `url` is the parse of the same text.
///
/// - A parameter (plain, constrained or optional) holds exactly the decoded segment at its depth (for
///   the host, the lowercased host): a decoded `/` or `\` stays in its value and never splits it, and
///   the value is never `.` or `..`.
/// - A catch-all holds the decoded segments from its depth on, joined with `/`.
public func captureViolation<T>(_ match: RouteMatch<T>, _ url: RouteURL) -> String? {
    let segments = [url.host] + url.pathSegments
    let parameters = match.parameters
    // A suffix pattern's segments are the last segments of the path.
    let offset = match.pattern.isSuffix ? segments.count - match.pattern.segments.count : 0
    for (index, segment) in match.pattern.segments.enumerated() {
        let depth = index + offset
        let name: String
        let expected: String
        let isCatchAll: Bool
        switch segment {
        case .literal: continue
        case .catchAll(let n):
            (name, isCatchAll) = (n ?? "*", true)
            expected = segments.dropFirst(depth).joined(separator: "/")
        case .parameter(let n, _), .optional(let n, _):
            (name, isCatchAll) = (n, false)
            expected = depth < segments.count ? segments[depth] : ""
        }
        // An absent optional segment has no value.
        guard let value = parameters[name] else {
            if case .optional = segment, depth == segments.count { continue }
            return "parameter \(name) of \(match.pattern) has no value"
        }
        if !isCatchAll && (value == "." || value == "..") {
            return "parameter \(name) of \(match.pattern) captured the dot segment \(swiftLiteral(value))"
        }
        if value != expected {
            return "parameter \(name) of \(match.pattern) captured \(swiftLiteral(value)), not \(swiftLiteral(expected))"
        }
    }
    return nil
}

/// Runs async work for a synchronous fuzz entry point.
///
/// The fuzz target blocks its thread on a semaphore while a task does the work. The task must not
/// still hold anything the input allocated when the entry point returns: libFuzzer counts mallocs and
/// frees per input, and LeakSanitizer reports memory that a late-finishing task releases only after
/// the check (seen as false "leaks" of router objects under CPU load). So the work closure is taken out
/// and released, and the result moved into shared storage, inside `execute()`, before the task signals;
/// the runner itself is one shared object, not allocated per input.
final class BlockingRunner: @unchecked Sendable {
    static let shared = BlockingRunner()

    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var body: (@Sendable () async -> any Sendable)?
    private var result: (any Sendable)?

    private func take() -> (@Sendable () async -> any Sendable)? {
        lock.lock(); defer { lock.unlock() }
        let b = body
        body = nil
        return b
    }

    private func store(_ value: any Sendable) {
        lock.lock(); result = value; lock.unlock()
    }

    /// Runs the pending work and stores its result; every local is released when this returns.
    private func execute() async {
        guard let b = take() else { return }
        store(await b())
    }

    func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async -> T) -> T? {
        lock.lock()
        body = { await work() }
        result = nil
        lock.unlock()
        let task = Task { [self] in
            await execute()
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            task.cancel()
            return nil
        }
        lock.lock(); defer { lock.unlock() }
        let value = result as? T
        result = nil
        return value
    }
}

/// Runs `body` in a task and blocks the calling thread until it finishes or `seconds` pass.
/// Returns nil on timeout (the task is cancelled and left behind). Not reentrant: one call at a time.
public func runBlocking<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async -> T) -> T? {
    BlockingRunner.shared.run(seconds: seconds, body)
}

/// Reads fuzzer bytes as a sequence of small numbers.
public struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<n` (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next()) % max(n, 1) }

    /// Up to `max` bytes as text (decoded leniently), stopping after a 0x0A byte.
    public mutating func line(max: Int = 64) -> String {
        var out: [UInt8] = []
        while index < bytes.count && out.count < max {
            let b = bytes[index]
            index += 1
            if b == 0x0A { break }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Splits bytes on `\n` into at most `limit` lines (the last one keeps any further newlines).
public func lines(_ data: UnsafePointer<UInt8>, _ size: Int, limit: Int) -> [String] {
    let buf = UnsafeBufferPointer(start: data, count: size)
    var out: [String] = []
    var start = 0
    var i = 0
    while i < size {
        if buf[i] == 0x0A && out.count < limit - 1 {
            out.append(String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self))
            start = i + 1
        }
        i += 1
    }
    out.append(String(decoding: UnsafeBufferPointer(rebasing: buf[start..<size]), as: UTF8.self))
    return out
}
