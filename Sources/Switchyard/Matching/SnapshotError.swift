import Foundation

/// Why a route-table snapshot could not be loaded (or, for ``targetEncoding(_:)``, made).
///
/// Loading never traps: every count, offset and index in a snapshot is checked, and anything wrong is
/// one of these cases, with the byte offset where it was found.
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The snapshot was saved for another app version: the cache entry is stale and must be rebuilt.
    case versionMismatch(expected: String, found: String)
    /// Not a snapshot this build can read: another magic, format number, struct layout or target type.
    case formatMismatch(String)
    /// The bytes are damaged or inconsistent: what was wrong, and the byte offset where it was found.
    case corrupt(String, offset: Int)
    /// The snapshot ends early, at `offset`.
    case truncated(offset: Int)
    /// A target could not be encoded (only when making a snapshot of targets that are neither
    /// `String` nor `Int`, which are written as JSON).
    case targetEncoding(String)

    /// A sentence naming the problem and, for damaged bytes, where it is.
    public var description: String {
        switch self {
        case .versionMismatch(let expected, let found): "snapshot is for app version '\(found)', expected '\(expected)'"
        case .formatMismatch(let why): "not a snapshot this build can read: \(why)"
        case .corrupt(let why, let offset): "corrupt snapshot at byte \(offset): \(why)"
        case .truncated(let offset): "snapshot truncated at byte \(offset)"
        case .targetEncoding(let why): "a target could not be encoded: \(why)"
        }
    }
}
