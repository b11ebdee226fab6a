/// What converting one source pattern gave: Switchyard patterns (several when optional parts expand),
/// and notes on what was lost.
struct ConvertedPattern {
    var patterns: [String] = []
    var notes: [String] = []
    /// Why nothing could be converted; nil when `patterns` holds the result.
    var refusal: String?

    static func refused(_ why: String) -> ConvertedPattern { ConvertedPattern(refusal: why) }
}
