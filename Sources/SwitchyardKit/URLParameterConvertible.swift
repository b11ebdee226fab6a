import Foundation
import Switchyard

/// A value that can travel in a URL, as a path segment or a query value.
public protocol URLParameterConvertible: Sendable {
    /// The value's text in the URL (before percent-encoding).
    var urlParameterText: String { get }
}
