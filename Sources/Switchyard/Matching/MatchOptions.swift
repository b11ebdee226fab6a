import Foundation

/// Options that shape matching.
public struct MatchOptions: Sendable, Hashable {
    /// Limits checked before a URL is parsed.
    public var limits: URLLimits
    /// Compare literal path segments ignoring ASCII case (scheme and host always ignore case).
    public var caseInsensitivePaths: Bool

    /// Creates options; the defaults are the documented contract.
    public init(limits: URLLimits = URLLimits(), caseInsensitivePaths: Bool = false) {
        self.limits = limits
        self.caseInsensitivePaths = caseInsensitivePaths
    }
}
