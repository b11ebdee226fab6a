import Foundation

/// Every value of a document by coding path, built while checking its syntax; decoders read it through
/// `userInfo` to list unknown keys in file order and to say what they found instead of what they expected.
package final class SchemaIndex: Sendable {
    /// The values by rendered coding path (``SchemaPath``).
    package let values: [String: SchemaValue]
    /// Whether the document is a property list (for wording).
    package let propertyList: Bool

    init(values: [String: SchemaValue], propertyList: Bool) {
        self.values = values
        self.propertyList = propertyList
    }

    /// The `userInfo` key decoders find the index under.
    package static let userInfoKey: CodingUserInfoKey? = CodingUserInfoKey(rawValue: "switchyard.schemaIndex")

    /// The index a decoder carries, if any.
    package static func of(_ decoder: any Decoder) -> SchemaIndex? {
        guard let key = userInfoKey else { return nil }
        return decoder.userInfo[key] as? SchemaIndex
    }

    /// An index of an already parsed property list (kinds and sorted keys; no positions).
    static func propertyList(_ root: Any) -> SchemaIndex {
        var values: [String: SchemaValue] = [:]
        var pending: [(String, Any, Int)] = [(String(), root, 0)]
        while let (path, value, depth) = pending.popLast() {
            guard depth <= JSONSyntax.maxDepth else { continue }
            if let d = value as? [String: Any] {
                let keys = d.keys.sorted()
                values[path] = SchemaValue(kind: .object, text: nil, keys: keys)
                for k in keys { if let v = d[k] { pending.append((SchemaPath.appending(path, key: k), v, depth + 1)) } }
            } else if let a = value as? [Any] {
                values[path] = SchemaValue(kind: .array, text: nil, keys: [])
                for (i, v) in a.enumerated() { pending.append((SchemaPath.appending(path, index: i), v, depth + 1)) }
            } else if value is String {
                values[path] = SchemaValue(kind: .string, text: nil, keys: [])
            } else if value is Data {
                values[path] = SchemaValue(kind: .data, text: nil, keys: [])
            } else if value is Date {
                values[path] = SchemaValue(kind: .date, text: nil, keys: [])
            } else if type(of: value) == Bool.self {
                values[path] = SchemaValue(kind: .boolean, text: nil, keys: [])
            } else if let n = value as? NSNumber {
                let boolean = String(cString: n.objCType) == "c"
                values[path] = SchemaValue(kind: boolean ? .boolean : .number, text: SchemaText.echo(n.stringValue),
                                           keys: [])
            }
        }
        return SchemaIndex(values: values, propertyList: true)
    }
}
