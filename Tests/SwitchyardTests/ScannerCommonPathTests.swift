import Foundation
import SwitchyardTestSupport
import Testing
@testable import Switchyard

/// `URLScanner.scanCommon`, the one-pass scanner for common URLs that lookups try first, never judges a URL:
/// whenever it returns a layout, the full scanner returns the same layout, and its segment table is the
/// path split as the full scanner's caller splits it. Checked on the external corpora, the hostile corpus,
/// and random URLs built from the bytes that matter to the grammar.
struct ScannerCommonPathTests {
    /// What `scanCommon` said about one input, checked against `scan` + `splitSegments`. Returns nil
    /// when they agree (or `scanCommon` passed), else a description of the disagreement.
    static func disagreement(_ text: String, limits: URLLimits, accepted: inout Int) -> String? {
        var copy = text
        return copy.withUTF8 { buf -> String? in
            var fast = [UInt64](repeating: .max, count: URLScanner.recordedSegments)
            var slow = [UInt64](repeating: .max, count: URLScanner.recordedSegments)
            let common = fast.withUnsafeMutableBufferPointer { segs in
                segs.baseAddress.flatMap {
                    URLScanner.scanCommon(buf, limits: limits, classes: ByteClass.pointer, segments: $0)
                }
            }
            guard let common else { return nil }
            accepted += 1
            let full: URLLayout
            do { full = try URLScanner.scan(buf, limits: limits) } catch {
                return "\(text.debugDescription): common path accepted, full scanner threw \(error)"
            }
            if common != full {
                return "\(text.debugDescription): layouts differ\n  common \(common)\n  full   \(full)"
            }
            slow.withUnsafeMutableBufferPointer { segs in
                segs.baseAddress.map { URLScanner.splitSegments(buf, full, into: $0) }
            }
            let used = min(full.segmentCount, URLScanner.recordedSegments)
            if Array(fast.prefix(used)) != Array(slow.prefix(used)) {
                return "\(text.debugDescription): segment ranges differ: \(fast.prefix(used)) vs \(slow.prefix(used))"
            }
            return nil
        }
    }

    /// The default limits, and every combination of tight ones around this input's length, so that each
    /// limit is met exactly, missed by one and exceeded by one somewhere in the corpus.
    static func limitGrid(length: Int) -> [URLLimits] {
        var grid = [URLLimits()]
        for maxLength in [length - 1, length, 8192] {
            for maxSegments in 0...3 {
                for maxQueryItems in 0...2 {
                    for maxComponentLength in [1, 2, 4] {
                        grid.append(URLLimits(maxLength: maxLength, maxSegments: maxSegments,
                                              maxQueryItems: maxQueryItems,
                                              maxComponentLength: maxComponentLength))
                    }
                }
            }
        }
        return grid
    }

    static let commonURLs = [
        "app://user/42", "app://user/42?from=push&ref=abc", "app://home", "app://home/", "app://a//b///c/",
        "my-app+x.y://shop/item/big-red-shoe?x=1&&y=&=z", "app://user/login/13800000000?", "app://h/?q",
        "app://h/a/b?x=y?z", "a://b/" + String(repeating: "s/", count: 40), "app://h/a/bb/ccc/dddd?e=f&gg=hh&i",
        "app://h/a/b/c", "app://h/a/b/c/", "app://h/abcdefghijklmnopqrstuvwxyz0123456789/x?y=z",
        "app://h/abcdefgh/ijklmnop/qrstuvwx", "app://h/abcdefg/hijklmnopq?r", "app://h/0123456789012345678901234567890",
        "app://h/abcde/x?y", "app://h?a=b&c", "app://h/a?=&=&", "app://h/a/b?aa&bbbbb=c",
    ]

