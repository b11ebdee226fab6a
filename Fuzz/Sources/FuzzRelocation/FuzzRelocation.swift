import Foundation
import FuzzSupport
import Switchyard

// FuzzRelocation: bytes → relocation JSON → RelocationTable.decode → Router.applyRelocations → opens.
//
// The router has a few routes and static redirects (one pair of which a relocation can close into a
// loop). The table is applied twice (tables are patches, so the second application sees the first).
// After each application the router opens fixed URLs and one sample URL per entry pattern.
//
// Checks:
// - decoding and applying never crash; a refused table leaves the rules in force unchanged;
// - every open finishes within 5 s (run in a task, waited for with a semaphore), and ends within the
//   hop limit: a `redirected` chain has at most `maxRedirectHops` hops; a `redirectLoop` chain ends at
//   its first repeated URL (within one hop past the limit), or exactly one hop past the limit;
// - `canOpen` finishes, and is true for every URL that an open handled.

let fixedURLs = [
    "app://order/42", "app://user/7", "app://profile/7", "app://home", "app://files/a/b",
    "app://old/1", "app://ping/1", "app://x", "other://order/42", "app://order/42?from=push#top",
]

func makeRouter(maxHops: Int) -> Router {
    let router = Router(maxRedirectHops: maxHops, historyLimit: 4)
    let handled: @Sendable (RouteRequest) async throws -> RouteResult = { _ in RouteResult() }
    do {
        try router.register("app://order/:id<int>", target: "OrderDetail", handle: handled)
        try router.register("app://user/:id", target: "UserProfile", handle: handled)
        try router.register("app://home", target: "Home", handle: handled)
        try router.register("app://files/*path", target: "Files", handle: handled)
        try router.register("share/:id", target: "Share", handle: handled)
        try router.addRedirect(from: "app://profile/:id", to: "app://user/:id")
        try router.addRedirect(from: "app://ping/:id", to: "app://pong/:id")
    } catch {
        finding("setup: \(error)")
    }
    return router
}

/// A URL for `pattern`, with every parameter filled in.
func sample(_ patternText: String) -> String? {
    guard let pattern = try? RoutePattern(patternText) else { return nil }
    var values: [String: String] = [:]
    for name in pattern.parameterNames { values[name] = "1" }
    values["*"] = "1"
    return try? pattern.url(values, defaultScheme: "app")
}

func hops(_ outcome: RouteOutcome) -> (hops: Int, isLoop: Bool) {
    switch outcome {
    case .redirected(let chain, let final):
        if case .redirected = final { finding("nested redirected outcome: \(outcome)") }
        return (chain.count - 1, false)
    case .redirectLoop(let chain): return (chain.count - 1, true)
    default: return (0, false)
    }
}

func openAll(_ router: Router, _ urls: [String], context: String) {
    for url in urls {
        guard let outcome = runBlocking(seconds: 5, { await router.open(url) }) else {
            finding("open(\(swiftLiteral(url))) did not finish within 5 s", input: context)
        }
        let (n, isLoop) = hops(outcome)
        if isLoop, case .redirectLoop(let chain) = outcome {
            // A loop ends at the first repeated URL, or one hop past the limit when no URL repeats.
            let repeats = chain.last.map { chain.dropLast().contains($0) } ?? false
            check(
                repeats ? n <= router.maxRedirectHops + 1 : n == router.maxRedirectHops + 1,
                "redirect loop after \(n) hops (limit \(router.maxRedirectHops), repeats: \(repeats)): \(outcome)",
                input: context)
        } else {
            check(n <= router.maxRedirectHops, "\(n) hops over the limit \(router.maxRedirectHops): \(outcome)", input: context)
        }
        if outcome.isHandled {
            check(router.canOpen(url), "open(\(swiftLiteral(url))) was handled but canOpen is false: \(outcome)", input: context)
        } else {
            _ = router.canOpen(url)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = Data(bytes: data, count: size)
    let context = swiftLiteral(String(decoding: json, as: UTF8.self))
    let table: RelocationTable
    do throws(RelocationError) { table = try RelocationTable.decode(json: json) } catch { return 0 }

    let router = makeRouter(maxHops: 1 + size % 8)
    let urls = fixedURLs + table.entries.prefix(8).compactMap { entry -> String? in
        switch entry {
        case .replace(let p, _, _), .add(let p, _), .delete(let p), .reset(let p): sample(p)
        }
    }
    for _ in 0..<2 {
        let before = router.relocationRules
        do throws(RelocationError) {
            try router.applyRelocations(table)
        } catch {
            check(router.relocationRules == before, "a refused table (\(error)) changed the rules", input: context)
        }
        openAll(router, urls, context: context)
    }
    return 0
}
