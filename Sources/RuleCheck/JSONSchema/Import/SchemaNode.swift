/// One schema as the importer sees it: the objects that make it up once local `$ref`s are
/// followed and `allOf` members merged in, each with its JSON pointer.
struct SchemaNode {
    struct Part {
        let object: JSONObject
        let pointer: String
    }

    var parts: [Part] = []
    /// The pointers of every `$ref` target followed to build this node.
    var refTargets: Set<String> = []
    /// A `false` schema was met (nothing is valid).
    var isFalse = false

    /// Every occurrence of `keyword`, in merge order.
    func all(_ keyword: String) -> [(value: JSONValue, pointer: String)] {
        parts.compactMap { part in part.object[keyword].map { ($0, part.pointer + "/" + SchemaPointer.escape(keyword)) } }
    }

    /// The first occurrence of `keyword`.
    func first(_ keyword: String) -> (value: JSONValue, pointer: String)? {
        for part in parts { if let value = part.object[keyword] { return (value, part.pointer + "/" + SchemaPointer.escape(keyword)) } }
        return nil
    }

    func has(_ keyword: String) -> Bool { parts.contains { $0.object[keyword] != nil } }

    /// The pointer of this node's first part (where to report things about it as a whole).
    var pointer: String { parts.first?.pointer ?? "" }
}
