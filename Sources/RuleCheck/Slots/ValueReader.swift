import Patterns

/// Reads values of a field's type from text (CSV cells, `Form.set(_:text:)`).
///
/// * text: as is; empty text is an empty value; a masked field's digits of other scripts as 0–9;
/// * number, integer: plain decimal (`-12`, `3.5`), or as the locale writes numbers (`12,5`,
///   `1 200`, `۵۰۰٬۰۰۰`: ``NumberText/read(_:digits:locale:)``); an integer must be whole;
/// * date: in the field's format (`defaults.date_format` or its own `format`);
/// * bool: `true`/`false`, `yes`/`no`, `1`/`0`, in any case;
/// * choice: one of the option values, written as text;
/// * multi_choice: a JSON array of option values, `["a", "b"]` (in an export of a survey
///   platform's layout, the names separated by spaces, `a b`: ``read(names:for:)``);
/// * values: a JSON array of values of its item type, `["a.jpg", "b.jpg"]`;
/// * file: a JSON array of files, `[{"name": "a.jpg", "size": 1024, "type": "image/jpeg"}]`.
///
/// Numbers, dates and masked text take the decimal digits of every script as 0–9 (`۱۲۳`),
/// unless the field says `digits: ascii`.
enum ValueReader {
    /// Why a text could not be read: a `type` failure saying what was expected, or an `option`
    /// failure for a choice whose text is no option's value.
    struct Unreadable: Error, Hashable, Sendable {
        let failure: Failure

        /// What was expected, in English words (a snapshot's dropped value says it).
        var expected: String {
            if case .type(let expected) = failure { return MessageBuilder.english.phrase(expected) }
            return MessageBuilder.english.optionPhrase
        }
    }

    /// `options` are the choices on offer when a form was given others at run time
    /// (``Form/setOptions(_:_:)``); the rules' own options otherwise. `locale` is the locale whose
    /// numbers are read (`nil`: none was given, and a number only a locale reads is a `type`
    /// failure that says so).
    static func read(
        text: String, for field: FieldRules, options: [ChoiceOption]? = nil, locale: NumberSymbols?
    ) -> Result<Value?, Unreadable> {
        if text.isEmpty { return .success(nil) }
        switch field.type {
        case .text:
            return .success(.text(maskedText(text, field)))
        case .number, .integer:
            return number(text, for: field, locale: locale)
        case .date:
            guard let day = field.dateFormat.parse(text, digits: field.digits) else {
                return .failure(Unreadable(failure: .type(.date(format: field.dateFormat.pattern))))
            }
            return .success(.date(day))
        case .bool:
            guard let flag = bool(text) else { return .failure(Unreadable(failure: .type(.bool))) }
            return .success(.bool(flag))
        case .choice:
            guard let option = option(text, of: field, among: options ?? field.options) else {
                return .failure(Unreadable(failure: .option))
            }
            return .success(option)
        case .multiChoice, .values:
            return readList(text, for: field, options: options)
        case .file:
            guard let json = try? JSONParser().parse(text) else { return .failure(Unreadable(failure: .type(.files))) }
            return read(json: json, for: field)
        case .json:
            return readAny(text: text, for: field)
        case .group:
            return .failure(Unreadable(failure: .type(.jsonObject)))
        case .list:
            return .failure(Unreadable(failure: .type(.itemArray(badItem: nil))))
        }
    }

    /// A number or integer field's text, read by ``NumberText/read(_:digits:locale:)``.
    static func number(_ text: String, for field: FieldRules, locale: NumberSymbols?) -> Result<Value?, Unreadable> {
        let whole = field.type == .integer
        switch NumberText.read(text, digits: field.digits, locale: locale) {
        case .number(let number) where !whole || number.isWholeNumber: return .success(number)
        case .needsLocale: return .failure(Unreadable(failure: .type(.numberWithoutLocale(whole: whole))))
        default: return .failure(Unreadable(failure: .type(whole ? .wholeNumber : .number)))
        }
    }

