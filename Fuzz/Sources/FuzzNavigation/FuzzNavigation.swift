import FuzzSupport
import SwitchyardNavigation

// FuzzNavigation: bytes → a sequence of NavigationActions applied to a three-tab NavigationState.
//
// Each action takes one byte for its kind (an index into NavigationAction.Kind.allCases, modulo their
// count) and a few more for its arguments (screens from a small pool, with or without leave guards;
// tab selectors with indices in and out of range, negative included; pop-to targets by kind, pattern
// or ID; guard changes, removals and updates on existing and unknown IDs). One more byte chooses
// whether guards are overridden and may flip the duplicate policy.
//
// Checks, after every action:
// - an applied action leaves a state whose `checkInvariants()` is empty;
// - a rejected action leaves the state exactly equal to what it was (generator included);
// - `applying` agrees with `apply`;
// - reading `top`, `visiblePath`, `screensFromTop` and the description never traps.

let kinds = ["Home", "Orders", "Order", "User", "Login", "Edit"]
let patterns = ["app://home", "app://orders", "app://order/:id", "app://user/:id", "app://login", "app://settings/edit"]
let animations = Animation.allCases

func screen(_ r: inout ByteReader) -> Screen {
    let k = r.below(kinds.count)
    let n = r.below(4)
    let guarded = r.below(5) == 0
    return Screen(kind: kinds[k], url: patterns[k].replacingOccurrences(of: ":id", with: String(n)), pattern: patterns[k],
                  title: "\(kinds[k]) \(n)", parameters: ["id": String(n)],
                  leaveGuard: guarded ? LeaveGuard(reason: "unsaved") : nil)
}

func screenID(_ r: inout ByteReader, _ state: NavigationState) -> ScreenID {
    let ids = state.screenIDs.sorted()
    let b = r.next()
    if b & 0x80 == 0, !ids.isEmpty { return ids[Int(b) % ids.count] }
    return ScreenID(Int(Int8(bitPattern: b)))
}

func action(_ r: inout ByteReader, _ state: NavigationState) -> NavigationAction {
    let anim = { (r: inout ByteReader) in animations[r.below(animations.count)] }
    // Every kind of action, drawn through an exhaustive switch: a new action does not compile here
    // until it is generated.
    switch NavigationAction.Kind.allCases[r.below(NavigationAction.Kind.allCases.count)] {
    case .push: return .push(screen(&r), animation: anim(&r))
    case .pop: return .pop(animation: anim(&r))
    case .popToRoot: return .popToRoot(animation: anim(&r))
    case .popTo:
        let target: ScreenTarget
        switch r.below(3) {
        case 0: target = .kind(kinds[r.below(kinds.count)])
        case 1: target = .pattern(patterns[r.below(patterns.count)])
        default: target = .screen(screenID(&r, state))
        }
        return .popTo(target, animation: anim(&r))
    case .present:
        let s = screen(&r)
        let flags = r.next()
        return .present(s, style: flags & 1 == 0 ? .sheet : .fullScreen, wrapsInNavigation: flags & 2 != 0, animation: anim(&r))
    case .dismiss: return .dismiss(animation: anim(&r))
    case .dismissAll: return .dismissAll(animation: anim(&r))
    case .selectTab:
        let selector: TabSelector
        switch r.below(3) {
        case 0: selector = .index(Int(Int8(bitPattern: r.next())) % 6)
        case 1: selector = .rootURL(patterns[r.below(patterns.count)])
        default: selector = .rootKind(kinds[r.below(kinds.count)])
        }
        return .selectTab(selector, popToRoot: r.next() & 1 == 1, animation: anim(&r))
    case .setRoot: return .setRoot(screen(&r), animation: anim(&r))
    case .dismissThenPush: return .dismissThenPush(screen(&r), animation: anim(&r))
    case .replaceTop: return .replaceTop(screen(&r), animation: anim(&r))
    case .setLeaveGuard:
        let guardValue: LeaveGuard? = r.next() & 1 == 0 ? nil : LeaveGuard(reason: "editing")
        return .setLeaveGuard(guardValue, on: screenID(&r, state))
    case .remove: return .remove(screenID(&r, state), animation: anim(&r))
    case .update: return .update(screenID(&r, state), with: screen(&r))
    }
}

func initialState() -> NavigationState {
    do {
        return try NavigationState(tabs: [
            Tab(title: "Home", root: Screen(kind: "Home", url: "app://home", pattern: "app://home")),
            Tab(title: "Orders", root: Screen(kind: "Orders", url: "app://orders", pattern: "app://orders")),
            Tab(title: "Me", root: Screen(kind: "User", url: "app://user/0", pattern: "app://user/:id")),
        ])
    } catch {
        finding("setup: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = ByteReader(UnsafeBufferPointer(start: data, count: size))
    var state = initialState()
    var log: [(NavigationAction, Bool)] = []
    func context() -> String {
        "actions:\n    " + log.map { "\($0.0)\($0.1 ? " (overriding guards)" : "")" }.joined(separator: "\n    ")
    }
    while !r.isAtEnd {
        let flags = r.next()
        if flags & 0x10 != 0 { state.duplicatePolicy = state.duplicatePolicy == .ignore ? .allow : .ignore }
        let overriding = flags & 1 == 1
        let act = action(&r, state)
        log.append((act, overriding))
        let before = state
        let preview = Result { () throws(NavigationError) in try before.applying(act, overridingGuards: overriding) }
        let result = state.apply(act, overridingGuards: overriding)
        switch result {
        case .applied(let transition):
            let violations = state.checkInvariants()
            check(violations.isEmpty, "applied action broke invariants: \(violations)", input: context())
            if case .success(let p) = preview {
                check(p.state == state && p.transition == transition, "applying and apply disagree", input: context())
            } else {
                finding("applying rejected what apply applied", input: context())
            }
        case .rejected(let error):
            check(state == before, "rejected action (\(error)) changed the state", input: context())
            if case .failure(let e) = preview {
                check(e == error, "applying and apply reject differently: \(e) / \(error)", input: context())
            } else {
                finding("applying applied what apply rejected", input: context())
            }
        }
        _ = state.top
        _ = state.visiblePath.count + state.screensFromTop.count
        _ = state.description
    }
    return 0
}
