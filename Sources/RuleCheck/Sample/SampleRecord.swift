/// One generated record: its values as JSON (JSON types, dates as text in the field's format)
/// and whether a mistake was planted in it.
public struct SampleRecord: Sendable {
    /// The record as a JSON object: field paths as keys, lists as arrays of item objects.
    public var object: [String: JSONValue]
    /// The field whose value was spoiled, for an invalid record.
    public var mistake: String?
    /// How it was spoiled.
    public var mistakeKind: MistakeKind?
    /// Whether a mistake was meant for this record but none could be planted: no field of it can
    /// be spoiled without hiding, clearing or orphaning others, or without breaking nothing
    /// (an optional text without rules). The record is valid; `rulecheck sample` counts these
    /// on stderr.
    public var unspoilable = false
    /// Whether every draw of the record broke a rule: rules that no record can pass, or that
    /// the sampler cannot satisfy (a pattern it cannot read, checks it cannot meet). The record is
    /// the last one drawn, with a mistake planted or not, and breaks rules; `rulecheck sample`
    /// counts these on stderr.
    public var unsatisfied = false
    /// The columns of `json` fields, whose strings a CSV cell writes so that they read back as
    /// strings (`"12"` rather than `12`).
    var anyJSONColumns: Set<String> = []

    /// The kinds of mistake ``SampleGenerator`` plants.
    public enum MistakeKind: String, Hashable, Sendable {
        /// A value left out (null): breaks `required`.
        case leftOut = "left_out"
        /// A text that cannot be read as the field's type (`n/a` for a number, `31.02.2021` for a
        /// date, `maybe` for a bool): a `type` violation.
        case unreadable
        /// A value that is no option of a choice.
        case notAnOption = "not_an_option"
        /// A number or date far out of range (-1,000,000; 150 years from today): breaks a bound.
        case outOfRange = "out_of_range"
        /// A text with one character replaced by `#` (or `?` for an empty one): breaks a pattern,
        /// mask, length or check.
        case alteredText = "altered_text"
        /// A date of a field with a `calendar:` written in that calendar (`1403/05/12`) where the
        /// record holds Gregorian dates: read as another day, or as none (a `type`, `min` or
        /// `max` violation), the mix-up of an export that copied what a screen showed.
        case otherCalendar = "other_calendar"
    }

    /// The record's cells for CSV, in the order of ``SampleGenerator/columns``: text as is,
    /// numbers in plain decimal, dates in the field's format, lists as JSON text.
    public func cells(_ columns: [String]) -> [String] {
        columns.map { column in
            switch object[column] {
            case nil, .null?: ""
            case .string(let text)? where anyJSONColumns.contains(column): ValueReader.text(ofAny: .text(text))
            case .string(let text)?: text
            case .bool(let flag)?: flag ? "true" : "false"
            case .number(let number)?: Value.format(number)
            case let value?: JSONWriter.string(value)
            }
        }
    }
}
