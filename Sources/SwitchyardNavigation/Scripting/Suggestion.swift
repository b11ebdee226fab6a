import Switchyard

/// The "did you mean" hint of a refused word: the nearest of `candidates` by edit distance (as the
/// command line's own subcommand and option suggestions, and the route file schema's, pick it), as
/// `; did you mean 'tap'?`, or an empty string when none is near enough.
package func didYouMean(_ word: some StringProtocol, among candidates: [String]) -> String {
    SchemaText.closest(to: String(word), in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}