    @Test func theCommonPathAgreesWithTheFullScannerOnEveryCorpus() throws {
        var inputs = Self.commonURLs
        let hostile = try HostileCorpus.text("hostile.tsv")
        for line in hostile.split(separator: "\n") where !line.hasPrefix("#") {
            guard let first = line.split(separator: "\t", omittingEmptySubsequences: false).first,
                  let data = first.data(using: .utf8),
                  let input = try? JSONDecoder().decode(String.self, from: data) else { continue }
            inputs.append(input)
        }
        let corpus = HostileCorpus.directory.appendingPathComponent("urltestdata.json")
        let whatwg = try JSONSerialization.jsonObject(with: Data(contentsOf: corpus))
        for case let entry as [String: Any] in (whatwg as? [Any]) ?? [] {
            if let input = entry["input"] as? String { inputs.append(input) }
        }
        var accepted = 0
        var problems: [String] = []
        for input in inputs {
            for limits in Self.limitGrid(length: input.utf8.count) {
                if let p = Self.disagreement(input, limits: limits, accepted: &accepted) { problems.append(p) }
            }
        }
        #expect(problems.count == 0, "\(problems.prefix(10).joined(separator: "\n"))")
        // The check is not vacuous: the common path takes a good share of these inputs.
        #expect(accepted >= 80, "the common path accepted only \(accepted) of \(inputs.count * 2) inputs")
    }

    @Test func theCommonPathTakesEveryPlainAppURL() {
        for url in Self.commonURLs {
            var copy = url
            let taken = copy.withUTF8 { buf in
                var segs = [UInt64](repeating: 0, count: URLScanner.recordedSegments)
                return segs.withUnsafeMutableBufferPointer { segs in
                    segs.baseAddress.flatMap {
                        URLScanner.scanCommon(buf, limits: URLLimits(), classes: ByteClass.pointer, segments: $0)
                    } != nil
                }
            }
            #expect(taken, "\(url) went to the full scanner")
        }
    }

    /// Every byte value at every offset of a long segment, before and after the 8-byte steps.
    @Test func everyByteAtEveryOffsetOfALongSegment() {
        var accepted = 0
        var problems: [String] = []
        for offset in 0..<20 {
            for byte in UInt8(0x01)...UInt8(0xFF) {
                var bytes = Array("app://h/".utf8) + Array(repeating: UInt8(ascii: "a"), count: 24)
                bytes[8 + offset] = byte
                bytes += Array("/end".utf8)
                let text = String(decoding: bytes, as: UTF8.self)
                guard Array(text.utf8) == bytes else { continue }  // not valid UTF-8 on its own
                if let p = Self.disagreement(text, limits: URLLimits(), accepted: &accepted) { problems.append(p) }
            }
        }
        #expect(problems.count == 0, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(accepted >= 20 * 80, "the common path accepted only \(accepted)")
    }

    static let plainPieces = ["x", "user", "42", "/", "/", "?", "&", "=", "-", ".", "Ab", "item", "~", "*",
                              "abcdefghij", "0123456789abcdef", "long-segment-value"]

    /// Random URLs from pieces that matter to the grammar: scheme separators, capitals, escapes, ports,
    /// userinfo, IPv6 brackets, fragments, non-ASCII, controls, runs of slashes, and tight limits.
    @Test func theCommonPathAgreesWithTheFullScannerOnRandomURLs() {
        var rng = SplitMix64(seed: 0x5ca9_c0de_1234)
        let pieces = ["app", "://", ":", "/", "//", "?", "&", "=", "#", "%2F", "%41", "%", "%zz", "A", "x", "user",
                      "42", "-", ".", "+", "@", "[", "]", "[::1]", ":80", "é", "\u{7F}", " ", "\\", "~", "*", "..",
                      "%2e"]
        var accepted = 0
        var problems: [String] = []
        for i in 0..<20_000 {
            var text = i % 3 == 0 ? "" : "app://"
            // Every other URL mostly from plain pieces, so that many reach the common path's later stages.
            let pool = i % 2 == 0 ? pieces : Self.plainPieces + pieces.prefix(12)
            for _ in 0..<Int.random(in: 1...14, using: &rng) {
                text += pool[Int.random(in: 0..<pool.count, using: &rng)]
            }
            let limits = i % 2 == 0
                ? URLLimits(maxLength: Int.random(in: 5...40, using: &rng),
                            maxSegments: Int.random(in: 0...4, using: &rng),
                                        maxQueryItems: Int.random(in: 0...3, using: &rng),
                                        maxComponentLength: Int.random(in: 1...6, using: &rng))
                : URLLimits()
            if let p = Self.disagreement(text, limits: limits, accepted: &accepted) { problems.append(p) }
        }
        #expect(problems.count == 0, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(accepted >= 1_000, "the common path accepted only \(accepted) random URLs")
    }
}
