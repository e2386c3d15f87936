/// Reading a value given in code (``Form/set(_:to:)``, ``Form/suggest(_:_:)``) as a field's type.
extension ValueReader {
    /// `value` as a value of `field`, read as the JSON it is (``Value/json``: dates as
    /// `yyyy-MM-dd`) by ``read(json:for:dates:options:)``. So there is one table of which value
    /// each field type takes, for a form, a record, an edit line and a request alike: a number
    /// field takes numbers, an integer field whole numbers (`2.0` is one), a date field dates (or
    /// their `yyyy-MM-dd` text), a choice its options (``LetterFolding`` matching them), a
    /// `values` field a list of its item type, a `json` field what its `json_types` allow.
    ///
    /// `options` are the choices on offer (``Form/setOptions(_:_:)``); the rules' own otherwise.
    static func read(value: Value, for field: FieldRules, options: [ChoiceOption]? = nil) -> Result<Value?, Unreadable> {
        read(json: value.json, for: field, dates: .iso, options: options)
    }
}
