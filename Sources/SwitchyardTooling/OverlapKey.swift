import Switchyard

/// What two routes must share to be compared for overlap.
struct OverlapKey: Hashable {
    let ranks: [Int]
    let priority: Int
    let literals: [String]
}
