/// Local `$ref`s: `#`, `#/definitions/…`, `#/$defs/…` (any JSON pointer into the same document,
/// percent-decoded). Remote references are not fetched.
enum SchemaRef {
    enum Failure: Error {
        case notLocal
        case notFound
    }

    /// The value `ref` points at and its pointer.
    static func resolve(_ ref: String, in root: JSONValue) -> Result<(value: JSONValue, pointer: String), Failure> {
        guard ref.hasPrefix("#") else { return .failure(.notLocal) }
        let pointer = String(ref.dropFirst()).removingPercentEncodingIfAny
        guard let tokens = SchemaPointer.tokens(pointer) else { return .failure(.notFound) }
        var current = root
        for token in tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return .failure(.notFound) }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return .failure(.notFound) }
                current = items[index]
            default:
                return .failure(.notFound)
            }
        }
        return .success((current, tokens.map(SchemaPointer.escape).map { "/" + $0 }.joined()))
    }
}

extension String {
    /// `%25` → `%`, and so on; the text itself when it holds no valid escape.
    fileprivate var removingPercentEncodingIfAny: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
