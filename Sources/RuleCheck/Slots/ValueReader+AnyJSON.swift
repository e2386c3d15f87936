/// Reading and writing the value of a `json` field: any JSON value (held to its `json_types`),
/// from JSON input as it is and from text (a CSV cell, typed text) as the JSON it reads as.
extension ValueReader {
    /// A JSON value as a `json` field holds it: a string, number or boolean as ``Value/text(_:)``,
    /// ``Value/number(_:)`` (``Value/decimal(_:)`` with every digit when no `Double` holds it), ``Value/bool(_:)`` (so that expressions compare it with `'foo'` or
    /// `6`), an array or object as ``Value/structured(_:)``; `null` is no value.
    static func anyValue(_ json: JSONValue) -> Value? {
        switch json {
        case .null: nil
        case .string(let text): .text(text)
        case .number(let number): .number(number)
        case .decimal(let number): Value(exactly: number)
        case .bool(let flag): .bool(flag)
        case .array, .object: .structured(json)
        }
    }

    /// An element of a `values` field of `json` items: as ``anyValue(_:)``, and `null` is an
    /// element too.
    static func anyElement(_ json: JSONValue) -> Value {
        anyValue(json) ?? .structured(.null)
    }

    /// A `json` field's value from JSON input, held to its `json_types`.
    static func readAny(json: JSONValue, for field: FieldRules) -> Result<Value?, Unreadable> {
        guard let value = anyValue(json) else { return .success(nil) }
        if let types = field.jsonTypes, !types.admits(value) { return .failure(Unreadable(failure: .type(.jsonTypes(types)))) }
        return .success(value)
    }

    /// A `json` field's value from text: the JSON the text reads as (`12`, `true`, `[1, 2]`,
    /// `"12"`), or else the text itself as a string (`abc`); empty text is no value.
    static func readAny(text: String, for field: FieldRules) -> Result<Value?, Unreadable> {
        if text.isEmpty { return .success(nil) }
        guard let json = try? JSONParser().parse(text) else { return readAny(json: .string(text), for: field) }
        return readAny(json: json, for: field)
    }

    /// `value` as the field keeps it: an empty text or list is a value where empty values are
    /// (``FieldRules/emptyIsValue``), else no value.
    static func kept(_ value: Value, _ field: FieldRules) -> Value? {
        field.emptyIsValue ? value : Value.normalized(value)
    }

    /// The text a `json` field's value is written as where text stands for it (a CSV cell, the
    /// text a form shows to edit): what ``readAny(text:for:)`` reads back as the same value —
    /// a string as itself unless it would read as other JSON (`"12"`, `""`), anything else as JSON.
    static func text(ofAny value: Value) -> String {
        if case .text(let text) = value, !text.isEmpty, (try? JSONParser().parse(text)) == nil { return text }
        return JSONWriter.string(value.json)
    }
}
