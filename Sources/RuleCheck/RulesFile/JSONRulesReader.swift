/// Reads a rules file written as JSON into a ``RulesNode`` tree with the package's own JSON
/// scanner (the one behind ``JSONParser``: strict RFC 8259, the same errors, the same depth
/// limit), never through the YAML composer: one pass over the bytes, linear in the size of the
/// file however long its lines are.
///
/// Strings become double-quoted scalars (always text, as `"80"` is in YAML); numbers, `true`,
/// `false` and `null` become plain scalars with their text as written. A repeated key is kept
/// for ``RulesFileParser`` to report, as YAML's are.
struct JSONRulesReader {
    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []

    init(source: SourceText) {
        self.source = source
    }

    /// The tree, or nil when the text is not JSON (the error is in ``diagnostics``).
    mutating func read() -> RulesNode? {
        let source = self.source
        let result = source.bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> RulesNode in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    throw JSONParseError(code: .unexpectedEnd, message: "expected a value, found the end of the text", offset: 0)
                }
                var builder = Builder(
                    scanner: JSONScanner(bytes: base, count: buffer.count, maxDepth: JSONParser.defaultMaxDepth),
                    cursor: SourceText.Cursor(source))
                return try builder.document()
            }
        }
        switch result {
        case .success(let root):
            return root
        case .failure(let error):
            diagnostics.append(Diagnostic(.error, .jsonSyntax, "JSON: " + error.message, at: source.location(ofOffset: error.offset)))
            return nil
        }
    }

    /// Drives the scanner step by step, making nodes as values are read (in the order written,
    /// so the cursor only moves forward).
    private struct Builder {
        var scanner: JSONScanner
        var cursor: SourceText.Cursor

        mutating func document() throws(JSONParseError) -> RulesNode {
            scanner.skipWhitespace()
            let root = try node()
            scanner.skipWhitespace()
            if scanner.index < scanner.count {
                throw scanner.fail(.syntax, "expected the end of the text after the value, found \(scanner.found(at: scanner.index))")
            }
            return root
        }

        private mutating func node() throws(JSONParseError) -> RulesNode {
            let start = scanner.index
            let location = cursor.location(ofOffset: start)
            let kind: RulesNode.Kind
            switch start < scanner.count ? scanner.bytes[start] : 0 {
            case JSONByte.openBrace:
                var entries: [RulesNode.Entry] = []
                if try scanner.openObject() {
                    repeat {
                        let keyOffset = scanner.index
                        let keyLocation = cursor.location(ofOffset: keyOffset)
                        let key = try scanner.objectKey(afterComma: !entries.isEmpty)
                        let keyNode = RulesNode(kind: .scalar(key, .doubleQuoted), location: keyLocation, offset: keyOffset)
                        entries.append(RulesNode.Entry(key: keyNode, value: try node()))
                    } while try scanner.objectContinues()
                }
                kind = .mapping(entries)
            case JSONByte.openBracket:
                var items: [RulesNode] = []
                if try scanner.openArray() {
                    repeat {
                        items.append(try node())
                    } while try scanner.arrayContinues()
                }
                kind = .sequence(items)
            case JSONByte.quote:
                kind = .scalar(try scanner.parseString(), .doubleQuoted)
            default:
                _ = try scanner.parseValue()
                let text = String(decoding: UnsafeBufferPointer(start: scanner.bytes + start, count: scanner.index - start), as: UTF8.self)
                kind = .scalar(text, .plain)
            }
            return RulesNode(kind: kind, location: location, offset: start)
        }
    }
}
