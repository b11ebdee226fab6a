import JLRoutes

func setUpSwiftRoutes() {
    let routes = JLRoutes(forScheme: "swifty")
    routes.addRoute("/order/:orderID") { parameters in
        return true
    }
    JLRoutes.global().addRoute(#"/raw/:name"#) { _ in true }
    // A string with an escaped quote is still one literal: addRoute("/fake") below is inside it.
    let note = "say \"addRoute(\"/fake\")\" to nobody"
    _ = note
    routes.addRoute("/items(/:page)(/:sort)") { _ in true }
}
