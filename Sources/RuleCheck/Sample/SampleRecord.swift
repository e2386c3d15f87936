/// One generated record: its values as JSON (JSON types, dates as text in the field's format)
/// and whether a mistake was planted in it.
public struct SampleRecord: Sendable {
    /// The record as a JSON object, as a form sends it (``Form/record``): groups as nested
    /// objects, lists as arrays of item objects — what the rules' JSON Schema, and a server's
    /// schema the rules came from, judge.
    public var object: JSONObject { Self.nested(values, lists: listPaths) }
    /// The record by field path (`insurant.birth_date`): what CSV columns are named by; a list's
    /// value is its array of item objects, keyed by path inside the item.
    public var values: JSONObject
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
    /// The paths of lists (form-level and inside items), whose items are keyed by path too.
    var listPaths: Set<String> = []

    /// The kinds of mistake ``SampleGenerator`` plants.
    public enum MistakeKind: String, Hashable, Sendable {
        /// A value left out (its key absent): breaks `required`.
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

    init(values: JSONObject, mistake: String?, mistakeKind: MistakeKind?) {
        self.values = values
        self.mistake = mistake
        self.mistakeKind = mistakeKind
    }

    /// Values by field path made into nested objects (`a.b` → `{"a": {"b": …}}`), inside the
    /// items of `lists` too (by their full paths; `prefix` is the path of the item being nested);
    /// field ids hold no `.`, so each path splits exactly. Other values (a `json` field's object)
    /// are kept as they are.
    static func nested(_ flat: JSONObject, lists: Set<String>, prefix: String = "") -> JSONObject {
        var object: JSONObject = [:]
        for path in flat.keys.sorted() {
            guard var value = flat[path] else { continue }
            if lists.contains(prefix + path), case .array(let items) = value {
                value = .array(
                    items.map { item in
                        guard case .object(let members) = item else { return item }
                        return .object(nested(members, lists: lists, prefix: prefix + path + "."))
                    })
            }
            insert(value, at: path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...], into: &object)
        }
        return object
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
            return
        }
        var inner = object[first]?.object ?? [:]
        insert(value, at: path.dropFirst(), into: &inner)
        object[first] = .object(inner)
    }

    /// The record's cells for CSV, in the order of ``SampleGenerator/columns``: text as is,
    /// numbers in plain decimal, dates in the field's format, lists as JSON text.
    public func cells(_ columns: [String]) -> [String] {
        columns.map { column in
            switch values[column] {
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
