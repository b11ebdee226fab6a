import Testing
@testable import Switchyard

@Test func smoke() throws {
    var b = RouteTableBuilder<String>()
    try b.add("app://user/login/:phone([0-9]+)", target: "login")
    try b.add("app://user/:id", target: "user")
    try b.add("app://user/me", target: "me")
    try b.add("share/:id", target: "share")
    try b.add("app://files/*path", target: "files")
    try b.add("app://search/:q?", target: "search")
    let t = b.build()
    let m = try t.match("app://user/login/13800000000?x=1")
    #expect(m?.target == "login")
    #expect(m?.parameters["phone"] == "13800000000")
    #expect(try t.match("app://user/me")?.target == "me")
    #expect(try t.match("APP://User/5")?.target == "user")
    #expect(try t.match("other://share/5")?.parameters["id"] == "5")
    #expect(try t.match("app://files/a/b%2Fc/d")?.parameters["path"] == "a/b/c/d")
    #expect(try t.match("app://search")?.target == "search")
    #expect(try t.match("app://search/x")?.parameters["q"] == "x")
    #expect(try t.match("app://nothing") == nil)
}