    /// A masked field's text with the digits of other scripts as 0–9, as its mask stores
    /// what is typed, and a `digits: fold` field's; any other text as it is.
    static func maskedText(_ text: String, _ field: FieldRules) -> String {
        (field.mask != nil && field.digits == .any) || field.foldsDigits ? DecimalDigits.folded(text) : text
    }

    static func bool(_ text: String) -> Bool? {
        // No text but these ASCII words lowercases to one of them, so their bytes, in any ASCII
        // case, are all there is to compare (without the string `lowercased()` would make).
        guard text.utf8.count <= 5 else { return nil }
        var text = text
        return text.withUTF8 { bool(ascii: $0) }
    }

    /// The option whose value is written `text` (`12` for the number 12, `true` for a bool).
    static func option(_ text: String, of field: FieldRules, among options: [ChoiceOption]) -> Value? {
        // Read once, at the first option that needs it, not once for each option.
        lazy var number = NumberText.parse(text, digits: field.digits)  // an option's value is written plainly
        lazy var flag = bool(text)
        for option in options {
            switch option.value {
            case .text(let value) where value == text: return option.value
            case .number where number == option.value, .decimal where number == option.value: return option.value
            case .bool(let value) where flag == value: return option.value
            default: continue
            }
        }
        // `letters: arabic_variants`: كرج names the option کرج.
        return field.letters == .exact ? nil : field.letters.option(.text(text), among: options)
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
    static func read(
        json: JSONValue, for field: FieldRules, dates: DateText = .fieldFormat,
        options: [ChoiceOption]? = nil
    ) -> Result<Value?, Unreadable> {
        if case .null = json { return .success(nil) }
        guard field.type == .values else {
            return read(json: json, as: field.type, of: field, dates: dates, options: options ?? field.options)
        }
        let itemType = field.itemType ?? .text
        guard case .array(let elements) = json else {
            return .failure(Unreadable(failure: .type(.valueArray(each: expectedJSON(itemType, field)))))
        }
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            if itemType == .json {
                let value = anyElement(element)
                if let types = field.jsonTypes, !types.admits(value) {
                    return .failure(Unreadable(failure: .type(.valueArray(each: .jsonTypes(types)))))
                }
                values.append(value)
                continue
            }
            // Empty text is a value inside a list (its lengths and pattern judge it); null is not.
            if itemType == .text, case .string(let text) = element {
                values.append(.text(text))
                continue
            }
            guard
                case .success(let value?) = read(
                    json: element, as: itemType, of: field, dates: dates,
                    options: options ?? field.options)
            else {
                return .failure(Unreadable(failure: .type(.valueArray(each: expectedJSON(itemType, field)))))
            }
            values.append(value)
        }
        return .success(kept(.list(values), field))
    }

