/// What a walk captured: bit `d` of `mask` for depth `d` (0 = host), and the depth of the catch-all that
/// ended it (-1 for none). A step that matched its segment by a parameter, constraint, optional or
/// catch-all sets its bit on the way back from a walk that succeeded, so a failed branch leaves nothing
/// behind (trials of several constraints save and restore it). Passed `inout` through the walk, so that
/// the walker itself stays immutable (a mutating walker was copied whole for each non-mutating call).
struct Captured {
    var mask: UInt64 = 0
    var catchAllDepth = -1
}
