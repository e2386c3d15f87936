/// `json_schema:`: a JSON Schema every record is held to (``JSONSchemaSpec``).
extension RulesFileParser {
    /// The schema of `json_schema:`: JSON text in a scalar (a YAML block scalar, a JSON string),
    /// or a JSON value written in place (a JSON rules file's object, a YAML flow mapping that is
    /// JSON). Text that is not JSON is an error at its line and column.
    mutating func jsonSchema(_ node: RulesNode, key: FileLocation) -> JSONSchemaSpec? {
        let what = "json_schema"
        switch node.kind {
        case .scalar(let text, let style):
            if style == .plain, text == "true" || text == "false" {
                return schema(bytes: Array(text.utf8), placement: .inline(source, offset: node.offset), key: key)
            }
            let locator = ScalarLocator(start: node.location, style: style, source: source, startOffset: node.offset)
            return schema(bytes: Array(text.utf8), placement: .scalar(locator), key: key)
        case .mapping, .sequence:
            let bytes = source.bytes
            guard node.offset < bytes.count, let end = Self.endOfJSONValue(in: bytes, from: node.offset) else {
                error(
                    .schemaNotJSON,
                    "\(what) must be a JSON Schema written as JSON: in a YAML rules file, as JSON text in a block scalar ('json_schema: |')",
                    at: node.location)
                return nil
            }
            return schema(bytes: Array(bytes[node.offset..<end]), placement: .inline(source, offset: node.offset), key: key)
        }
    }

    private mutating func schema(bytes: [UInt8], placement: JSONSchemaSpec.Placement, key: FileLocation) -> JSONSchemaSpec? {
        let parsed: SchemaSource
        do {
            parsed = try SchemaSource(parsing: bytes, name: source.name)
        } catch {
            // The parse error's place is in the schema's text: place it in the file.
            let offset = error.offset
            let location: FileLocation =
                switch placement {
                case .file: SourceText(name: source.name, bytes: bytes).location(ofOffset: offset)
                case .scalar(let locator): locator.location(of: bytes.prefix(offset).count { $0 & 0xC0 != 0x80 })
                case .inline(let file, let start): file.location(ofOffset: start + offset)
                }
            self.error(.schemaNotJSON, "json_schema is not JSON: \(error.message)", at: location)
            return nil
        }
        guard parsed.root.object != nil || parsed.root.bool != nil else {
            error(.invalidSchema, "json_schema must be a JSON Schema: an object or a boolean, not \(parsed.root.kindDescription)", at: key)
            return nil
        }
        return JSONSchemaSpec(source: parsed, placement: placement, location: key)
    }

    /// Where the JSON value that starts at `start` ends (the offset after it), or nil when the
    /// text there is not one JSON value (YAML that is not JSON).
    private static func endOfJSONValue(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var scanner = JSONScanner(bytes: base + start, count: buffer.count - start, maxDepth: JSONParser.defaultMaxDepth)
            do {
                try scanner.skipValue()
            } catch {
                return nil
            }
            return start + scanner.index
        }
    }
}
