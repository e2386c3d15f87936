import Foundation

/// A JSON Schema's text, its parsed value, and where each member is written: for every JSON
/// pointer, the line and column of its key (or of the array element), and the order of each
/// object's keys as written (``JSONValue`` objects are unordered; a form's fields are not).
struct SchemaSource: Sendable {
    let name: String
    let root: JSONValue
    let text: SourceText
    /// The location of the key (for object members) or value (for array elements) at each pointer.
    private(set) var locations: [String: FileLocation] = [:]
    /// Each object's keys in the order written (the last of repeated keys counts once).
    private(set) var keyOrder: [String: [String]] = [:]

    /// Parses `bytes` with the project's ``JSONParser``.
    ///
    /// - Throws: ``RulesError`` with the parse error at its line and column.
    init(bytes: [UInt8], name: String) throws(RulesError) {
        do {
            try self.init(parsing: bytes, name: name)
        } catch {
            let location = error.location(in: bytes)
            var diagnostic = Diagnostic(
                .error, .schemaNotJSON, "the JSON Schema is not valid JSON: \(error.message)",
                at: FileLocation(file: name, line: location.line, column: location.column))
            diagnostic.attachSnippet(from: SourceText(name: name, bytes: bytes))
            throw RulesError(diagnostics: [diagnostic])
        }
    }

    /// Parses `bytes`; the error, if any, is the parser's (its offset in `bytes`).
    init(parsing bytes: [UInt8], name: String) throws(JSONParseError) {
        self.name = name
        text = SourceText(name: name, bytes: bytes)
        root = try JSONParser().parse(bytes)
        indexLocations(bytes)
    }

    /// The location of `pointer`, or of its nearest written ancestor.
    func location(of pointer: String) -> FileLocation {
        var current = pointer
        while true {
            if let location = locations[current] { return location }
            guard let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        return FileLocation(file: name, line: 1, column: 1)
    }

    /// The keys of the object at `pointer` in written order (keys of `object` not seen are
    /// appended sorted, so nothing is lost).
    func orderedKeys(of object: JSONObject, at pointer: String) -> [String] {
        var keys = (keyOrder[pointer] ?? []).filter { object[$0] != nil }
        var seen = Set(keys)
        keys.reserveCapacity(object.count)
        for key in object.keys.sorted() where seen.insert(key).inserted { keys.append(key) }
        return keys
    }

    /// One pass over the (already validated) text with an explicit stack: no recursion.
    private mutating func indexLocations(_ bytes: [UInt8]) {
        enum Container { case object(pointer: String, key: String?), array(pointer: String, index: Int) }
        var stack: [Container] = []
        var line = 1
        var column = 1
        var index = 0
        /// The pointer of the value that starts next, and records its location for arrays.
        func valuePointer(_ stack: inout [Container], at location: FileLocation, into locations: inout [String: FileLocation]) -> String {
            guard let top = stack.last else { return "" }
            switch top {
            case .object(let pointer, let key): return pointer + "/" + SchemaPointer.escape(key ?? "")
            case .array(let pointer, let position):
                let result = pointer + "/" + String(position)
                locations[result] = location
                return result
            }
        }
        var expectingKey = false
        while index < bytes.count {
            let byte = bytes[index]
            let here = FileLocation(file: name, line: line, column: column)
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 1
                index += 1
                continue
            case UInt8(ascii: "{"):
                let pointer = valuePointer(&stack, at: here, into: &locations)
                stack.append(.object(pointer: pointer, key: nil))
                keyOrder[pointer] = []
                expectingKey = true
            case UInt8(ascii: "["):
                let pointer = valuePointer(&stack, at: here, into: &locations)
                stack.append(.array(pointer: pointer, index: 0))
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                expectingKey = false
            case UInt8(ascii: ","):
                if case .array(let pointer, let position)? = stack.last {
                    stack[stack.count - 1] = .array(pointer: pointer, index: position + 1)
                } else {
                    expectingKey = true
                }
            case UInt8(ascii: "\""):
                // Find the end of the string, counting columns in scalars.
                let start = index
                index += 1
                column += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1; column += 1 }
                    if index < bytes.count, bytes[index] & 0xC0 != 0x80 { column += 1 }
                    index += 1
                }
                if expectingKey, case .object(let pointer, _)? = stack.last {
                    let raw = Array(bytes[start...min(index, bytes.count - 1)])
                    let key = (try? JSONParser().parse(raw))?.string ?? ""
                    stack[stack.count - 1] = .object(pointer: pointer, key: key)
                    locations[pointer + "/" + SchemaPointer.escape(key)] = here
                    if keyOrder[pointer]?.contains(key) == false { keyOrder[pointer]?.append(key) }
                    expectingKey = false
                } else if case .array = stack.last {
                    _ = valuePointer(&stack, at: here, into: &locations)
                }
            default:
                if case .array = stack.last, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r"),
                    index == 0
                        || [
                            UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
                            UInt8(ascii: "\r"),
                        ].contains(bytes[index - 1])
                {
                    _ = valuePointer(&stack, at: here, into: &locations)
                }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }
}

/// JSON pointers (RFC 6901) as the importer writes them: `/properties/age/minimum`.
enum SchemaPointer {
    /// `~` → `~0`, `/` → `~1`.
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The reference tokens of a pointer, unescaped (`nil` when it does not start with `/`).
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
