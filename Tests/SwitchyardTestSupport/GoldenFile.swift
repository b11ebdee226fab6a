import Foundation

/// The rule every golden test follows for `SWITCHYARD_UPDATE_GOLDEN=1`: a run that rewrites golden
/// files never passes (the rewrite is reported, to be reviewed and run again without the variable),
/// and under CI (`CI` set) the variable is refused and nothing is rewritten, so a golden test can only
/// pass by matching its file.
public enum GoldenFile {
    /// Whether `environment` asks for the golden files to be rewritten.
    public static func updateRequested(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["SWITCHYARD_UPDATE_GOLDEN"] == "1"
    }

    /// Whether `environment` is a CI run (`CI` set to anything but empty, `0` or `false`).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false"].contains(value)
    }

    /// Rewrites `file` with `actual` when an update is requested outside CI. Returns the failure the
    /// test must record when an update was requested (rewritten, or refused under CI), nil otherwise;
    /// the test then compares `actual` with the file as usual.
    public static func update(_ actual: String, at file: URL,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        guard updateRequested(environment) else { return nil }
        if isCI(environment) {
            return "SWITCHYARD_UPDATE_GOLDEN=1 is refused under CI: \(file.lastPathComponent) was not rewritten"
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
        return "rewrote \(file.lastPathComponent): review the diff, then run the tests again without SWITCHYARD_UPDATE_GOLDEN"
    }
}
