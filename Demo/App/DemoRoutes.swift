import Switchyard
import SwitchyardKit
import SwitchyardNavigation

// The demo's screen routes, declared in code (TheRouter's `Routable` and module set-up): one type per
// screen with its patterns, target and metadata, grouped in a module per tab (XKRouter groups route
// definitions by host). `DemoApp.makeRuntime()` installs the modules; what each screen shows (title,
// body, links, how it opens, its parent) stays in the demo's description, `DemoApp.json`.

/// A demo screen: a `Routable` whose factory builds the screen of the description's route it matched
/// from the request's parameters (title, body and links filled in, the jump type and animation read from
/// the URL), with the handler the app runtime built for that route (`ScreenHandlers`, which the module
/// is installed with). Its implied URLs are the route's: the parent of a deep link, the tab of a tab jump.
public protocol DemoScreen: Routable {}

extension DemoScreen {
    /// The screen's placement, built by the runtime's handler of the matched route.
    public static func make(_ request: RouteRequest) async throws -> RouteResult {
        try await screenHandler(for: request).handle(withoutRegistry(request))
    }

    /// The parent a deep link builds and the root of the tab a tab jump shows, as the route says.
    public static func impliedURLs(for request: RouteRequest) -> [String] {
        (try? screenHandler(for: request))?.impliedURLs(for: withoutRegistry(request)) ?? []
    }

    /// `request` as the router gave it, without the module's registry: the screen handler shows native
    /// parameters on the screen, and the registry is how the module reached the handler, not a parameter.
    static func withoutRegistry(_ request: RouteRequest) -> RouteRequest {
        var request = request
        request.native[ModuleServices.self] = nil
        return request
    }

    /// The runtime's handler of the route `request` matched, which must be this type's.
    static func screenHandler(for request: RouteRequest) throws(DemoScreenError) -> ScreenHandler {
        guard let handlers = request.services?.resolve(ScreenHandlers.self) else {
            throw DemoScreenError(target: target, pattern: request.pattern.description, reason: .noHandlers)
        }
        guard let handler = handlers.handler(for: request.pattern), handler.route.kind == target else {
            throw DemoScreenError(target: target, pattern: request.pattern.description, reason: .notInDescription)
        }
        return handler
    }
}

/// Why a demo screen could not be built.
public struct DemoScreenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was missing.
    public enum Reason: Sendable, Equatable {
        /// The screen's module was installed without the runtime's ``ScreenHandlers`` in its registry.
        case noHandlers
        /// The description has no route with the matched pattern and this screen's target.
        case notInDescription
    }

    /// The screen's target.
    public let target: String
    /// The pattern the request matched.
    public let pattern: String
    /// What was missing.
    public let reason: Reason

    /// A sentence naming the screen, the pattern and what was missing.
    public var description: String {
        switch reason {
        case .noHandlers:
            "\(target) (\(pattern)) has no screen handlers: install its module with the runtime's ScreenHandlers"
        case .notInDescription:
            "\(target) (\(pattern)) is not a route of the app's description"
        }
    }
}

/// Metadata with the typed flag `key` set to true.
private func flag(_ key: MetadataKey<Bool>) -> [String: String] {
    var metadata: [String: String] = [:]
    metadata[key] = true
    return metadata
}

// MARK: Home

/// The Home tab's screens.
public enum HomeModule: RouteModule {
    /// Home, then the screen that replaces a tab's stack.
    public static var routes: [any Routable.Type] { [HomeScreen.self, NewHomeScreen.self] }
}

/// The Home tab's root.
public enum HomeScreen: DemoScreen {
    /// `app://home`.
    public static let patterns = ["app://home"]
    /// `Home`.
    public static let target = "Home"
}

/// A screen that replaces the whole stack of the tab it opens in.
public enum NewHomeScreen: DemoScreen {
    /// `app://home/reset`.
    public static let patterns = ["app://home/reset"]
    /// `NewHome`.
    public static let target = "NewHome"
}

// MARK: Discover

/// The Discover tab's screens: items, search, the cart, sharing and checkout.
public enum DiscoverModule: RouteModule {
    /// Discover, an item, search, the cart, the share sheet, checkout, coupons and the receipt.
    public static var routes: [any Routable.Type] {
        [DiscoverScreen.self, ItemScreen.self, SearchScreen.self, CartScreen.self, ShareScreen.self,
         CheckoutScreen.self, CouponsScreen.self, ReceiptScreen.self]
    }
}

