import Foundation
import Testing
@testable import Switchyard

/// Each way an open can leave each of its stages (relocation, redirect, match, fallback, interceptors,
/// handler, placement): the trace steps the stages wrote, in order, and the outcome.
@Suite struct OpenStageTraceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let url: String
        let setup: @Sendable (Router) throws -> Void
        let steps: [String]
        let outcome: String
        var testDescription: String { name }
    }

    /// A placement applier that answers with a fixed verdict.
    struct FixedPlacement: PlacementApplier {
        let verdict: PlacementVerdict
        func apply(_ result: RouteResult, for request: RouteRequest) async -> PlacementVerdict { verdict }
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    static func router() throws -> Router {
        let r = Router()
        try r.register("app://home", target: "Home") { _ in RouteResult(note: "home") }
        try r.register("app://order/:id<int>", target: "Order") { req in
            RouteResult(note: "order \(req.path["id"] ?? "")")
        }
        try r.register("app://silent", target: "Silent", handler: nil)
        try r.register("app://shy", target: "Shy",
                       handler: ClosureHandler(shouldHandle: { _ in false }) { _ in RouteResult() })
        try r.register("app://broken", target: "Broken") { _ in throw Refusal() }
        return r
    }

    static func interceptor(_ name: String, _ decision: InterceptorDecision) -> ClosureInterceptor {
        ClosureInterceptor(name) { _ in decision }
    }

    static let cases: [Case] = [
        Case(name: "handler", url: "app://home", setup: { _ in },
             steps: ["match app://home | → Home", "handler Home | home"],
             outcome: "handled by app://home (home)"),
        Case(name: "relocation delete", url: "app://home", setup: { r in
            try r.applyRelocations(RelocationTable(version: 3, entries: [.delete(pattern: "app://home")]))
        }, steps: ["relocation app://home | deleted (table v3)"], outcome: "not found: app://home"),
        Case(name: "relocation replace", url: "app://old/7", setup: { r in
            try r.applyRelocations(RelocationTable(entries: [
                .replace(pattern: "app://old/:id", to: "app://order/:id"),
            ]))
        }, steps: ["relocation app://old/:id | → app://order/7", "match app://order/:id<int> | → Order",
                   "handler Order | order 7"],
             outcome: "redirected app://old/7 → app://order/7; then handled by app://order/:id<int> (order 7)"),
        Case(name: "relocation add", url: "app://o/5", setup: { r in
            try r.applyRelocations(RelocationTable(entries: [.add(pattern: "app://o/:id", target: "Order")]))
        }, steps: ["relocation app://o/:id | path for target Order", "match app://o/:id | → Order",
                   "handler Order | order 5"],
             outcome: "handled by app://o/:id (order 5)"),
        Case(name: "relocation add of an unknown target", url: "app://o/5", setup: { r in
            try r.applyRelocations(RelocationTable(entries: [.add(pattern: "app://o/:id", target: "Nobody")]))
        }, steps: ["relocation app://o/:id | path for target Nobody"], outcome: "not found: app://o/5"),
        Case(name: "redirect", url: "app://profile/9", setup: { r in
            try r.addRedirect(from: "app://profile/:id", to: "app://order/:id")
        }, steps: ["redirect app://profile/:id | → app://order/9",
                   "match app://order/:id<int> | → Order",
                   "handler Order | order 9"],
             outcome: "redirected app://profile/9 → app://order/9; "
                + "then handled by app://order/:id<int> (order 9)"),
        Case(name: "redirect that cannot build its destination", url: "app://p/x", setup: { r in
            try r.addRedirect(from: "app://p/:id", to: "app://order/:id<int>")
        }, steps: [],
             outcome: "failed in app://p/:id: redirect: value 'x' of parameter 'id' does not satisfy <int>"),
        Case(name: "redirect loop", url: "app://a", setup: { r in
            try r.addRedirect(from: "app://a", to: "app://b")
            try r.addRedirect(from: "app://b", to: "app://a")
        }, steps: ["redirect app://a | → app://b", "redirect app://b | → app://a"],
             outcome: "redirect loop: app://a → app://b → app://a"),
        Case(name: "no match, no fallback", url: "app://nowhere", setup: { _ in },
             steps: ["match app://nowhere | no route matches"], outcome: "not found: app://nowhere"),
        Case(name: "fallback", url: "app://nowhere", setup: { r in
            r.setFallback(ClosureHandler { req in RouteResult(note: "fallback for \(req.url.host)") })
        }, steps: ["match app://nowhere | no route matches", "fallback fallback | fallback for nowhere"],
             outcome: "handled by fallback (fallback for nowhere)"),
        Case(name: "fallback throws", url: "app://nowhere", setup: { r in
            r.setFallback(ClosureHandler { _ in throw Refusal() })
        }, steps: ["match app://nowhere | no route matches"], outcome: "failed: refused"),
        Case(name: "interceptor proceeds", url: "app://home", setup: { r in
            r.addInterceptor(Self.interceptor("Pass", .proceed))
        }, steps: ["match app://home | → Home", "interceptor Pass | proceed", "handler Home | home"],
             outcome: "handled by app://home (home)"),
        Case(name: "interceptor rejects", url: "app://home", setup: { r in
            r.addInterceptor(Self.interceptor("Wall", .reject(reason: "closed")))
        }, steps: ["match app://home | → Home", "interceptor Wall | reject: closed"],
             outcome: "rejected by Wall: closed"),
        Case(name: "interceptor redirects, keeping the query", url: "app://order/1?from=push", setup: { r in
            r.addInterceptor(Self.interceptor("Move", .redirect(to: "app://home")),
                             scope: .patterns(["app://order/:id<int>"]))
        }, steps: ["match app://order/:id<int> | → Order", "interceptor Move | redirect → app://home",
                   "match app://home | → Home", "handler Home | home"],
             outcome: "redirected app://order/1?from=push → app://home?from=push; then handled by app://home (home)"),
        Case(name: "interceptor throws", url: "app://home", setup: { r in
            r.addInterceptor(ClosureInterceptor("Boom") { _ in throw Refusal() })
        }, steps: ["match app://home | → Home", "interceptor Boom | threw refused"],
             outcome: "failed in app://home: interceptor Boom: refused"),
        Case(name: "interceptor times out", url: "app://home", setup: { r in
            r.addInterceptor(ClosureInterceptor("Stuck") { _ in
                try await Task.sleep(nanoseconds: 5_000_000_000)
                return .proceed
            }, timeout: 0.05)
        }, steps: ["match app://home | → Home", "interceptor Stuck | timed out"],
             outcome: "timed out: interceptor Stuck did not answer within 0.05 s"),
        Case(name: "route without a handler", url: "app://silent", setup: { _ in },
             steps: ["match app://silent | → Silent"],
             outcome: "failed in app://silent: no handler registered for target Silent"),
        Case(name: "handler declines", url: "app://shy", setup: { _ in },
             steps: ["match app://shy | → Shy", "handler Shy | declined"], outcome: "declined by handler of app://shy"),
        Case(name: "handler throws", url: "app://broken", setup: { _ in },
             steps: ["match app://broken | → Broken", "handler Broken | threw refused"],
             outcome: "failed in app://broken: refused"),
        Case(name: "placed", url: "app://home", setup: { r in
            r.setPlacementApplier(FixedPlacement(verdict: .placed(note: "pushed", shown: "push Home")))
        }, steps: ["match app://home | → Home", "handler Home | home", "placement Home | pushed"],
             outcome: "handled by app://home (push Home)"),
        Case(name: "placement vetoed", url: "app://home", setup: { r in
            r.setPlacementApplier(FixedPlacement(verdict: .vetoed(by: "Editor", reason: "unsaved")))
        }, steps: ["match app://home | → Home", "handler Home | home",
                   "placement Home | vetoed by Editor: unsaved"],
             outcome: "vetoed by Editor: unsaved"),
        Case(name: "placement failed", url: "app://home", setup: { r in
            r.setPlacementApplier(FixedPlacement(verdict: .failed(reason: "no window")))
        }, steps: ["match app://home | → Home", "handler Home | home", "placement Home | failed: no window"],
             outcome: "placement failed: no window"),
        Case(name: "invalid URL", url: "app://home/%zz", setup: { _ in },
             steps: [], outcome: "invalid URL: '%' is not followed by two hexadecimal digits at byte 11"),
    ]

    @Test(arguments: cases)
    func eachStageWritesItsOwnSteps(_ c: Case) async throws {
        let r = try Self.router()
        try c.setup(r)
        let trace = await r.openAndTrace(c.url)
        #expect(trace.steps.map { "\($0.kind.rawValue) \($0.name) | \($0.detail)" } == c.steps)
        #expect(trace.outcome.description == c.outcome)
        // Each step's line (script traces, logs): a rewrite reads `redirect app://a → app://b`, never
        // with a colon before its arrow; other steps put one between who acted and what they decided.
        for step in trace.steps {
            let line = step.description
            #expect(!line.contains(": →"), "\(line)")
            if step.kind != .match {
                let joint = step.detail.hasPrefix("→") ? " " : ": "
                #expect(line.hasPrefix("\(step.kind.rawValue) \(step.name)\(joint)\(step.detail) ("), "\(line)")
            }
        }
    }
}
