package import RuleCheck

/// Turns one record's bytes into cells or an object; a value that any thread may use.
///
/// ```swift
/// let decoder = reader.decoder
/// let content = decoder.decode(bytes, line: 12)   // .cells([…]), .object([…]) or .malformed("…")
/// ```
///
/// Most callers decode through ``RecordBatch/decodeAll()`` or ``RecordBatch/decodeEach(_:)``.
package struct RecordDecoder: Sendable {
    enum Kind: Sendable {
        case delimited(CSVRecordDecoder)
        case json(JSONRecordDecoder)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// A decoder for CSV or TSV records under `header`.
    ///
    /// ```swift
    /// let decoder = RecordDecoder.delimited(.comma, header: ["a", "b"])
    /// ```
    package static func delimited(_ delimiter: CSVDelimiter, header: [String]) -> RecordDecoder {
        RecordDecoder(.delimited(CSVRecordDecoder(delimiter: delimiter.byte, header: header)))
    }

    /// A decoder for JSON records; `jsonLines` says whether records start at line starts (so
    /// messages can give columns).
    ///
    /// ```swift
    /// let decoder = RecordDecoder.json(JSONParser(), jsonLines: true)
    /// ```
    package static func json(_ parser: JSONParser = JSONParser(), jsonLines: Bool) -> RecordDecoder {
        RecordDecoder(.json(JSONRecordDecoder(parser: parser, startsAtLineStart: jsonLines)))
    }

    /// Decodes one record's bytes.
    ///
    /// ```swift
    /// let content = Array("1,2".utf8).withUnsafeBufferPointer { decoder.decode($0, line: 2) }
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the record, without its line break.
    ///   - line: the file line where the record starts, for messages.
    /// - Returns: the cells or object, or `.malformed` with the reason.
    package func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> DecodedRecord.Content {
        var scratch: [UInt8] = []
        var duplicateKeys: [String] = []
        return decode(bytes, line: line, scratch: &scratch, duplicateKeys: &duplicateKeys)
    }

    /// Decodes one record's bytes; `duplicateKeys` receives the paths of keys that a JSON record
    /// has more than once.
    func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, scratch: inout [UInt8], duplicateKeys: inout [String]
    ) -> DecodedRecord.Content {
        switch kind {
        case .delimited(let decoder): decoder.decode(bytes, scratch: &scratch)
        case .json(let decoder):
            decoder.decode(bytes, line: line, duplicateKeys: &duplicateKeys)
        }
    }
}
