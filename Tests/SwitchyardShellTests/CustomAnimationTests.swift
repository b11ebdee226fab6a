import Foundation
import Switchyard
import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

@Suite("Custom animations")
@MainActor
struct CustomAnimationTests {
    private static let a = Screen(kind: "A", url: "app://a")
    private static let b = Screen(kind: "B", url: "app://b")

    /// The fixture's 8×4 screens (``AnimationFixture``).
    private static let old = AnimationFixture.old
    private static let new = AnimationFixture.new

    // MARK: Built-ins render as before

    /// The terminal motion each built-in played for each kind of step before animations were values
    /// (the former enumeration's switch, written out): slides enter on forward steps and exit on pops,
    /// pop-tos and dismisses; fade cross-fades and none is immediate on every step.
    private static func formerMotion(_ name: String, backwards: Bool, removal: Bool) -> Motion {
        let edges: [String: Motion.Edge] = ["slideFromRight": .right, "slideFromLeft": .left, "slideFromTop": .top, "slideFromBottom": .bottom]
        if name == "fade" { return .crossFade }
        guard let edge = edges[name], !removal else { return .immediate }
        return backwards ? .exit(toward: edge) : .enter(from: edge)
    }

    private static func steps(_ animation: Animation) -> [(Transition, backwards: Bool, removal: Bool)] {
        [
            (.push(from: a, to: b, animation: animation), false, false),
            (.pushMany(from: a, pushed: [a, b], animation: animation), false, false),
            (.present(b, style: .sheet, animation: animation), false, false),
            (.replace(from: a, to: b, animation: animation), false, false),
            (.rootReplaced(from: a, to: b, animation: animation), false, false),
            (.tabSwitch(from: 0, to: 1, animation: animation), false, false),
            (.pop(from: b, to: a, animation: animation), true, false),
            (.popTo(from: b, to: a, removed: 2, animation: animation), true, false),
            (.dismiss(b, animation: animation), true, false),
            (.removed(a, under: b, animation: animation), false, true),
        ]
    }

    @Test("each built-in plays the motion and frames it played before", arguments: Animation.builtIns)
    func builtInsRenderAsBefore(animation: Animation) {
        for (transition, backwards, removal) in Self.steps(animation) {
            let expected = Self.formerMotion(animation.name, backwards: backwards, removal: removal)
            #expect(Motion(transition) == expected, "\(animation) on \(transition.kind)")
            let played = Animator(transition: transition, old: Self.old, new: Self.new)
            let former = Animator(motion: expected, old: Self.old, new: Self.new)
            #expect(played.frames == former.frames, "\(animation) on \(transition.kind)")
        }
        #expect(Animation(name: animation.name) == animation)
        #expect(animation.isBuiltIn)
    }

    @Test func builtInExitNamesAreUnchanged() {
        #expect(Animation.builtIns.map(\.exitName) == ["slideToRight", "slideToLeft", "slideToTop", "slideToBottom", "fade", "none"])
        #expect(Animation(name: "drop", motion: .slide(from: .top)).exitName == "drop")
    }

    // MARK: Keyframes

    /// Drops in from above: the new screen half a height up over the old one, then in place dimmed.
    private static let drop = Animation(name: "drop", motion: .keyframes([
        AnimationKeyframe(outgoing: AnimationOffset(), incoming: AnimationOffset(y: -0.5)),
        AnimationKeyframe(incoming: AnimationOffset(), dimmed: true),
    ]))

