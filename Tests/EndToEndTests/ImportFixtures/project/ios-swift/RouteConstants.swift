// Patterns kept in one place, registered in Navigator.swift.
enum Routes {
    static let order = "navigator://order/<int:id>"
    static let tab = "navigator://tab/\(Tab.home)"
}

let settingsRoute = "navigator://" + "settings"
