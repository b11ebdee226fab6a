/// Byte ranges of a validated URL. All offsets index the URL's UTF-8 bytes.
///
/// A layout is only produced by ``URLScanner/scan(_:limits:)``, which has checked every rule of the
/// normalisation contract, so code that walks a layout can decode components without re-checking.
struct URLLayout: Sendable, Equatable {
    /// `schemeEnd == 0` means there is no scheme.
    var schemeEnd: Int = 0
    var hostStart: Int = 0
    var hostEnd: Int = 0
    var hostIsIPv6 = false
    var port: Int32 = -1
    var pathStart: Int = 0
    var pathEnd: Int = 0
    /// `-1` when there is no `?`.
    var queryStart: Int = -1
    var queryEnd: Int = -1
    /// `-1` when there is no `#`.
    var fragmentStart: Int = -1
    var segmentCount: Int = 0
    var queryItemCount: Int = 0
    /// True when the host or path holds a `%` escape, so matching needs a decode buffer.
    var needsDecode = false
    /// True when the host holds a raw ASCII capital, so matching needs a buffer to lowercase it into.
    var hostHasUpper = false

    var hasScheme: Bool { schemeEnd > 0 }
}
