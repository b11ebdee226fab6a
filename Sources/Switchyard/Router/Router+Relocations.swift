// The relocation table.

extension Router {
    /// Validates `table` as a whole and applies it on top of the relocations in force.
    /// A refused table changes nothing.
    public func applyRelocations(_ table: RelocationTable) throws(RelocationError) {
        let current = withState { $0.relocations }
        let next = try current.applying(table)
        withState { $0.relocations = next }
    }

    /// Removes every relocation rule.
    public func clearRelocations() {
        withState { $0.relocations = RelocationState() }
    }

    /// The relocation rules in force, one line each.
    public var relocationRules: [String] {
        withState { s in
            s.relocations.rules.map { r in
                switch r.rule {
                case .replace(let to, let query):
                    "replace \(r.pattern) → \(to)" + (query.isEmpty ? "" : " adding "
                        + RelocationEntry.queryText(Dictionary(query.map { ($0.name, $0.value) },
                                                                uniquingKeysWith: { $1 })))
                case .alias(let t): "add \(r.pattern) → target \(t)"
                case .delete: "delete \(r.pattern)"
                }
            }
        }
    }

    /// The version of the last relocation table applied (0 when none).
    package var relocationVersion: Int {
        withState { $0.relocations.version }
    }
}
