// swift-format-ignore-file
import URLNavigator

enum NavigationMap {
    static func initialize(navigator: NavigatorProtocol) {
        navigator.register("navigator://user/<username>") { url, values, context in
            guard let username = values["username"] as? String else { return nil }
            return UserViewController(navigator: navigator, username: username)
        }
        navigator.register("navigator://post/<int:id>") { url, values, context in
            PostViewController(id: values["id"] as? Int ?? 0)
        }
        navigator.register("navigator://price/<float:amount>", PriceViewController.init)
        navigator.register("http://<path:url>", self.webViewControllerFactory)
        navigator.handle("navigator://alert") { url, values, context in
            return true
        }
        /* navigator.register("navigator://commented/<id>") { _, _, _ in nil } */
        let tab = "home"
        navigator.register("navigator://tab/\(tab)") { _, _, _ in nil }
        navigator.register("navigator://files/<path:file>/raw") { _, _, _ in nil }
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        navigator.register(Routes.order) { url, values, context in
            OrderViewController(id: values["id"] as? Int ?? 0)
        }
        navigator.register(settingsRoute, SettingsViewController.init)
        navigator.register(Routes.tab) { _, _, _ in nil }
        tableView.register(cellClass)
        navigator.register("navigator://page/\(pageIndex())") { _, _, _ in nil }
    }
}