/// The Discover tab's root.
public enum DiscoverScreen: DemoScreen {
    /// `app://discover`.
    public static let patterns = ["app://discover"]
    /// `Discover`.
    public static let target = "Discover"
}

/// An item, by its typed id; also reached by the legacy `goods/detail` path.
public enum ItemScreen: DemoScreen {
    /// `app://discover/item/:id<int>`, and its alias `app://goods/detail/:id<int>`.
    public static let patterns = ["app://discover/item/:id<int>", "app://goods/detail/:id<int>"]
    /// `Item`.
    public static let target = "Item"
}

/// Search, with an optional query segment.
public enum SearchScreen: DemoScreen {
    /// `app://search/:query?`.
    public static let patterns = ["app://search/:query?"]
    /// `Search`.
    public static let target = "Search"
}

/// The cart (opening it again pops back to it).
public enum CartScreen: DemoScreen {
    /// `app://cart`.
    public static let patterns = ["app://cart"]
    /// `Cart`.
    public static let target = "Cart"
}

/// The share sheet of an item.
public enum ShareScreen: DemoScreen {
    /// `app://share/:id`.
    public static let patterns = ["app://share/:id"]
    /// `Share`.
    public static let target = "Share"
}

/// Checkout, in its own navigation, behind the login gate.
public enum CheckoutScreen: DemoScreen {
    /// `app://checkout/:id<int>`.
    public static let patterns = ["app://checkout/:id<int>"]
    /// `Checkout`.
    public static let target = "Checkout"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// Coupons, pushed on the checkout's own stack.
public enum CouponsScreen: DemoScreen {
    /// `app://checkout/:id<int>/coupons`.
    public static let patterns = ["app://checkout/:id<int>/coupons"]
    /// `Coupons`.
    public static let target = "Coupons"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// The receipt, pushed after the checkout is dismissed.
public enum ReceiptScreen: DemoScreen {
    /// `app://pay/:id<int>`.
    public static let patterns = ["app://pay/:id<int>"]
    /// `Receipt`.
    public static let target = "Receipt"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

// MARK: Orders

/// The Orders tab's screens, all behind the login gate.
public enum OrdersModule: RouteModule {
    /// The orders, an order and its tracking.
    public static var routes: [any Routable.Type] { [OrdersScreen.self, OrderDetailScreen.self, TrackingScreen.self] }
}

/// The Orders tab's root.
public enum OrdersScreen: DemoScreen {
    /// `app://orders`.
    public static let patterns = ["app://orders"]
    /// `Orders`.
    public static let target = "Orders"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// An order, by its typed id (a deep link builds the orders list under it).
public enum OrderDetailScreen: DemoScreen {
    /// `app://order/:id<int>`.
    public static let patterns = ["app://order/:id<int>"]
    /// `OrderDetail`.
    public static let target = "OrderDetail"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// An order's tracking (a deep link builds the order and the orders list under it).
public enum TrackingScreen: DemoScreen {
    /// `app://order/:id<int>/track`.
    public static let patterns = ["app://order/:id<int>/track"]
    /// `Tracking`.
    public static let target = "Tracking"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

// MARK: Me

/// The Me tab's screens: the account, settings, the profile form and public profiles.
public enum MeModule: RouteModule {
    /// Me, settings, the profile form and a user's profile.
    public static var routes: [any Routable.Type] {
        [MeScreen.self, SettingsScreen.self, EditProfileScreen.self, UserProfileScreen.self]
    }
}

/// The Me tab's root, behind the login gate.
public enum MeScreen: DemoScreen {
    /// `app://me`.
    public static let patterns = ["app://me"]
    /// `Me`.
    public static let target = "Me"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// Settings, behind the login gate.
public enum SettingsScreen: DemoScreen {
    /// `app://settings`.
    public static let patterns = ["app://settings"]
    /// `Settings`.
    public static let target = "Settings"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// The profile form, with a leave guard, behind the login gate.
public enum EditProfileScreen: DemoScreen {
    /// `app://settings/edit`.
    public static let patterns = ["app://settings/edit"]
    /// `EditProfile`.
    public static let target = "EditProfile"
    /// `requiresLogin`.
    public static let metadata = flag(.requiresLogin)
}

/// A user's public profile.
public enum UserProfileScreen: DemoScreen {
    /// `app://user/:id`.
    public static let patterns = ["app://user/:id"]
    /// `UserProfile`.
    public static let target = "UserProfile"
}

// MARK: Account

/// The login flow's screens.
public enum AccountModule: RouteModule {
    /// Login by phone, the login screen and the password reset.
    public static var routes: [any Routable.Type] {
        [PhoneLoginScreen.self, LoginScreen.self, ForgotPasswordScreen.self]
    }
}

/// Login by phone number (the segment must be digits); part of the login flow.
public enum PhoneLoginScreen: DemoScreen {
    /// `app://user/login/:phone([0-9]+)`.
    public static let patterns = ["app://user/login/:phone([0-9]+)"]
    /// `PhoneLogin`.
    public static let target = "PhoneLogin"
    /// `loginFlow`.
    public static let metadata = flag(.loginFlow)
}

/// The login screen the gate shows.
public enum LoginScreen: DemoScreen {
    /// `app://login`.
    public static let patterns = ["app://login"]
    /// `Login`.
    public static let target = "Login"
}

/// The password reset, a detour of the login flow.
public enum ForgotPasswordScreen: DemoScreen {
    /// `app://login/forgot`.
    public static let patterns = ["app://login/forgot"]
    /// `ForgotPassword`.
    public static let target = "ForgotPassword"
    /// `loginFlow`.
    public static let metadata = flag(.loginFlow)
}

// MARK: Web

/// The simulated web views, behind the web allow list.
public enum WebModule: RouteModule {
    /// A site's root, then a page.
    public static var routes: [any Routable.Type] { [WebScreen.self, WebPageScreen.self] }
}

/// A web site's root.
public enum WebScreen: DemoScreen {
    /// `https://:host`.
    public static let patterns = ["https://:host"]
    /// `Web`.
    public static let target = "Web"
    /// `web`: the allow list checks the URL.
    public static let metadata = flag(.web)
}

/// A page of a web site.
public enum WebPageScreen: DemoScreen {
    /// `https://:host/*path`.
    public static let patterns = ["https://:host/*path"]
    /// `WebPage`.
    public static let target = "WebPage"
    /// `web`: the allow list checks the URL.
    public static let metadata = flag(.web)
}

// MARK: Registration

/// The demo's screen modules and how the runtime registers them.
public enum DemoRoutes {
    /// The modules, in the order they are installed: the description's route order.
    public static var modules: [any RouteModule.Type] {
        [HomeModule.self, DiscoverModule.self, OrdersModule.self, MeModule.self, AccountModule.self, WebModule.self]
    }

