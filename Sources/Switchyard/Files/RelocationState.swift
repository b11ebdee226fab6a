import Foundation

/// The relocation rules in force: the result of applying tables in turn. Immutable once built.
package struct RelocationState: Sendable {
    /// What a relocation does to a pattern.
    package enum Rule: Sendable {
        /// Rewrites to `to`, adding `query` items the URL does not carry.
        case replace(to: RoutePattern, query: [QueryItem])
        case alias(target: String)
        case delete
    }

    /// Canonical pattern → rule, in the order they were first set.
    package private(set) var rules: [(pattern: RoutePattern, rule: Rule)] = []
    private(set) var table: RouteTable<Rule>?
    package private(set) var version: Int = 0

    /// No rules.
    package init() {}

    /// Applies `table` to a copy and validates it; returns the new state or throws leaving `self` as it was.
    package func applying(_ table: RelocationTable) throws(RelocationError) -> RelocationState {
        var next = self
        next.version = table.version
        for (i, entry) in table.entries.enumerated() {
            let pattern: RoutePattern
            do throws(PatternError) { pattern = try RoutePattern(entry.pattern) } catch {
                throw .invalidEntry(index: i, reason: error.description)
            }
            next.rules.removeAll { $0.pattern.shape == pattern.shape }
            switch entry {
            case .replace(_, let to, let parameters):
                let dest: RoutePattern
                do throws(PatternError) { dest = try RoutePattern(to) } catch {
                    throw .invalidEntry(index: i, reason: "destination: \(error.description)")
                }
                if let problem = RoutePattern.destinationProblem(from: pattern, to: dest) {
                    throw .invalidEntry(index: i, reason: problem)
                }
                if dest.shape == pattern.shape { throw .cycle([pattern.description, dest.description]) }
                next.rules.append((pattern, .replace(to: dest, query: RelocationEntry.queryItems(parameters))))
            case .add(_, let target):
                if target.isEmpty { throw .invalidEntry(index: i, reason: "empty target") }
                next.rules.append((pattern, .alias(target: target)))
            case .delete:
                next.rules.append((pattern, .delete))
            case .reset:
                break
            }
        }
        try next.checkCycles()
        var builder = RouteTableBuilder<Rule>()
        for (pattern, rule) in next.rules {
            do throws(RegistrationError) { try builder.add(pattern, target: rule) } catch {
                throw .invalidEntry(index: 0, reason: error.description)
            }
        }
        next.table = next.rules.isEmpty ? nil : builder.build()
        return next
    }

    /// Replacement i leads to replacement j when a URL i can produce (its destination, each parameter
    /// taking the values i's pattern captures and the destination's constraint accepts) is one j's
    /// pattern matches: decided on the patterns' languages, not on sample URLs. A cycle is refused; a
    /// relation the search could not decide within its state cap is not taken for an edge.
    private func checkCycles() throws(RelocationError) {
        let replaces = rules.compactMap { r -> (RoutePattern, RoutePattern)? in
            if case .replace(let to, _) = r.rule { return (r.pattern, to) }
            return nil
        }
        guard !replaces.isEmpty else { return }
        let analyzer = PatternAnalyzer()
        let sources = replaces.map { analyzer.language($0.0) }
        var edges = [[Int]](repeating: [], count: replaces.count)
        for (i, (from, to)) in replaces.enumerated() {
            let dest = analyzer.destination(of: to, from: from)
            for j in replaces.indices {
                if case .witness = analyzer.intersection(dest, sources[j]) { edges[i].append(j) }
            }
        }
        var state = [Int](repeating: 0, count: replaces.count) // 0 new, 1 on stack, 2 done
        var stack: [Int] = []
        func visit(_ i: Int) -> [Int]? {
            state[i] = 1
            stack.append(i)
            for j in edges[i] {
                if state[j] == 1 {
                    guard let start = stack.firstIndex(of: j) else { return [j] }
                    return Array(stack[start...]) + [j]
                }
                if state[j] == 0, let c = visit(j) { return c }
            }
            stack.removeLast()
            state[i] = 2
            return nil
        }
        for i in replaces.indices where state[i] == 0 {
            if let cycle = visit(i) { throw .cycle(cycle.map { replaces[$0].0.description }) }
        }
    }

    /// The rule for `url`, with its matched parameters.
    func lookup(_ url: String) -> (RoutePattern, Rule, PathParameters)? {
        guard let table, let m = try? table.match(url) else { return nil }
        return (m.pattern, m.target, m.parameters)
    }
}
