import RuleCheck

/// Parses one JSON or JSON Lines record into an object.
///
/// ```swift
/// let decoder = JSONRecordDecoder(parser: JSONParser(), startsAtLineStart: true)
/// decoder.decode(bytes, line: 7)   // .object([...]) or .malformed("… (line 7, column 12)")
/// ```
///
/// A record that does not parse is malformed with the parser's message and where it happened: the
/// line in the file, and the column (in Unicode scalars) when the record's bytes start at a line
/// start (JSON Lines) or the problem is on a later line than the record's first. A value that is
/// not an object is a ``DecodedRecord/Content/value(_:)``: the checker judges it (by the rules'
/// JSON Schema, or as malformed: `record is a number, not an object`). Keys that an object has
/// more than once are given back by path (see ``JSONParser/parse(_:duplicateKeys:)``).
struct JSONRecordDecoder: Sendable {
    let parser: JSONParser
    /// Whether record bytes start at the start of their line (JSON Lines), so columns can be given.
    let startsAtLineStart: Bool

    func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, duplicateKeys: inout [String]
    ) -> DecodedRecord.Content {
        let raw = UnsafeRawBufferPointer(bytes)
        do {
            let value = try parser.parse(raw, duplicateKeys: &duplicateKeys)
            guard case .object(let members) = value else { return .value(value) }
            return .object(members)
        } catch {
            let location = error.location(in: raw)
            let fileLine = line + location.line - 1
            if startsAtLineStart || location.line > 1 {
                return .malformed("\(error.message) (line \(fileLine), column \(location.column))")
            }
            return .malformed("\(error.message) (line \(fileLine))")
        }
    }
}