    /// The routes the modules declare, in installation order: each type's patterns, with its target,
    /// priority and metadata.
    public static var declaredRoutes: [RouteDefinition] {
        var routes: [RouteDefinition] = []
        for type in screenTypes {
            for pattern in type.patterns {
                routes.append(RouteDefinition(pattern: pattern, target: type.target, priority: type.priority,
                                              metadata: type.metadata))
            }
        }
        return routes
    }

    /// The modules' screen types, in installation order.
    static var screenTypes: [any Routable.Type] {
        var types: [any Routable.Type] = []
        for module in modules { types += module.routes }
        return types
    }

    /// The demo's screen registration: installs each module, with a registry that holds the runtime's
    /// ``ScreenHandlers`` (the modules' factories build their screens with them); a route loaded from
    /// the route cache gets the handler of the module type with its target and pattern.
    public static func registration() -> ScreenRegistration {
        let services = ServiceRegistry()
        return ScreenRegistration(register: { router, handlers in
            services.register(ScreenHandlers.self, instance: handlers)
            for module in modules {
                try router.install(module, services: services)
            }
        }, cachedHandler: { cached, pattern, handlers in
            if !services.isRegistered(ScreenHandlers.self) {
                services.register(ScreenHandlers.self, instance: handlers)
            }
            let type = screenTypes.first { type in
                type.target == cached.target
                    && type.patterns.contains { (try? RoutePattern($0))?.description == pattern.description }
            }
            return type?.handler(services: services)
        })
    }
}
