import SwitchyardNavigation

/// Random ``NavigationAction``s for property tests: every ``NavigationAction/Kind`` with its weight, and
/// random arguments from a small pool of screens (some guarded), IDs (live and unknown), tab
/// selectors in and out of range, and every animation.
///
/// The draw goes through `NavigationAction.Kind.allCases` and two exhaustive switches, so an action
/// added to ``NavigationAction`` does not compile here until it is generated.
package enum NavigationActionGenerator {
    /// The screen kinds the generated screens use.
    package static let kinds = ["OrderDetail", "EditAddress", "Login", "SignupStep", "OrderList", "Profile"]

    /// How many of ``totalWeight`` draws pick `kind`; every kind gets at least one.
    package static func weight(of kind: NavigationAction.Kind) -> Int {
        switch kind {
        case .push: 4
        case .pop: 5
        case .popToRoot: 3
        case .popTo: 2
        case .present: 2
        case .dismiss: 3
        case .dismissAll: 2
        case .selectTab: 3
        case .setRoot: 1
        case .dismissThenPush: 2
        case .replaceTop: 2
        case .setLeaveGuard: 3
        case .remove: 1
        case .update: 1
        }
    }

    /// The sum of the weights.
    package static let totalWeight = NavigationAction.Kind.allCases.map(weight(of:)).reduce(0, +)

    /// A kind drawn by weight.
    package static func kind(_ rng: inout SplitMix64) -> NavigationAction.Kind {
        var draw = rng.below(totalWeight)
        for kind in NavigationAction.Kind.allCases {
            if draw < weight(of: kind) { return kind }
            draw -= weight(of: kind)
        }
        return .push
    }

    /// A screen from the pool: one of ``kinds``, numbered 0–2, with an ID 0–4 (the state gives it a
    /// fresh one) and a leave guard one time in 20.
    package static func screen(_ rng: inout SplitMix64) -> Screen {
        let kind = rng.pick(kinds)
        let number = rng.below(3)
        return Screen(
            id: ScreenID(rng.below(5)),
            kind: kind,
            url: "app://\(kind.lowercased())/\(number)",
            pattern: "app://\(kind.lowercased())/:n",
            title: "\(kind) \(number)",
            leaveGuard: rng.oneIn(20) ? LeaveGuard(reason: "unsaved \(number)") : nil
        )
    }

    /// Any animation.
    package static func animation(_ rng: inout SplitMix64) -> Animation {
        rng.pick(Animation.allCases)
    }

    /// A random action for `state`: its screen IDs run up to two past the state's next ID, so some
    /// name no screen.
    package static func action(_ rng: inout SplitMix64, in state: NavigationState) -> NavigationAction {
        let someID = ScreenID(rng.below(state.idGenerator.nextValue + 2))
        switch kind(&rng) {
        case .push:
            return .push(screen(&rng), animation: animation(&rng))
        case .pop:
            return .pop(animation: animation(&rng))
        case .popToRoot:
            return .popToRoot()
        case .popTo:
            let target: ScreenTarget = switch rng.below(3) {
            case 0: .kind(rng.pick(kinds))
            case 1: .pattern("app://\(rng.pick(kinds).lowercased())/:n")
            default: .screen(someID)
            }
            return .popTo(target)
        case .present:
            return .present(
                screen(&rng),
                style: rng.pick(PresentationStyle.allCases),
                wrapsInNavigation: rng.oneIn(2),
                animation: animation(&rng)
            )
        case .dismiss:
            return .dismiss()
        case .dismissAll:
            return .dismissAll()
        case .selectTab:
            let selector: TabSelector = switch rng.below(3) {
            case 0: .index(rng.below(5) - 1)
            case 1: .rootURL(rng.pick(["app://orders", "app://profile", "app://settings", "app://cart"]))
            default: .rootKind(rng.pick(kinds + ["Settings"]))
            }
            return .selectTab(selector, popToRoot: rng.oneIn(2))
        case .setRoot:
            return .setRoot(screen(&rng))
        case .dismissThenPush:
            return .dismissThenPush(screen(&rng))
        case .replaceTop:
            return .replaceTop(screen(&rng))
        case .setLeaveGuard:
            return rng.below(3) < 2 ? .discardGuard(someID) : .setLeaveGuard(LeaveGuard(reason: "dirty"), on: someID)
        case .remove:
            return .remove(someID, animation: animation(&rng))
        case .update:
            return .update(someID, with: screen(&rng))
        }
    }
}