    @Test func keyframesAreHeldForEqualSharesAndPlayBackwardsOnPop() {
        let push = Animator(transition: .push(from: Self.a, to: Self.b, animation: Self.drop), old: Self.old, new: Self.new)
        #expect(push.frame(at: 0).text() == ["O0......", "O1......", "O2......", "O3......"])
        #expect(push.frame(at: 0.25).text() == ["N2------", "N3------", "O2......", "O3......"])
        var dimmedNew = Self.new
        dimmedNew.dim()
        #expect(push.frame(at: 0.75) == dimmedNew)
        #expect(push.frame(at: 1) == Self.new)
        // Backwards: keyframe 2 then 1 with the roles swapped (the old screen is the one that rises).
        let pop = Animator(transition: .pop(from: Self.b, to: Self.a, animation: Self.drop), old: Self.old, new: Self.new)
        var dimmedOld = Self.old
        dimmedOld.dim()
        #expect(pop.frame(at: 0.25) == dimmedOld)
        #expect(pop.frame(at: 0.75).text() == ["O2......", "O3......", "N2------", "N3------"])
    }

    // MARK: An app's animations

    private nonisolated static func app(animations: String = "", defaultAnimation: String? = nil, routeAnimation: String? = "drop") -> String {
        """
        {"name": "Anim", "tabs": [{"title": "Home", "root": "app://home"}],
         \(animations.isEmpty ? "" : "\"animations\": {\(animations)},")
         \(defaultAnimation.map { "\"defaultAnimation\": \"\($0)\"," } ?? "")
         "routes": [
           {"pattern": "app://home", "target": "Home", "opens": "tab", "body": "home screen"},
           {"pattern": "app://detail", "target": "Detail", "body": "detail screen"\(routeAnimation.map { ", \"animation\": \"\($0)\"" } ?? "")},
           {"pattern": "app://plain", "target": "Plain", "body": "plain screen"}
         ]}
        """
    }

    private nonisolated static let dropJSON = #""drop": {"keyframes": [{"outgoing": {}, "incoming": {"y": -0.5}}, {"incoming": {}, "dimmed": true}]}"#

    private static func loop(_ json: String) throws -> AppLoop {
        let runtime = try AppRuntime(app: AppDescription.decode(json: Data(json.utf8)))
        return AppLoop(runtime: runtime, terminal: MemoryTerminal(width: 80, height: 24), animations: true, stopsWhenIdle: true)
    }

    /// Plays `playback` to its end and returns each frame's picture.
    private static func frames(of playback: Playback) -> [Canvas] {
        var p = playback
        var out: [Canvas] = [p.canvas]
        while !p.isFinished {
            p.frame += 1
            out.append(p.canvas)
        }
        return out
    }

    @Test func aRegisteredAnimationIsPlayedWhenItsRouteOpens() async throws {
        let description = try AppDescription.decode(json: Data(Self.app(animations: Self.dropJSON).utf8))
        #expect(description.animations == [Self.drop])
        #expect(description.routes[1].animation == Self.drop)
        let loop = try Self.loop(Self.app(animations: Self.dropJSON))
        await loop.perform(.open("app://detail"))
        let playback = try #require(loop.model.playback)
        #expect(playback.animator.motion == Motion(Self.drop.motion, backwards: false))
        let frames = Self.frames(of: playback)
        let (old, new) = (playback.animator.old, playback.animator.new)
        let count = playback.animator.tween.frameCount
        // Before the halfway point: the new screen half a height up over the old one; after it: the new screen dimmed.
        var first = Canvas(width: new.width, height: new.height)
        first.blit(old, at: .zero)
        first.blit(new, at: Point(x: 0, y: -Int((Double(new.height) * 0.5).rounded())))
        var second = new
        second.dim()
        for (i, frame) in frames.enumerated() {
            let t = playback.animator.tween.progress(ofFrame: i + 1)
            let expected = t <= 0 ? old : t >= 1 ? new : t < 0.5 ? first : second
            #expect(frame == expected, "frame \(i + 1) of \(count) at t = \(t)")
        }
        #expect(frames.contains(first) && frames.contains(second), "both keyframes are shown")
        #expect(frames.last == new)
    }

    @Test func aURLPicksARegisteredAnimationByName() async throws {
        let loop = try Self.loop(Self.app(animations: Self.dropJSON))
        await loop.perform(.open("app://plain?animation=drop"))
        #expect(try #require(loop.model.playback).animator.motion == Motion(Self.drop.motion, backwards: false))
    }

