import Synchronization

/// The words Tab completes in the URL prompt, made the first time they are asked for: an app made from
/// a big route file has a link and a pattern for every route, and sorting them all is work the first
/// frame does not need.
package final class CompletionWords: Sendable, Equatable {
    /// Makes the words.
    private let make: @Sendable () -> [String]
    /// The words, once made.
    private let made = Mutex<[String]?>(nil)

    /// Words that `make` makes on first use.
    package init(_ make: @escaping @Sendable () -> [String]) {
        self.make = make
    }

    /// Words known already.
    package convenience init(words: [String]) {
        self.init { words }
    }

    /// The words (made now if they were not yet).
    package var words: [String] {
        made.withLock { made in
            if let made { return made }
            let words = make()
            made = words
            return words
        }
    }

    /// Two sources are equal when their words are.
    package static func == (a: CompletionWords, b: CompletionWords) -> Bool {
        a === b || a.words == b.words
    }
}
