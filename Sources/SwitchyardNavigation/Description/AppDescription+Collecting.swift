import Foundation
import Switchyard

extension AppDescription {
    /// Every error of an app description found in one pass, as `RouteFile.collecting(json:file:)`
    /// finds a route file's: an unknown top-level key, each tab, route and redirect that does not read
    /// (each at its own index, the others read on), and each other top-level value that does not.
    /// Empty when every entry reads; the description's own checks (``validate()``, named animations),
    /// which need the whole description, are then left to the strict reader. Throws only when nothing
    /// can be read (a syntax error, a top level that is not an object).
    ///
    /// - Parameters:
    ///   - data: the JSON app description.
    ///   - file: the file as it was named, for errors.
    public static func collectingErrors(json data: Data, file: String? = nil) throws(RouteFileError)
        -> [RouteFileError] {
        let collected = try RouteSchema.decodeStandard(CollectingApp.self, json: data, file: file)
        return CollectedRouteFile.inFileOrder(collected.errors).map { $0.naming(file) }
    }
}

/// One entry of an array read on its own: its refusal kept, so that the array goes on to the next entry.
private struct CollectedEntry<T: Decodable>: Decodable {
    let error: RouteFileError?

    init(from decoder: any Decoder) throws {
        do {
            _ = try T(from: decoder)
            error = nil
        } catch {
            self.error = RouteSchema.refusal(error, index: SchemaIndex.of(decoder))
        }
    }
}

/// An app description's top level read key by key, and its arrays entry by entry.
private struct CollectingApp: Decodable {
    var errors: [RouteFileError] = []

    init(from decoder: any Decoder) throws {
        let index = SchemaIndex.of(decoder)
        let all = try decoder.container(keyedBy: SchemaKey.self)
        let known = AppDescription.Keys.allCases.map(\.rawValue)
        let order = index?.values[""]?.keys ?? all.allKeys.map(\.stringValue).sorted()
        for key in order where !known.contains(key) {
            let hint = SchemaText.closest(to: key, in: known).map { "unknown key; did you mean \"\($0)\"?" }
                ?? "unknown key (known keys: \(known.joined(separator: ", ")))"
            errors.append(RouteFileError(key, hint))
        }
        let c = try decoder.container(keyedBy: AppDescription.Keys.self)
        func entries<T: Decodable>(_ type: T.Type, _ key: AppDescription.Keys, required: Bool) {
            do {
                if let read = try c.decodeIfPresent([CollectedEntry<T>].self, forKey: key) {
                    errors += read.compactMap(\.error)
                } else if required {
                    errors.append(RouteFileError("", "missing required key \"\(key.rawValue)\""))
                }
            } catch {
                errors.append(RouteSchema.refusal(error, index: index))
            }
        }
        func value<T: Decodable>(_ type: T.Type, _ key: AppDescription.Keys) {
            do { _ = try c.decodeIfPresent(type, forKey: key) } catch {
                errors.append(RouteSchema.refusal(error, index: index))
            }
        }
        value(String.self, .name)
        entries(TabDescription.self, .tabs, required: true)
        entries(ScreenRoute.self, .routes, required: true)
        entries(AppDescription.RedirectDescription.self, .redirects, required: false)
        value(RelocationTable.self, .relocations)
        value(String.self, .loginURL)
        value([String].self, .webAllowList)
        value([String: AnimationMotion].self, .animations)
        value(String.self, .defaultAnimation)
    }
}
