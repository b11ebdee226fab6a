/// Limits checked while a URL is scanned, before any value is decoded or stored.
///
/// Exceeding one is a ``URLParseError`` that names the limit.
public struct URLLimits: Sendable, Hashable {
    /// The longest URL accepted, in UTF-8 bytes. Default 8 KiB.
    public var maxLength: Int = 8192
    /// The most path segments accepted (the host not counted). Default 64.
    public var maxSegments: Int = 64
    /// The most query items accepted. Default 256.
    public var maxQueryItems: Int = 256
    /// The longest single segment, query name or query value accepted, in raw bytes. Default 2048.
    public var maxComponentLength: Int = 2048

    /// Creates the default limits.
    public init() {}

    /// Creates limits with the given values.
    public init(maxLength: Int = 8192, maxSegments: Int = 64, maxQueryItems: Int = 256,
                maxComponentLength: Int = 2048) {
        self.maxLength = maxLength
        self.maxSegments = maxSegments
        self.maxQueryItems = maxQueryItems
        self.maxComponentLength = maxComponentLength
    }
}
