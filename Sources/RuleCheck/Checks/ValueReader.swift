/// Reads values of a field's type from text (CSV cells, `Form.set(_:text:)`).
///
/// * text: as is; empty text is an empty value;
/// * number, integer: plain decimal (`-12`, `3.5`); an integer must be whole;
/// * date: in the field's format (`defaults.date_format` or its own `format`);
/// * bool: `true`/`false`, `yes`/`no`, `1`/`0`, in any case;
/// * choice: one of the option values, written as text;
/// * multi_choice: a JSON array of option values, `["a", "b"]`.
enum ValueReader {
    /// Why a text could not be read: what was expected instead.
    struct Failure: Error, Hashable, Sendable {
        /// For messages: "a number", "a date (dd.MM.yyyy)", …
        let expected: String
    }

    static func read(text: String, for field: FieldRules) -> Result<Value?, Failure> {
        if text.isEmpty { return .success(nil) }
        switch field.type {
        case .text:
            return .success(.text(text))
        case .number:
            guard let number = NumberText.parse(text) else { return .failure(Failure(expected: "a number")) }
            return .success(.number(number))
        case .integer:
            guard let number = NumberText.parse(text), number == number.rounded() else {
                return .failure(Failure(expected: "a whole number"))
            }
            return .success(.number(number))
        case .date:
            guard let day = field.dateFormat.parse(text) else {
                return .failure(Failure(expected: "a date (\(field.dateFormat.pattern))"))
            }
            return .success(.date(day))
        case .bool:
            guard let flag = bool(text) else { return .failure(Failure(expected: "true or false")) }
            return .success(.bool(flag))
        case .choice:
            guard let option = option(text, of: field) else { return .failure(Failure(expected: "one of the options")) }
            return .success(option)
        case .multiChoice:
            return readList(text, for: field)
        case .group, .list:
            return .failure(Failure(expected: "a value (\(field.type) fields have none)"))
        }
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// The option whose value is written `text` (`12` for the number 12, `true` for a bool).
    static func option(_ text: String, of field: FieldRules) -> Value? {
        // Read once, at the first option that needs it, not once for each option.
        lazy var number = NumberText.parse(text)
        lazy var flag = bool(text)
        for option in field.options {
            switch option.value {
            case .text(let value) where value == text: return option.value
            case .number(let value) where number == value: return option.value
            case .bool(let value) where flag == value: return option.value
            default: continue
            }
        }
        return nil
    }
}

extension ValueReader {
    /// How a JSON string is read for a date field.
    enum DateText: Sendable {
        /// In the field's format (batch JSON input, like CSV cells).
        case fieldFormat
        /// As `yyyy-MM-dd` (replay edits and snapshots).
        case iso
    }

    /// Reads a JSON value, keeping JSON's types: a number or integer field takes a JSON number
    /// (`1.0` counts as whole), a bool field a JSON boolean, text and date fields a JSON string,
    /// a choice an option value of any JSON type, a multi_choice an array of them. `null` is an
    /// empty value; anything else is a failure.
    static func read(json: JSONValue, for field: FieldRules, dates: DateText = .fieldFormat) -> Result<Value?, Failure> {
        if case .null = json { return .success(nil) }
        switch (field.type, json) {
        case (.text, .string(let text)):
            return .success(Value.normalized(.text(text)))
        case (.number, .number(let number)):
            return .success(.number(number))
        case (.integer, .number(let number)) where number == number.rounded():
            return .success(.number(number))
        case (.date, .string(let text)):
            if text.isEmpty { return .success(nil) }
            let format = dates == .iso ? DateFormat.iso : field.dateFormat
            guard let day = format.parse(text) else { return .failure(Failure(expected: "a date (\(format.pattern))")) }
            return .success(.date(day))
        case (.bool, .bool(let flag)):
            return .success(.bool(flag))
        case (.choice, _):
            guard let option = option(json, of: field) else { return .failure(Failure(expected: "one of the options")) }
            return .success(option)
        case (.multiChoice, .array(let elements)):
            var values: [Value] = []
            for element in elements {
                guard let option = option(element, of: field) else {
                    return .failure(Failure(expected: "a list of options"))
                }
                values.append(option)
            }
            return .success(Value.normalized(.list(values)))
        default:
            return .failure(Failure(expected: expectedJSON(field.type)))
        }
    }

    /// A multi_choice cell: a JSON array of option values.
    static func readList(_ text: String, for field: FieldRules) -> Result<Value?, Failure> {
        guard let json = try? JSONParser().parse(text), case .array = json else {
            return .failure(Failure(expected: #"a JSON array of options, such as ["a", "b"]"#))
        }
        return read(json: json, for: field)
    }

    private static func option(_ json: JSONValue, of field: FieldRules) -> Value? {
        let value: Value
        switch json {
        case .string(let text): value = .text(text)
        case .number(let number): value = .number(number)
        case .bool(let flag): value = .bool(flag)
        default: return nil
        }
        return field.options.first { $0.value == value }?.value
    }

    private static func expectedJSON(_ type: FieldType) -> String {
        switch type {
        case .text: "a JSON string"
        case .number: "a JSON number"
        case .integer: "a whole JSON number"
        case .date: "a date as a JSON string"
        case .bool: "a JSON boolean (true or false)"
        case .choice: "one of the options"
        case .multiChoice: "a JSON array of options"
        case .group, .list: "a value"
        }
    }
}

extension Value {
    /// The value as JSON: dates as `yyyy-MM-dd` strings.
    public var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .date(let day): .string(day.iso)
        case .list(let items): .array(items.map(\.json))
        }
    }
}
