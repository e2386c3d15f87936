import Patterns

extension FieldMetadata {
    /// The metadata as JSON, for a client that builds its cells from it (`rulecheck serve` sends
    /// it): `path`, `title`, `type`, `keyboard` (`text`, `number`, `decimal`, `phone`, `email`,
    /// `url`, `not_typed`) and `computed` always; `placeholder`, `help`, `mask` (its notation,
    /// alternatives joined by ` | `), `pattern`, `min_length`, `max_length`, `min`, `max` (values
    /// as JSON, dates as ISO text), `bounds` (the two in words in the form's locale: `from 20 to
    /// 1000`), `date_format`, `calendar` (a date field's, unless Gregorian, with `min_display` and `max_display`: the bounds in it), `min_items`, `max_items`, `max_size`,
    /// `media_types` and `ui` when the field has them; `options` (`[{"value", "title"}]`, on offer
    /// now) for a choice or multi_choice.
    ///
    /// ```json
    /// {"computed": false, "keyboard": "phone", "mask": "+7 (000) 000-00-00 | 8 (000) 000-00-00",
    ///  "path": "holder.phone", "placeholder": "+7 (___) ___-__-__", "title": "Mobile phone", "type": "text", …}
    /// ```
    public var json: JSONValue {
        var object: JSONObject = [
            "path": .string(path), "title": .string(title), "type": .string(type.rawValue),
            "keyboard": .string(keyboard == .notTyped ? "not_typed" : keyboard.rawValue), "computed": .bool(isComputed),
        ]
        let texts: [(String, String?)] = [
            ("placeholder", placeholder), ("help", help), ("mask", mask?.notation), ("pattern", pattern), ("bounds", bounds),
            ("date_format", dateFormat?.pattern), ("calendar", calendar.flatMap { $0 == .gregorian ? nil : $0.identifier }),
        ]
        for case (let key, let text?) in texts { object[key] = .string(text) }
        let counts: [(String, Int?)] = [
            ("min_length", minLength), ("max_length", maxLength), ("min_items", minItems), ("max_items", maxItems),
            ("max_size", maxSize),
        ]
        for case (let key, let count?) in counts { object[key] = .number(Double(count)) }
        if let min { object["min"] = min.json }
        if let max { object["max"] = max.json }
        // A date field of another calendar: its bounds as it shows them (`1405/09/01`).
        if let calendar, calendar != .gregorian, let format = dateFormat {
            for (key, bound) in [("min_display", min), ("max_display", max)] {
                if case .date(let day)? = bound { object[key] = .string(format.format(day, in: calendar)) }
            }
        }
        if type == .choice || type == .multiChoice {
            object["options"] = .array(options.map { .object(["value": $0.value.json, "title": .string($0.title)]) })
        }
        if !mediaTypes.isEmpty { object["media_types"] = .array(mediaTypes.map(JSONValue.string)) }
        if !ui.isEmpty { object["ui"] = .object(ui) }
        return .object(object)
    }
}
