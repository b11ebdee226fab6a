import Switchyard

/// One lint rule: a small type with one code, checking one kind of subject (a route file's
/// `RouteLintContext`, or an app description).
package protocol LintRule<Subject>: Sendable {
    /// What the rule checks.
    associatedtype Subject
    /// The code of every finding the rule reports.
    var code: LintCode { get }
    /// The rule's findings for `subject`, in file order.
    func check(_ subject: Subject) -> [RouteLintFinding]
}
