public import RuleCheck

extension DecodedRecord {
    /// What a decoded record holds.
    ///
    /// ```swift
    /// if case .malformed(let message) = record.content { print(message) }
    /// ```
    public enum Content: Sendable, Hashable {
        /// A CSV or TSV row: as many cells as the header has columns, in column order.
        case cells([String])
        /// A JSON or JSON Lines record.
        case object(JSONObject)
        /// A JSON or JSON Lines record that is not an object (`[1, 2]`, `"text"`): checked by the
        /// rules' JSON Schema alone, or malformed for rules without one.
        case value(JSONValue)
        /// The record could not be read; the message says why, e.g. `record has 5 cells, the header
        /// has 7` or `unterminated quote`.
        case malformed(String)
    }
}
