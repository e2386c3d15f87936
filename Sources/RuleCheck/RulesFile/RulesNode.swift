/// A rules file read into a tree, from YAML (``YAMLRulesReader``) or from JSON
/// (``JSONRulesReader``): scalars with their text and quoting, mappings with their entries in
/// written order, sequences; every node with its place in the file. ``RulesFileParser`` reads a
/// ``RulesDocument`` from it, so both formats give the same document and the same diagnostics.
///
/// YAML's aliases are expanded and its merge keys (`<<: *base`) applied by the YAML reader; a
/// JSON object's repeated keys are kept, for the parser to report.
struct RulesNode: Sendable {
    enum Kind: Sendable {
        case scalar(String, ScalarLocator.Style)
        case mapping([Entry])
        case sequence([RulesNode])
    }

    struct Entry: Sendable {
        var key: RulesNode
        var value: RulesNode
    }

    var kind: Kind
    /// Where the node starts: its first character, opening quote or bracket.
    var location: FileLocation
    /// The byte offset of ``location`` in the source.
    var offset: Int

    /// Whether this is a list with nothing in it (`[]`).
    var isEmptyList: Bool {
        if case .sequence(let items) = kind { return items.isEmpty }
        return false
    }

    /// "a single value", "a mapping", "a list": for messages.
    var kindName: String {
        switch kind {
        case .scalar: "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

/// Reads a rules file's bytes into a ``RulesNode`` tree: checks that they are UTF-8, skips a
/// byte-order mark, and tells JSON from YAML.
enum RulesFileReader {
    enum Format: Sendable { case yaml, json }

    /// JSON when the name ends in `.json`; YAML when it ends in `.yaml` or `.yml`; otherwise JSON
    /// when the first character that is not a space is `{`, else YAML. (JSON is YAML too, but
    /// the JSON reader is faster and keeps minified files linear.)
    static func format(name: String, bytes: [UInt8]) -> Format {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".json") { return .json }
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return .yaml }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") ? .json : .yaml
    }

    /// The tree of `bytes`, or nil with the reason in `diagnostics`.
    ///
    /// - Returns: the source (for snippets and locations) and the root node.
    static func read(
        _ bytes: [UInt8], name: String,
        diagnostics: inout [Diagnostic]
    ) -> (source: SourceText, root: RulesNode?) {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            // Show the file as far as it reads, so that the line and column are those of an editor.
            let source = SourceText(name: name, bytes: Array(bytes[..<invalid]))
            let location = source.location(ofOffset: invalid)
            let byte = String(bytes[invalid], radix: 16, uppercase: true)
            diagnostics.append(
                Diagnostic(
                    .error, .notUTF8,
                    "the rules file is not UTF-8 text: byte 0x\(byte) here is not UTF-8 "
                        + "(save the file as UTF-8)", at: location))
            return (source, nil)
        }
        let source = SourceText(name: name, bytes: bytes)
        switch format(name: name, bytes: bytes) {
        case .json:
            var reader = JSONRulesReader(source: source)
            let root = reader.read()
            diagnostics += reader.diagnostics
            return (source, root)
        case .yaml:
            var reader = YAMLRulesReader(source: source)
            let root = reader.read()
            diagnostics += reader.diagnostics
            return (source, root)
        }
    }
}
