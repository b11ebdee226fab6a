/// An Objective-C object-like macro, `#define NAME body`: its name, line and the body's tokens.
struct SourceDefine {
    let name: String
    let line: Int
    let body: [SourceToken]
}
