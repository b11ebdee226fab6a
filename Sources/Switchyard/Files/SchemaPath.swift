import Foundation

/// Coding paths as error messages show them: `routes[1].guard`, `metadata["a.b"]`; the top level is `""`.
package enum SchemaPath {
    /// `path` followed by the member `key`: `.key`, or `["key"]` when the key is not a plain name.
    package static func appending(_ path: String, key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
        }
        if plain { return path.isEmpty ? key : path + "." + key }
        return path + "[\"" + SchemaText.echo(key) + "\"]"
    }

    /// `path` followed by the array element `index`: `[index]`.
    package static func appending(_ path: String, index: Int) -> String { path + "[\(index)]" }

    /// A decoder's coding path as text. Keys with an integer value are array positions.
    package static func render(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let i = key.intValue {
                out = appending(out, index: i)
            } else {
                out = appending(out, key: key.stringValue)
            }
        }
        return out
    }
}
