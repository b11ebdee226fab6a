/// Why a URL was refused by Switchyard's parser.
///
/// Every refusal names the problem and the UTF-8 byte offset in the URL where it was found, so a
/// caller can point at it. The parser never crashes and never silently drops part of a URL.
public struct URLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Reason: Sendable, Hashable {
        /// The URL is empty (or only slashes).
        case empty
        /// The URL is longer than the configured limit (bytes).
        case tooLong(length: Int, limit: Int)
        /// The path has more segments than the configured limit.
        case tooManySegments(limit: Int)
        /// The query has more items than the configured limit.
        case tooManyQueryItems(limit: Int)
        /// One segment (or query value) is longer than the configured limit (bytes, decoded).
        case componentTooLong(limit: Int)
        /// A raw control character, space or other forbidden byte.
        case forbiddenCharacter(UInt8)
        /// A `%` not followed by two hexadecimal digits.
        case badPercentEscape
        /// Percent-decoding produced bytes that are not valid UTF-8.
        case invalidUTF8
        /// Percent-decoding produced a control character where none is allowed (`%00` anywhere, any C0
        /// control or DEL in the scheme, host or path).
        case encodedControlCharacter(UInt8)
        /// The scheme has characters other than letters, digits, `+`, `-` and `.`, or does not start
        /// with a letter.
        case invalidScheme
        /// A scheme was given without `//` and a host after it (`mailto:x`).
        case missingAuthority
        /// The host is empty (`app:///x`).
        case emptyHost
        /// The host has a character a host may not have (such as `\`, or a decoded `/`).
        case invalidHost
        /// Userinfo (`user@`) is not accepted in app URLs.
        case userinfoNotAllowed
        /// The port is not a number from 0 to 65535.
        case invalidPort
        /// An IPv6 literal host is malformed.
        case invalidIPv6
    }

    /// What was wrong.
    public let reason: Reason
    /// The UTF-8 byte offset in the URL where the problem was found.
    public let offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A stable, machine-readable code for the reason, such as `bad_percent_escape`.
    public var code: String {
        switch reason {
        case .empty: "empty"
        case .tooLong: "too_long"
        case .tooManySegments: "too_many_segments"
        case .tooManyQueryItems: "too_many_query_items"
        case .componentTooLong: "component_too_long"
        case .forbiddenCharacter: "forbidden_character"
        case .badPercentEscape: "bad_percent_escape"
        case .invalidUTF8: "invalid_utf8"
        case .encodedControlCharacter: "encoded_control_character"
        case .invalidScheme: "invalid_scheme"
        case .missingAuthority: "missing_authority"
        case .emptyHost: "empty_host"
        case .invalidHost: "invalid_host"
        case .userinfoNotAllowed: "userinfo_not_allowed"
        case .invalidPort: "invalid_port"
        case .invalidIPv6: "invalid_ipv6"
        }
    }

    /// A sentence describing the problem and its position.
    public var description: String {
        let what: String
        switch reason {
        case .empty: what = "the URL is empty"
        case .tooLong(let length, let limit): what = "the URL is \(length) bytes long, over the limit of \(limit)"
        case .tooManySegments(let limit): what = "the path has more than \(limit) segments (limit)"
        case .tooManyQueryItems(let limit): what = "the query has more than \(limit) items (limit)"
        case .componentTooLong(let limit): what = "a component is longer than \(limit) bytes (limit)"
        case .forbiddenCharacter(let byte): what = "forbidden character \(Self.byteName(byte))"
        case .badPercentEscape: what = "'%' is not followed by two hexadecimal digits"
        case .invalidUTF8: what = "percent-decoding gives invalid UTF-8"
        case .encodedControlCharacter(let byte): what = "percent-encoded control character \(Self.byteName(byte))"
        case .invalidScheme: what = "invalid scheme"
        case .missingAuthority: what = "expected '//' and a host after the scheme"
        // `dpl:///product/1` (three slashes) is how some routers write a path without a host.
        case .emptyHost: what = "the host is empty ('scheme:///a/b' has none; 'scheme://a/b' reads 'a' as the host)"
        case .invalidHost: what = "invalid character in the host"
        case .userinfoNotAllowed: what = "userinfo ('user@') is not allowed"
        case .invalidPort: what = "the port is not a number from 0 to 65535"
        case .invalidIPv6: what = "malformed IPv6 address"
        }
        return "\(what) at byte \(offset)"
    }

    static func byteName(_ byte: UInt8) -> String {
        switch byte {
        case 0x20: return "space (0x20)"
        case 0x09: return "TAB (0x09)"
        case 0x0A: return "LF (0x0A)"
        case 0x0D: return "CR (0x0D)"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "0x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }
}
