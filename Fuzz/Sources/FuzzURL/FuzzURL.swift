import FuzzSupport
import Switchyard

// FuzzURL: bytes → URL text → RouteURL.
//
// Checks, for every input:
// - the lenient path (`String(decoding:)`, invalid UTF-8 repaired) and, when the bytes are valid
//   UTF-8, the validating path (`String(validating:)`) read the same text and parse alike;
// - `RouteTable.match` refuses exactly the URLs `RouteURL` refuses, with the same error, and on success
//   its `routeURL` equals the parse;
// - on success: the host is not empty, no path segment is empty, the port is 0...65535, and parsing
//   `normalized` gives an equal `RouteURL` whose `normalized` is the same text (the canonical form is a
//   fixed point). The re-parse uses limits four times the defaults, because percent-encoding can make
//   the canonical text up to three times longer than the input;
// - a parameter holds exactly the decoded segment at its depth (a decoded `/` or `\` is data and never
//   splits it; the host lowercased), never `.` or `..`; the catch-all holds the decoded segments joined
//   with `/` (`captureViolation` in FuzzSupport).

/// Patterns that cover any URL with up to two path segments, and a catch-all for longer paths.
let table: RouteTable<String> = {
    var b = RouteTableBuilder<String>()
    for p in [":h", ":h/:a", ":h/:a/:b", ":h/*rest"] {
        do { try b.add(p, target: p) } catch { finding("setup: \(error)") }
    }
    return b.build()
}()

let defaults = URLLimits()
let roomy = URLLimits(maxLength: defaults.maxLength * 4, maxSegments: defaults.maxSegments,
                      maxQueryItems: defaults.maxQueryItems, maxComponentLength: defaults.maxComponentLength * 4)

func parse(_ s: String, _ limits: URLLimits = URLLimits()) -> Result<RouteURL, URLParseError> {
    do throws(URLParseError) { return .success(try RouteURL(s, limits: limits)) } catch { return .failure(error) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let first = parse(text)

    // The validating path.
    if let valid = String(validating: bytes, as: UTF8.self) {
        check(valid == text, "validating and lenient decoding differ", input: swiftLiteral(text))
        let again = parse(valid)
        switch (first, again) {
        case (.success(let a), .success(let b)):
            check(a == b && a.original == b.original, "two parses of the same text differ", input: swiftLiteral(text))
        case (.failure(let a), .failure(let b)):
            check(a == b, "two parses of the same text fail differently: \(a) / \(b)", input: swiftLiteral(text))
        default:
            finding("two parses of the same text disagree", input: swiftLiteral(text))
        }
    }

    // The table path refuses exactly what RouteURL refuses.
    let matched: Result<RouteMatch<String>?, URLParseError>
    do throws(URLParseError) { matched = .success(try table.match(text)) } catch { matched = .failure(error) }
    switch (first, matched) {
    case (.failure(let a), .failure(let b)):
        check(a == b, "RouteURL and RouteTable.match fail differently: \(a) / \(b)", input: swiftLiteral(text))
    case (.failure(let a), .success):
        finding("RouteURL refuses (\(a)) but RouteTable.match accepts", input: swiftLiteral(text))
    case (.success, .failure(let b)):
        finding("RouteURL accepts but RouteTable.match refuses (\(b))", input: swiftLiteral(text))
    case (.success(let u), .success(let m)):
        // A host parameter never captures a dot segment either, so only `.` and `..` hosts miss.
        let dotHost = u.host == "." || u.host == ".."
        guard let m else {
            check(dotHost, "no match for a valid URL against the catch-all table", input: swiftLiteral(text))
            break
        }
        check(!dotHost, "the host parameter captured \(swiftLiteral(u.host))", input: swiftLiteral(text))
        check(m.routeURL == u, "the match's routeURL differs from the parse", input: swiftLiteral(text))
        if let why = captureViolation(m, u) { finding(why, input: swiftLiteral(text)) }
    }

    guard case .success(let url) = first else { return 0 }
    check(!url.host.isEmpty, "empty host accepted", input: swiftLiteral(text))
    check(!url.pathSegments.contains(""), "empty path segment kept", input: swiftLiteral(text))
    if let port = url.port { check((0...65535).contains(port), "port \(port) out of range", input: swiftLiteral(text)) }

    let canonical = url.normalized
    switch parse(canonical, roomy) {
    case .failure(let e):
        finding("normalized text does not parse: \(swiftLiteral(canonical)) → \(e)", input: swiftLiteral(text))
    case .success(let again):
        check(again == url, "parse(normalized) differs from the first parse: \(swiftLiteral(canonical))", input: swiftLiteral(text))
        check(again.normalized == canonical, "normalized is not a fixed point: \(swiftLiteral(canonical)) → \(swiftLiteral(again.normalized))",
              input: swiftLiteral(text))
    }
    return 0
}
