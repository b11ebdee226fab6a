import Foundation

/// One entry of TheRouter's relocation payload (its `TheRouterInfo`), as its server sends it. Every
/// field of that model is accepted on every entry: `routerType`, `orginPath`, `targetPath`, `path`,
/// `className` and `params`.
///
/// - 1 (replace): URLs matching `orginPath` open `targetPath`; `params` are added to the relocated URL.
/// - 2 (add): `path` becomes another path for the target `className`.
/// - 3 (delete): `path` (or `orginPath`) no longer opens anything.
/// - 4 (restore): undoes the relocation of `orginPath`. With a `targetPath` other than `orginPath` it
///   replaces `orginPath` with `targetPath` instead, as TheRouter does.
///
/// TheRouter's model sends its defaults, so a field the entry does not use is accepted when it is
/// empty (`""`, `{}` or null); with a value it is refused, since nothing would read it. Any other key,
/// and any other `routerType`, is refused.
struct TheRouterRelocation: Decodable {
    let entry: RelocationEntry

    private enum Keys: String, CodingKey, CaseIterable {
        case routerType, orginPath, targetPath, path, className, params
    }

    init(from decoder: any Decoder) throws {
        let o = try SchemaObject(decoder, Keys.self)
        guard let type = try o.integer(.routerType) else {
            throw o.refuse(.routerType, "missing (1 replace, 2 add, 3 delete, 4 restore)")
        }
        let unused = "not used by routerType \(type) (accepted only empty)"
        /// The string of `key`, nil when absent, null or empty.
        func text(_ key: Keys) throws -> String? {
            guard o.has(key) else { return nil }
            let value = try o.decode(String.self, key)
            return value.isEmpty ? nil : value
        }
        func pattern(_ key: Keys) throws -> (text: String, pattern: RoutePattern)? {
            try text(key) == nil ? nil : try o.compiledPattern(key)
        }
        func required(_ key: Keys) throws -> (text: String, pattern: RoutePattern) {
            guard let found = try pattern(key) else { throw o.refuse(key, "missing (routerType \(type) needs it)") }
            return found
        }
        let params = try o.metadata(.params)
        func refuseUnused(_ keys: [Keys]) throws {
            for key in keys {
                if key == .params ? !params.isEmpty : try text(key) != nil { throw o.refuse(key, unused) }
            }
        }
        switch type {
        case 1:
            try refuseUnused([.path, .className])
            let (from, source) = try required(.orginPath)
            let (to, destination) = try required(.targetPath)
            if let problem = RoutePattern.destinationProblem(from: source, to: destination) {
                throw o.refuse(.targetPath, problem)
            }
            entry = .replace(pattern: from, to: to, parameters: params)
        case 2:
            try refuseUnused([.orginPath, .targetPath, .params])
            guard let target = try text(.className) else {
                throw o.refuse(.className, "missing (routerType 2 needs it)")
            }
            entry = .add(pattern: try required(.path).text, target: target)
        case 3:
            try refuseUnused([.targetPath, .className, .params])
            let path = try pattern(.path)
            let origin = try pattern(.orginPath)
            if let path, let origin, path.pattern.shape != origin.pattern.shape {
                throw o.refuse(.orginPath, "names another route than path '\(path.text)'; give one of them")
            }
            guard let gone = path ?? origin else {
                throw o.refuse(.path, "missing (routerType 3 needs path or orginPath)")
            }
            entry = .delete(pattern: gone.text)
        case 4:
            try refuseUnused([.path, .className])
            let (from, source) = try required(.orginPath)
            if let (to, destination) = try pattern(.targetPath), destination.shape != source.shape {
                if let problem = RoutePattern.destinationProblem(from: source, to: destination) {
                    throw o.refuse(.targetPath, problem)
                }
                entry = .replace(pattern: from, to: to, parameters: params)
            } else {
                try refuseUnused([.params])
                entry = .reset(pattern: from)
            }
        default:
            throw o.refuse(.routerType, "unknown routerType \(type) (1 replace, 2 add, 3 delete, 4 restore)")
        }
    }
}
