extension NavigationState: CustomStringConvertible {
    /// One line for logs and tests, e.g. `[Orders] Orders > Order #42 ^ Login`: the selected tab's
    /// title in brackets, its stack titles joined by ` > `, then each modal's stack after ` ^ `.
    public var compactDescription: String {
        var text = "[\(currentTab.title)] " + currentTab.stack.map(\.title).joined(separator: " > ")
        for modal in modals {
            text += " ^ " + modal.stack.map(\.title).joined(separator: " > ")
        }
        return text
    }

    /// The ``compactDescription``.
    public var description: String {
        compactDescription
    }
}