    @Test func theDefaultAnimationPlaysWhenTheRouteNamesNone() async throws {
        let loop = try Self.loop(Self.app(animations: Self.dropJSON, defaultAnimation: "drop", routeAnimation: "fade"))
        let report = await loop.perform(.open("app://plain"))
        #expect(report.transition.animation == Self.drop)
        #expect(try #require(loop.model.playback).animator.motion == Motion(Self.drop.motion, backwards: false))
        _ = loop.model.update(.finishPlayback)
        let named = await loop.perform(.open("app://detail"))
        #expect(named.transition.animation == .fade, "a route's own animation wins over the default")
        // Without a default, each style keeps its own: a push slides from the right.
        let plain = try Self.loop(Self.app(animations: Self.dropJSON))
        #expect(await plain.perform(.open("app://plain")).transition.animation == .slideFromRight)
        // A built-in default works the same way, and the registry says so.
        let registry = try AnimationRegistry([Self.drop], defaultName: "slideFromTop")
        #expect(registry.defaultAnimation == .slideFromTop)
    }

    @Test func anUnknownNameInAURLIsRefusedAtOpenNamingIt() async throws {
        let loop = try Self.loop(Self.app(animations: Self.dropJSON))
        let report = await loop.perform(.open("app://plain?animation=spin"))
        #expect(report.isError)
        guard case .failed(_, let reason)? = report.outcome else {
            Issue.record("expected the open to fail, got \(String(describing: report.outcome))")
            return
        }
        #expect(reason.contains("unknown animation 'spin'"), "\(reason)")
        let message = try #require(report.message)
        #expect(message.contains("unknown animation 'spin'"), "\(message)")
        #expect(message.contains("drop"), "the known names are listed: \(message)")
        #expect(loop.model.state.top.kind == "Home", "nothing was opened")
    }

    @Test("unknown or malformed animations in a description are refused with their path", arguments: [
        (app(routeAnimation: "spin"), "routes[1].animation: unknown animation 'spin' (known: slideFromRight, slideFromLeft, slideFromTop, slideFromBottom, fade, none)"),
        (app(animations: dropJSON, defaultAnimation: "spin"), "defaultAnimation: unknown animation 'spin' (known: slideFromRight, slideFromLeft, slideFromTop, slideFromBottom, fade, none, drop)"),
        (app(animations: #""drop": {"keyframes": []}"#), "animations.drop.keyframes: needs at least one keyframe"),
        (app(animations: #""fade": {"slide": "left"}"#, routeAnimation: nil), "animations.fade: animation 'fade' is already defined"),
        (app(animations: #""drop": {"slide": "up"}"#), "animations.drop.slide: unknown edge 'up'"),
        (app(animations: #""drop": {}"#), "animations.drop: missing \"slide\" or \"keyframes\""),
        (app(animations: #""drop": {"keyframes": [{"incoming": {"x": 2}}]}"#), "animations.drop.keyframes[0].incoming.x: must be between -1 and 1, got 2.0"),
    ])
    func malformedAnimationsAreRefused(json: String, message: String) {
        do {
            _ = try AppDescription.decode(json: Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func aDescriptionBuiltInCodeMustRegisterWhatItsRoutesName() throws {
        let routes = [ScreenRoute(pattern: "app://home", kind: "Home", opens: .tab), ScreenRoute(pattern: "app://detail", kind: "Detail", animation: Self.drop)]
        let unregistered = AppDescription(name: "Anim", tabs: [TabDescription(title: "Home", root: "app://home")], routes: routes)
        #expect(throws: RouteFileError.self) { try unregistered.validate() }
        let registered = AppDescription(name: "Anim", tabs: [TabDescription(title: "Home", root: "app://home")], routes: routes,
                                        animations: [Self.drop], defaultAnimation: .fade)
        try registered.validate()
        // And the JSON form round-trips.
        let data = try JSONEncoder().encode(registered)
        #expect(try AppDescription.decode(json: data) == registered)
    }
}
