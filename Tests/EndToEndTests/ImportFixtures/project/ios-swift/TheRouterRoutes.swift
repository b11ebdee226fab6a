import TheRouter

class TheRouterController: UIViewController, TheRouterable {
    static var patternString: [String] {
        ["scheme://router/demo", "scheme://router/demo2"]
    }
}

final class AccountController: UIViewController, TheRouterable {
    static var patternString = ["scheme://router/account/:uid"]
}

func registerLegacyRoutes() {
    TheRouter.addRouterItem("scheme://router/legacy", classString: "LegacyController")
    TheRouter.addRouterItem(["scheme://router/web": "WebController", "scheme://router/help": "HelpController"])
    let multiline = """
        TheRouter.addRouterItem("scheme://router/in-a-string", classString: "Nope")
        """
    _ = multiline
}

enum RouterPaths {
    static let settings = "scheme://router/settings"
}

final class SettingsController: UIViewController, TheRouterable {
    static var patternString = [RouterPaths.settings, "scheme://router/preferences"]
}
