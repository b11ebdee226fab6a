import Foundation

/// How a snapshot stores its targets.
enum SnapshotTargetEncoding: UInt8 {
    /// Indices into the string pool.
    case strings = 0
    /// 64-bit integers.
    case ints = 1
    /// One JSON array (any other `Codable` target).
    case json = 2
}
