import Foundation
import Switchyard

/// A navigation a ``LoginGate`` holds until login: the URL as it was opened and the number of its open.
public struct HeldNavigation: Sendable, Equatable {
    /// The URL the navigation will resume, as it was opened.
    public let url: String
    /// The `RouteTrace.id` of the open that was held.
    public let openID: Int
}
