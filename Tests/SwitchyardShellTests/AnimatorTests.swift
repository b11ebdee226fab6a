import SwitchyardNavigation
import TerminalKit
import Testing
@testable import SwitchyardShell

@Suite("Animator")
struct AnimatorTests {
    private static let first = Screen(kind: "Orders", url: "app://orders")
    private static let second = Screen(kind: "Order", url: "app://order/42")

    /// The fixture's 8×4 screens (``AnimationFixture``).
    private static let old = AnimationFixture.old
    private static let new = AnimationFixture.new

    private func frame(_ transition: Transition, _ t: Double) -> [String] {
        Animator(transition: transition, old: Self.old, new: Self.new).frame(at: t).text()
    }

    private static let oldText = ["O0......", "O1......", "O2......", "O3......"]
    private static let newText = ["N0------", "N1------", "N2------", "N3------"]

    @Test func push() {
        let push = Transition.push(from: Self.first, to: Self.second, animation: .slideFromRight)
        #expect(frame(push, 0) == Self.oldText)
        // Eased out: at t = 0.5 the new screen has covered 75 % (6 of 8 columns).
        #expect(frame(push, 0.5) == ["O0N0----", "O1N1----", "O2N2----", "O3N3----"])
        #expect(frame(push, 1) == Self.newText)
    }

    @Test func pop() {
        let pop = Transition.pop(from: Self.second, to: Self.first, animation: .slideFromRight)
        #expect(frame(pop, 0) == Self.oldText)
        #expect(frame(pop, 0.5) == ["N0----O0", "N1----O1", "N2----O2", "N3----O3"])
        #expect(frame(pop, 1) == Self.newText)
        let popTo = Transition.popTo(from: Self.second, to: Self.first, removed: 2, animation: .slideFromRight)
        #expect(frame(popTo, 0.5) == frame(pop, 0.5))
    }

    @Test func present() {
        let present = Transition.present(Self.second, style: .sheet, animation: .slideFromBottom)
        #expect(frame(present, 0) == Self.oldText)
        #expect(frame(present, 0.5) == ["O0......", "N0------", "N1------", "N2------"])
        #expect(frame(present, 1) == Self.newText)
    }

    @Test func dismiss() {
        let dismiss = Transition.dismiss(Self.second, animation: .slideFromBottom)
        #expect(frame(dismiss, 0) == Self.oldText)
        #expect(frame(dismiss, 0.5) == ["N0------", "N1------", "N2------", "O0......"])
        #expect(frame(dismiss, 1) == Self.newText)
    }

    @Test func fade() {
        let fade = Transition.rootReplaced(from: Self.first, to: Self.second, animation: .fade)
        let animator = Animator(transition: fade, old: Self.old, new: Self.new)
        #expect(animator.frame(at: 0) == Self.old)
        let early = animator.frame(at: 0.2)
        #expect(early.text() == Self.oldText)
        #expect(early[0, 0].style.dim)
        let middle = animator.frame(at: 0.5)
        #expect(middle.text() == Self.newText)
        #expect((0..<4).allSatisfy { y in middle.row(y).allSatisfy { $0.style.dim } })
        #expect(animator.frame(at: 1) == Self.new)
        #expect(animator.frames.count == 7)
        #expect(animator.frames.last == Self.new)
    }

    @Test func otherEdges() {
        let fromLeft = Transition.push(from: Self.first, to: Self.second, animation: .slideFromLeft)
        #expect(frame(fromLeft, 0.5) == ["------..", "------..", "------..", "------.."])
        let fromTop = Transition.replace(from: Self.first, to: Self.second, animation: .slideFromTop)
        #expect(frame(fromTop, 0.5) == ["N1------", "N2------", "N3------", "O3......"])
        let popLeft = Transition.pop(from: Self.second, to: Self.first, animation: .slideFromLeft)
        #expect(frame(popLeft, 0.5) == ["..------", "..------", "..------", "..------"])
        let dismissTop = Transition.dismiss(Self.second, animation: .slideFromTop)
        #expect(frame(dismissTop, 0.5) == ["O3......", "N1------", "N2------", "N3------"])
    }

    @Test func immediate() {
        let tab = Transition.tabSwitch(from: 0, to: 1, animation: .none)
        #expect(frame(tab, 0) == Self.newText)
        #expect(frame(tab, 0.5) == Self.newText)
        #expect(frame(Transition.none, 0.5) == Self.newText)
        let animator = Animator(transition: tab, old: Self.old, new: Self.new)
        #expect(!animator.isAnimated)
        #expect(animator.frames == [Self.new])
    }

    @Test func motions() {
        #expect(Motion(.push(from: Self.first, to: Self.second, animation: .slideFromRight)) == .enter(from: .right))
        #expect(Motion(.pop(from: Self.second, to: Self.first, animation: .slideFromRight)) == .exit(toward: .right))
        #expect(Motion(.present(Self.second, style: .fullScreen, animation: .slideFromBottom)) == .enter(from: .bottom))
        #expect(Motion(.dismiss(Self.second, animation: .slideFromBottom)) == .exit(toward: .bottom))
        #expect(Motion(.replace(from: Self.first, to: Self.second, animation: .fade)) == .crossFade)
        #expect(Motion(.tabSwitch(from: 0, to: 2, animation: .none)) == .immediate)
        #expect(Motion(.none) == .immediate)
    }

    @Test func wideCharactersSlideWithoutTearing() {
        var wide = Canvas(width: 8, height: 1)
        wide.put("中文字体", x: 0, y: 0)
        let push = Transition.push(from: Self.first, to: Self.second, animation: .slideFromRight)
        let frame = Animator(transition: push, old: Canvas(width: 8, height: 1), new: wide)
            .frame(at: 0.3)          // eased 0.51 → new screen at column 4
        #expect(frame.text() == ["    中文"])
        let odd = Animator(transition: push, old: Canvas(width: 8, height: 1), new: wide)
            .frame(at: 0.2)          // eased 0.36 → new screen at column 5
        #expect(odd.text() == ["     中"])
    }

    @Test func newSizeWins() {
        let push = Transition.push(from: Self.first, to: Self.second, animation: .slideFromRight)
        let frame = Animator(transition: push, old: Canvas(width: 3, height: 1), new: Canvas(width: 5, height: 2)).frame(at: 0.5)
        #expect(frame.width == 5 && frame.height == 2)
    }

    @Test func tween() {
        let tween = Tween.standard
        #expect(tween.frameCount == 7)
        #expect(tween.durationMilliseconds == 210)
        #expect(tween.progressSteps.count == 7)
        #expect(tween.progressSteps.last == 1)
        #expect(Easing.easeOut.apply(0.5) == 0.75)
        #expect(Easing.easeOut.apply(-1) == 0)
        #expect(Easing.easeOut.apply(.nan) == 1)
        #expect(Easing.linear.apply(2) == 1)
        #expect(Tween(frameCount: 0).frameCount == 1)
    }
}
