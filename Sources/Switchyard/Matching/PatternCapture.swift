/// A parameter a pattern captures: its name, and the depth of its segment (0 = host).
struct PatternCapture: Sendable, Equatable {
    let name: String
    let depth: Int
    let isCatchAll: Bool
    let isOptional: Bool
}
