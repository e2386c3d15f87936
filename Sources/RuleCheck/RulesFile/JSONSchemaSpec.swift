/// A JSON Schema that every record is held to exactly, beside the form's fields: a rules file's
/// `json_schema:`, or the schema a rules set was imported from. The form's fields present what
/// they can say (titles, widgets, masks, messages); the schema's own answer decides whether a
/// record is valid (``RecordSchema``).
///
/// ```yaml
/// json_schema: |
///   {"type": "object", "properties": {"tags": {"type": "array", "prefixItems": [{"type": "string"}]}}}
/// fields:
///   - id: title
///     type: text
/// ```
///
/// In a YAML rules file the schema is JSON text in a block scalar (`|`), or a flow mapping
/// written as JSON; in a JSON rules file, a JSON object or boolean (or a string of JSON text).
struct JSONSchemaSpec: Sendable {
    /// Where the schema's text stands, so that a JSON pointer into it has a line and column of
    /// the file that holds it.
    enum Placement: Sendable {
        /// The schema is a file of its own (an imported schema): its locations are the file's.
        case file
        /// The text of a scalar of a rules file (a block scalar, or a JSON string).
        case scalar(ScalarLocator)
        /// JSON written inline in a rules file, from this byte offset of it.
        case inline(SourceText, offset: Int)
    }

    /// The schema: its text, value and where each member is written in that text.
    let source: SchemaSource
    let placement: Placement
    /// Where `json_schema:` is written (or the start of an imported schema).
    let location: FileLocation
    /// What the schema is read with besides its text: its URI, the schemas it may refer to,
    /// whether formats assert (from the command line or the app, not from the rules file).
    var context = Context()

    /// What a schema is read with besides its text.
    struct Context: Sendable {
        /// The schema's own URI, that its relative references resolve against (a file's URL, or
        /// nil: the schema's `$id`, else a URI of its own).
        var baseURI: String?
        /// Other schemas it may refer to, by URI (`--schema`): nothing is read or fetched otherwise.
        var documents: JSONObject = [:]
        /// Whether `format` asserts (`--formats`).
        var formats = JSONSchemaImportOptions.Formats.dialectDefault
    }

    /// The schema's value.
    var root: JSONValue { source.root }

    /// The schema's text as written (key order and digits kept), for printing it back.
    var text: String { source.text.bytes.isEmpty ? "" : String(decoding: source.text.bytes, as: UTF8.self) }

    /// Where `pointer` (a JSON pointer into the schema, `/properties/age/minimum`) is written.
    func location(of pointer: String) -> FileLocation {
        let inText = source.location(of: pointer)
        switch placement {
        case .file:
            return inText
        case .scalar(let locator):
            return locator.location(of: Self.scalarOffset(of: inText, in: source.text))
        case .inline(let file, let offset):
            return file.location(ofOffset: offset + source.text.offset(of: inText))
        }
    }

    /// The number of Unicode scalars before `location` in `text`.
    private static func scalarOffset(of location: FileLocation, in text: SourceText) -> Int {
        let end = text.offset(of: location)
        var count = 0
        for byte in text.bytes.prefix(end) where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
