/// One unit of input as a terminal backend reads it, before ``InputDecoder`` turns it into ``Key``s.
public enum RawInput: Hashable, Sendable {
    /// A character as the terminal sent it in raw mode (control characters included).
    case scalar(Unicode.Scalar)
    /// A key the backend decoded itself (arrows, function keys, mouse events, resizes).
    case key(Key)
    /// The start of a bracketed paste (`ESC [ 200 ~`).
    case pasteStart
    /// The end of a bracketed paste (`ESC [ 201 ~`).
    case pasteEnd
}
