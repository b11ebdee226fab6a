/// What a walk found: the terminal (``TrieTerminal/none`` for none) and what it captured.
struct WalkResult {
    var terminal = TrieTerminal.none
    var captured = Captured()
}
