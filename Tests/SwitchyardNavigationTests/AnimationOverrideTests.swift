import Foundation
import SwitchyardDemo
import SwitchyardNavigation
import Testing

/// A URL's `?animation=` names the motion its screen is placed with, over the route's default, for
/// every built-in animation; the way back is a back command's own (its default, or `back slideFromLeft`).
@MainActor
@Suite("The ?animation= URL override")
struct AnimationOverrideTests {
    @Test(arguments: ["slideFromRight", "slideFromLeft", "slideFromTop", "slideFromBottom", "fade", "none"])
    func aURLNamesTheAnimation(_ name: String) async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://discover"))
        let opened = await runtime.perform(.open("app://discover/item/7?animation=\(name)"))
        #expect(opened.transition.description == "push Discover → Item #7 (\(name))")
        let popped = await runtime.perform(.back())
        #expect(popped.transition.description == "pop Item #7 → Discover (slideToRight)")
    }

    @Test func withoutTheOverrideTheRoutesDefaultPlays() async throws {
        let runtime = try DemoApp.makeRuntime()
        _ = await runtime.perform(.open("app://discover"))
        let opened = await runtime.perform(.open("app://discover/item/7"))
        #expect(opened.transition.description == "push Discover → Item #7 (slideFromRight)")
    }
}
