import Switchyard

/// Every code a lint finding can carry. The README's table of lint codes lists the same codes, and a
/// test keeps the two in step.
public enum LintCode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The same pattern is registered twice.
    case duplicate
    /// Two patterns differ only in their parameter names.
    case sameShape = "same-shape"
    /// A route's pattern does not parse.
    case invalidPattern = "invalid-pattern"
    /// A value the route file format refuses: a wrong type, an unknown or missing key.
    case schema
    /// A metadata value of the wrong type for its key (`requiresLogin`, `loginFlow` and `web` take true or false).
    case metadataType = "metadata-type"
    /// A route's pattern matches no URL at all.
    case unmatchable
    /// A route can never win: routes ranking above it match every URL it matches.
    case shadowed
    /// Two routes of equal rank and priority match a URL in common, so registration order decides.
    case overlap
    /// A redirect does not parse, needs a parameter its source lacks, or can never be filled.
    case invalidRedirect = "invalid-redirect"
    /// Two redirects have the same source.
    case duplicateRedirect = "duplicate-redirect"
    /// A redirect or replacement leads to no route, or an `add` names a target no route has.
    case unknownTarget = "unknown-target"
    /// Redirects and relocation replacements lead back to themselves.
    case redirectCycle = "redirect-cycle"
    /// Redirects and relocation replacements follow one another more times than the router's hop limit.
    case redirectChain = "redirect-chain"
    /// The router would refuse the relocation table.
    case relocation
    /// A search grew past its state cap, so a relation between patterns was not decided.
    case undecided
    /// An app's `parent` template names a value its route can never bind.
    case unboundPlaceholder = "unbound-placeholder"
    /// An app's `parent` template leads to no route.
    case unknownParent = "unknown-parent"
    /// An app's link leads to no route, redirect, relocation or mounted pattern.
    case unknownLink = "unknown-link"
    /// Routes set `requiresLogin`, but the app has no `loginURL`, so nothing guards them.
    case loginURLMissing = "login-url-missing"
    /// `switchyard import` converted a route with a loss (its `importWarning` metadata).
    case importWarning = "import-warning"
    /// A metadata key that Switchyard does not read but that is close to one it does (`requireLogin`
    /// for `requiresLogin`): probably a typo that silently turns the key's behaviour off.
    case unknownMetadataKey = "unknown-metadata-key"
    /// A literal segment written as a constraint without its parameter name (`(a+)+`, `<int>`): it
    /// matches only those very characters.
    case constraintAsLiteral = "constraint-as-literal"

    /// The kebab-case code as printed (`same-shape`).
    public var description: String { rawValue }

    /// How serious a finding with this code is.
    public var severity: RouteLintFinding.Severity {
        switch self {
        case .shadowed, .overlap, .unmatchable, .undecided, .unknownLink, .importWarning, .redirectChain,
             .unknownMetadataKey, .constraintAsLiteral: .warning
        default: .error
        }
    }

    /// One sentence saying what the code means (the README's table says the same).
    public var meaning: String {
        switch self {
        case .duplicate: "the same pattern is registered twice"
        case .sameShape: "two patterns differ only in their parameter names"
        case .invalidPattern: "a route's pattern does not parse"
        case .schema: "a value the route file format refuses (a wrong type, an unknown or missing key)"
        case .metadataType:
            "a metadata value has the wrong type for its key (requiresLogin, loginFlow and web take true or false)"
        case .unmatchable: "a route's pattern matches no URL (a constraint nothing satisfies there)"
        case .shadowed: "routes ranking above a route match every URL it matches, so it never wins"
        case .overlap: "two routes of equal rank and priority match a URL in common; registration order decides"
        case .invalidRedirect: "a redirect does not parse, needs a parameter its source lacks, or can never be filled"
        case .duplicateRedirect: "two redirects have the same source"
        case .unknownTarget: "a redirect or replacement leads to no route, or an add names a target no route has"
        case .redirectCycle: "redirects and relocation replacements lead back to themselves"
        case .redirectChain:
            "redirects and relocation replacements follow one another more than 8 times,"
                + " so opening the first ends redirect_loop"
        case .relocation: "the router would refuse the relocation table"
        case .undecided: "a search hit its state cap, so a relation between patterns was not decided"
        case .unboundPlaceholder: "an app's parent template names a value its route can never bind"
        case .unknownParent: "an app's parent template leads to no route"
        case .unknownLink: "an app's link leads to no route, redirect, relocation or mounted pattern"
        case .loginURLMissing: "routes set requiresLogin but the app has no loginURL to guard them"
        case .importWarning:
            "switchyard import recorded a warning for the route (the importWarning metadata): a lossy conversion, or a "
                + "registration left out for it"
        case .unknownMetadataKey:
            "a metadata key Switchyard does not read is close to one it does (requireLogin for requiresLogin), "
                + "so the behaviour that key turns on is off"
        case .constraintAsLiteral:
            "a literal segment is written as a constraint without its parameter name ((a+)+, <int>), "
                + "so it matches only those characters"
        }
    }
}
