/// The languages the lexer reads; they differ in comments, strings and interpolation.
enum SourceLanguage: String {
    case objectiveC = "Objective-C", swift = "Swift", kotlin = "Kotlin", java = "Java"

    /// Languages whose constants can name each other: Java and Kotlin compile into one program.
    enum Family { case objectiveC, swift, jvm }

    /// The family of this language.
    var family: Family {
        switch self {
        case .objectiveC: .objectiveC
        case .swift: .swift
        case .kotlin, .java: .jvm
        }
    }

    /// The language of a file name, by extension.
    init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h") {
            self = .objectiveC
        } else if lower.hasSuffix(".swift") {
            self = .swift
        } else if lower.hasSuffix(".kt") || lower.hasSuffix(".kts") {
            self = .kotlin
        } else if lower.hasSuffix(".java") {
            self = .java
        } else {
            return nil
        }
    }
}