    /// Reads a JSON value as a value of `type` (a field's type, or a `values` field's item type).
    private static func read(
        json: JSONValue, as type: FieldType, of field: FieldRules,
        dates: DateText, options: [ChoiceOption]
    ) -> Result<Value?, Unreadable> {
        if case .null = json { return .success(nil) }
        switch (type, json) {
        case (.text, .string(let text)):
            return .success(kept(.text(maskedText(text, field)), field))
        case (.number, .number(let number)):
            return .success(.number(number))
        case (.number, .decimal(let decimal)):
            return .success(Value(exactly: decimal))
        case (.integer, .number(let number)) where number == number.rounded():
            return .success(.number(number))
        case (.integer, .decimal(let decimal)) where decimal.isWhole:
            return .success(Value(exactly: decimal))
        case (.date, .string(let text)):
            if text.isEmpty, !field.emptyIsValue { return .success(nil) }
            let format = dates == .iso ? DateFormat.iso : field.dateFormat
            guard let day = format.parse(text, digits: field.digits) else {
                return .failure(Unreadable(failure: .type(.date(format: format.pattern))))
            }
            return .success(.date(day))
        case (.bool, .bool(let flag)):
            return .success(.bool(flag))
        case (.choice, .string), (.choice, .number), (.choice, .decimal), (.choice, .bool):
            guard let option = option(json, among: options, field.letters) else { return .failure(Unreadable(failure: .option)) }
            return .success(option)
        case (.multiChoice, .array(let elements)):
            var values: [Value] = []
            for element in elements {
                switch element {
                case .string, .number, .decimal, .bool: break
                default: return .failure(Unreadable(failure: .type(.optionArray)))
                }
                guard let option = option(element, among: options, field.letters) else {
                    return .failure(Unreadable(failure: .option))
                }
                values.append(option)
            }
            return .success(kept(.list(values), field))
        case (.choice, _):
            return .failure(Unreadable(failure: .option))
        case (.file, .array(let elements)):
            var files: [FileInfo] = []
            for element in elements {
                guard let file = FileInfo(json: element) else { return .failure(Unreadable(failure: .type(.files))) }
                files.append(file)
            }
            return .success(kept(.files(files), field))
        case (.json, _):
            return readAny(json: json, for: field)
        case (.group, .object) where field.emptyIsValue:
            // A snapshot's group given as an object: there, even empty (`empty_values: present`).
            return .success(RecordEvaluator.givenObject)
        case (.list, .array) where field.emptyIsValue:
            // A snapshot's list given as an array (its items are the snapshot's `items`).
            return .success(RecordEvaluator.givenArray)
        case (.file, .object):
            // One file written alone.
            guard let file = FileInfo(json: json) else { return .failure(Unreadable(failure: .type(.files))) }
            return .success(.files([file]))
        default:
            return .failure(Unreadable(failure: .type(expectedJSON(type, field))))
        }
    }

    /// A multi_choice cell as survey platforms write it (``ExportLayout``): the options' names
    /// separated by spaces (`red blue`), as XLSForm writes a select_multiple's answer.
    static func read(names text: String, for field: FieldRules) -> Result<Value?, Unreadable> {
        var values: [Value] = []
        for name in text.split(separator: " ") {
            guard let option = option(String(name), of: field, among: field.options) else {
                return .failure(Unreadable(failure: .option))
            }
            values.append(option)
        }
        return .success(values.isEmpty ? nil : kept(.list(values), field))
    }

    /// A multi_choice or values cell: a JSON array of option values, or of values.
    static func readList(_ text: String, for field: FieldRules, options: [ChoiceOption]? = nil) -> Result<Value?, Unreadable> {
        guard let json = try? JSONParser().parse(text), case .array = json else {
            let expected: Expected = field.type == .values ? expectedJSON(.values, field) : .optionArray
            return .failure(Unreadable(failure: .type(expected)))
        }
        return read(json: json, for: field, options: options)
    }

    private static func option(_ json: JSONValue, among options: [ChoiceOption], _ letters: LetterFolding) -> Value? {
        let value: Value
        switch json {
        case .string(let text): value = .text(text)
        case .number(let number): value = .number(number)
        case .decimal(let decimal): value = Value(exactly: decimal)
        case .bool(let flag): value = .bool(flag)
        default: return nil
        }
        return letters.option(value, among: options)
    }

    private static func expectedJSON(_ type: FieldType, _ field: FieldRules) -> Expected {
        switch type {
        case .text: .jsonString
        case .number: .jsonNumber
        case .integer: .jsonWholeNumber
        case .date: .jsonDate(format: field.dateFormat.pattern)
        case .bool: .jsonBool
        case .choice, .multiChoice: .optionArray  // a choice's non-scalar is an `option` failure
        case .file: .files
        case .group: .jsonObject
        case .list: .itemArray(badItem: nil)
        case .values: .valueArray(each: expectedJSON(field.itemType ?? .text, field))
        case .json: .jsonTypes(field.jsonTypes ?? .all)
        }
    }
}

extension Value {
    /// The value as JSON: dates as `yyyy-MM-dd` strings.
    public var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .number(let number): .number(number)
        case .decimal(let decimal): .decimal(decimal)
        case .bool(let flag): .bool(flag)
        case .date(let day): .string(day.iso)
        case .list(let items): .array(items.map { FileInfo(value: $0)?.json ?? $0.json })
        case .structured(let json): json
        }
    }
}
