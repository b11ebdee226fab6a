/// How a stage ends a pass of the open before the last stage: it sends the open on to another URL, or it
/// ends the open. The stages throw it, so the resolve loop reads as the stages in order.
enum PassEnd: Error {
    /// A relocation, a redirect or an interceptor sends the open on to this URL: the stages run again.
    /// `rewrite` is true for a relocation or a redirect, which depend on the URL alone.
    case reopen(String, rewrite: Bool)
    /// The open ends with this outcome (the loop wraps it in `redirected` when the open was rewritten).
    case finish(RouteOutcome)
}
