/// One record of an input file, decoded: its cells, its object, or why it could not be read.
///
/// ```swift
/// for record in batch.decodeAll() {
///     switch record.content {
///     case .cells(let cells): check(cells, against: header)
///     case .object(let object): check(object)
///     case .malformed(let message): report("line \(record.line): \(message)")
///     }
/// }
/// ```
public struct DecodedRecord: Sendable, Hashable {
    /// The record's number, counting data records from 1; malformed records count too.
    public var number: Int
    /// The 1-based line of the file where the record starts.
    public var line: Int
    /// What the record holds.
    public var content: Content
    /// The paths of keys that a JSON record has more than once (`name`, `insurant.last_name`,
    /// `drivers[].name`), each once, in the order their repeats end; the object keeps the last
    /// value of each. Empty for CSV and TSV.
    public var duplicateKeys: [String]
    /// Keys compare as JSON compares them, code point for code point: `"é"` precomposed and
    /// decomposed are two keys of one object (``JSONObject``), neither a repeat.

    public init(number: Int, line: Int, content: Content, duplicateKeys: [String] = []) {
        self.number = number
        self.line = line
        self.content = content
        self.duplicateKeys = duplicateKeys
    }
}
