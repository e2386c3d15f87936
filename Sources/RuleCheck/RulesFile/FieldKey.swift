/// One key a field of a rules file may write, declared once: its name, the field types it
/// applies to, how it is read into a ``FieldSpec``, and how it is printed back as YAML and as
/// JSON. The parser (``RulesFileParser``), the compiler's check that a key applies to its
/// field's type, both printers (``RulesYAMLPrinter``, ``RulesJSONBuilder``) and ``RulesDraft``
/// all go through ``all``: a new key is one row here, beside its rule and its test.
///
/// ```swift
/// FieldKey.named["min_items"]?.applies?.description   // "list, multi_choice, values, file and json fields"
/// FieldKey.all.map(\.name)                             // the keys in the order they print
/// ```
struct FieldKey: Sendable {
    /// The field types a key applies to.
    struct Applicability: Sendable {
        let types: Set<FieldType>
        /// How an error names them: "text and json fields".
        let description: String
        /// Whether a `values` field's items must be of one of ``types`` too (`pattern`: it checks
        /// each value), or the key is about the values as a whole (`min_items`).
        let itemsToo: Bool
    }

    /// The key as a rules file writes it: `min_items`.
    let name: String
    /// The field types it applies to; nil: every field.
    let applies: Applicability?
    /// Whether a value that a tool drafts (``RulesDraft``) is text, printed quoted
    /// (`pattern: '^[0-9]+$'`), or plain (`min: 18`).
    let draftsText: Bool
    /// Reads the key's value into the field, reporting what is wrong with it.
    let read: @Sendable (inout RulesFileParser, RulesNode, inout FieldSpec) -> Void
    /// Prints the key's lines at a depth; nothing when the field does not write it.
    let yaml: @Sendable (inout RulesYAMLPrinter, FieldSpec, Int) -> Void
    /// The key's value in a JSON rules file; nil when the field does not write it.
    let json: @Sendable (FieldSpec) -> JSONValue?

    /// Every key a field may write besides `id`, in the order the printers write them.
    static let all: [FieldKey] = [
        type, itemType, title, titles, initial, required, visibleIf, enabledIf, value, dependsOn,
        minLength, maxLength, pattern, mask, maskValue, digits, calendar, letters, min, max, format,
        maxSize, mediaTypes, jsonTypes, options, optionsFilter, minItems, maxItems, uniqueItems, uniqueBy,
        checks, message, messages, display, ui, include, fields, item,
    ]

    /// The keys by name.
    static let named: [String: FieldKey] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The key a check's rule is written with (`min_length:`), whose types it applies to; nil
    /// for `expr`, which applies to every field.
    static func ofRule(_ rule: CheckSpec.Rule) -> FieldKey? {
        switch rule {
        case .minLength: minLength
        case .maxLength: maxLength
        case .pattern: pattern
        case .mask: mask
        case .min: min
        case .max: max
        case .expr: nil
        }
    }
}

// MARK: - The keys

extension FieldKey {
    private static let withValue: Set<FieldType> = [.text, .number, .integer, .date, .bool, .choice, .multiChoice, .values, .file, .json]

    static let type = name("type", \.type, quoted: false)
    static let itemType = name(
        "item_type", \.itemType, quoted: false, applies: .init(types: [.values], description: "values fields", itemsToo: false))
    static let title = FieldKey(
        name: "title", applies: nil, draftsText: true,
        read: { parser, node, field in field.title = parser.string(node, "title")?.value },
        yaml: { printer, field, depth in
            if let title = field.title { printer.line(depth, "title: " + RulesYAMLPrinter.string(title)) }
        },
        json: { field in field.title.map { .string($0) } })
    /// `titles: {fa: سن, fr: Âge}`: the title in other locales, for messages and forms in them;
    /// printed as a message of locales is.
    static let titles = FieldKey(
        name: "titles", applies: nil, draftsText: false,
        read: { parser, node, field in field.titles = parser.titles(node) },
        yaml: { printer, field, depth in
            if !field.titles.isEmpty { printer.message(depth, "titles", LocalizedText(locales: field.titles)) }
        },
        json: { field in
            guard !field.titles.isEmpty else { return nil }
            return RulesJSONBuilder.message(LocalizedText(locales: field.titles))
        })
    /// `initial: 3`, or `initial: [a, b]` for a multi_choice.
    static let initial = FieldKey(
        name: "initial", applies: .init(types: withValue, description: "fields with a value", itemsToo: false), draftsText: false,
        read: { parser, node, field in
            if case .sequence(let items) = node.kind {
                field.initialList = items.compactMap { parser.scalarText($0, "an initial value") }
            } else {
                field.initial = parser.scalarText(node, "initial")
            }
        },
        yaml: { printer, field, depth in
            if let initial = field.initial { printer.line(depth, "initial: " + RulesYAMLPrinter.scalar(initial)) }
            if let list = field.initialList {
                printer.line(depth, "initial: [" + list.map(RulesYAMLPrinter.scalar).joined(separator: ", ") + "]")
            }
        },
        json: { field in
            field.initialList.map { .array($0.map(RulesJSONBuilder.scalar)) } ?? field.initial.map(RulesJSONBuilder.scalar)
        })
    static let required = scalar("required", \.required)
    static let visibleIf = scalar("visible_if", \.visibleIf)
    static let enabledIf = scalar("enabled_if", \.enabledIf)
    static let value = scalar(
        "value", \.value, applies: .init(types: withValue, description: "fields with a value", itemsToo: false))
    static let dependsOn = names("depends_on", \.dependsOn)

    private static let texts = Applicability(types: [.text, .values, .json], description: "text and json fields", itemsToo: true)
    static let minLength = valueRule("min_length", texts)
    static let maxLength = valueRule("max_length", texts)
    static let pattern = valueRule("pattern", texts, draftsText: true)
    static let mask = valueRule("mask", .init(types: [.text, .values], description: "text fields", itemsToo: true), draftsText: true)
    static let maskValue = name(
        "mask_value", \.maskValue, applies: .init(types: [.text], description: "text fields", itemsToo: true))
    static let digits = name(
        "digits", \.digits,
        applies: .init(types: [.text, .number, .integer, .date], description: "text, number, integer and date fields", itemsToo: true))
    static let calendar = name("calendar", \.calendar, applies: .init(types: [.date], description: "date fields", itemsToo: true))
    static let letters = name(
        "letters", \.letters,
        applies: .init(types: [.text, .choice, .multiChoice], description: "text, choice and multi_choice fields", itemsToo: true))
    static let min = valueRule("min", bounds)
    static let max = valueRule("max", bounds)
    private static let bounds = Applicability(
        types: [.number, .integer, .date, .values, .json], description: "number, integer, date and json fields", itemsToo: true)
    static let format = scalar(
        "format", \.format, applies: .init(types: [.date, .values], description: "date fields", itemsToo: true), draftsText: true)

    static let maxSize = count(
        "max_size", \.maxSize, applies: .init(types: [.file], description: "file fields", itemsToo: true), bytes: true)
    static let mediaTypes = optionalNames(
        "media_types", \.mediaTypes, quoted: true, applies: .init(types: [.file], description: "file fields", itemsToo: true))
    static let jsonTypes = optionalNames(
        "json_types", \.jsonTypes, quoted: false,
        applies: .init(types: [.json, .values], description: "json fields and values fields of json items", itemsToo: true))

    private static let choices = Applicability(
        types: [.choice, .multiChoice], description: "choice and multi_choice fields", itemsToo: true)
    static let options = FieldKey(
        name: "options", applies: choices, draftsText: false,
        read: { parser, node, field in
            field.options = parser.options(node)
            if case .sequence = node.kind { field.optionsWritten = true }
        },
        yaml: { printer, field, depth in
            guard let options = field.options else { return }
            printer.line(depth, "options:" + (options.isEmpty ? " []" : ""), field.comments["options"])
            for option in options {
                printer.line(depth + 1, "- value: " + RulesYAMLPrinter.scalar(option.value), option.comment)
                if let title = option.title { printer.line(depth + 2, "title: " + RulesYAMLPrinter.string(title)) }
                for attribute in option.attributes {
                    printer.line(depth + 2, attribute.name.value + ": " + RulesYAMLPrinter.scalar(attribute.value))
                }
            }
        },
        json: { field in
            field.options.map { options in
                .array(
                    options.map { option in
                        var object: JSONObject = ["value": RulesJSONBuilder.scalar(option.value)]
                        if let title = option.title { object["title"] = .string(title) }
                        for attribute in option.attributes { object[attribute.name.value] = RulesJSONBuilder.scalar(attribute.value) }
                        return .object(object)
                    })
            }
        })
    static let optionsFilter = scalar("options_filter", \.optionsFilter, applies: choices)

    private static let counted = Applicability(
        types: [.list, .multiChoice, .values, .file, .json], description: "list, multi_choice, values, file and json fields",
        itemsToo: false)
    static let minItems = count("min_items", \.minItems, applies: counted)
    static let maxItems = count("max_items", \.maxItems, applies: counted)
    static let uniqueItems = FieldKey(
        name: "unique_items",
        applies: .init(types: [.multiChoice, .values, .json], description: "multi_choice, values and json fields", itemsToo: false),
        draftsText: false,
        read: { parser, node, field in field.uniqueItems = parser.flag(node, "unique_items") },
        yaml: { printer, field, depth in
            if let unique = field.uniqueItems { printer.line(depth, "unique_items: \(unique.value)") }
        },
        json: { field in field.uniqueItems.map { .bool($0.value) } })
    static let uniqueBy = names(
        "unique_by", \.uniqueBy, applies: .init(types: [.list], description: "list fields", itemsToo: true))

    static let checks = FieldKey(
        name: "checks", applies: nil, draftsText: false,
        read: { parser, node, field in field.checks = parser.checks(node) },
        yaml: { printer, field, depth in
            guard !field.checks.isEmpty else { return }
            printer.line(depth, "checks:")
            for check in field.checks { printer.check(check, depth + 1) }
        },
        json: { field in
            guard !field.checks.isEmpty else { return nil }
            return .array(
                field.checks.map { check in
                    var object: JSONObject = [:]
                    if let when = check.when { object["when"] = RulesJSONBuilder.scalar(when) }
                    object[check.rule.key] = RulesJSONBuilder.value(of: check)
                    if let text = check.message { object["message"] = RulesJSONBuilder.message(text) }
                    return .object(object)
                })
        })
    static let message = FieldKey(
        name: "message", applies: nil, draftsText: true,
        read: { parser, node, field in field.message = parser.message(node, "message") },
        yaml: { printer, field, depth in
            if let text = field.message { printer.message(depth, "message", text) }
        },
        json: { field in field.message.map(RulesJSONBuilder.message) })
    /// `messages: {required: …, pattern: …}`: a message per failure code.
    static let messages = FieldKey(
        name: "messages", applies: nil, draftsText: false,
        read: { parser, node, field in field.messages = parser.messages(node) },
        yaml: { printer, field, depth in
            guard !field.messages.isEmpty else { return }
            printer.line(depth, "messages:")
            for (code, text) in field.messages.sorted(by: { $0.key.value < $1.key.value }) {
                printer.message(depth + 1, code.value, text)
            }
        },
        json: { field in
            guard !field.messages.isEmpty else { return nil }
            return .object(
                JSONObject(
                    Dictionary(
                        field.messages.map { ($0.key.value, RulesJSONBuilder.message($0.value)) }, uniquingKeysWith: { a, _ in a })))
        })

    private static let groups = Applicability(types: [.group], description: "group fields", itemsToo: true)
    static let display = scalar("display", \.display, applies: groups)
    /// Free-form presentation hints; JSON is YAML, so they print as one flow mapping.
    static let ui = FieldKey(
        name: "ui", applies: nil, draftsText: false,
        read: { parser, node, field in field.ui = parser.uiHints(node) },
        yaml: { printer, field, depth in
            if !field.ui.isEmpty { printer.line(depth, "ui: " + JSONWriter.string(RulesJSONBuilder.ui(field))) }
        },
        json: { field in
            guard !field.ui.isEmpty else { return nil }
            return RulesJSONBuilder.ui(field)
        })
    static let include = name("include", \.include, applies: groups)
    static let fields = members("fields", \.fields, applies: groups)
    static let item = members("item", \.item, applies: .init(types: [.list], description: "list fields", itemsToo: true))
}

// MARK: - Kinds of keys

extension FieldKey {
    /// A name or word (`calendar: persian`), printed quoted unless `quoted` is false (`type: text`).
    private static func name(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, Located<String>?> & Sendable, quoted: Bool = true,
        applies: Applicability? = nil
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: true,
            read: { parser, node, field in field[keyPath: path] = parser.string(node, name) },
            yaml: { printer, field, depth in
                guard let value = field[keyPath: path] else { return }
                printer.line(depth, name + ": " + (quoted ? RulesYAMLPrinter.string(value.value) : value.value), field.comments[name])
            },
            json: { field in field[keyPath: path].map { .string($0.value) } })
    }

    /// A scalar as written, an expression or a value (`required: age < 18`, `format: dd.MM.yyyy`).
    private static func scalar(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, ScalarText?> & Sendable, applies: Applicability? = nil,
        draftsText: Bool = false
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: draftsText,
            read: { parser, node, field in field[keyPath: path] = parser.scalarText(node, name) },
            yaml: { printer, field, depth in
                if let value = field[keyPath: path] {
                    printer.line(depth, name + ": " + RulesYAMLPrinter.scalar(value), field.comments[name])
                }
            },
            json: { field in field[keyPath: path].map(RulesJSONBuilder.scalar) })
    }

    /// A whole number ≥ 0 (`min_items: 1`), or a size in bytes (`max_size: 10 MB`).
    private static func count(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, Located<Int>?> & Sendable, applies: Applicability, bytes: Bool = false
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: false,
            read: { parser, node, field in field[keyPath: path] = bytes ? parser.byteSize(node, name) : parser.integer(node, name) },
            yaml: { printer, field, depth in
                if let value = field[keyPath: path] { printer.line(depth, name + ": \(value.value)", field.comments[name]) }
            },
            json: { field in field[keyPath: path].map { .number(Double($0.value)) } })
    }

    /// Field names (`depends_on: [a, b]`, or one name); empty when not written.
    private static func names(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, [Located<String>]> & Sendable, applies: Applicability? = nil
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: false,
            read: { parser, node, field in field[keyPath: path] = parser.stringList(node, name) },
            yaml: { printer, field, depth in
                let names = field[keyPath: path]
                if !names.isEmpty { printer.line(depth, name + ": [" + names.map(\.value).joined(separator: ", ") + "]") }
            },
            json: { field in
                let names = field[keyPath: path]
                guard !names.isEmpty else { return nil }
                return .array(names.map { .string($0.value) })
            })
    }

    /// A list of names that may be written empty (`media_types: []`), printed quoted or not.
    private static func optionalNames(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, [Located<String>]?> & Sendable, quoted: Bool, applies: Applicability
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: false,
            read: { parser, node, field in field[keyPath: path] = parser.stringList(node, name) },
            yaml: { printer, field, depth in
                guard let names = field[keyPath: path] else { return }
                let written = names.map { quoted ? RulesYAMLPrinter.string($0.value) : $0.value }
                printer.line(depth, name + ": [" + written.joined(separator: ", ") + "]")
            },
            json: { field in field[keyPath: path].map { .array($0.map { .string($0.value) }) } })
    }

    /// One of the field's own value rules (`min_length: 3`, `mask: […]`), read and printed as
    /// the same rule under `checks:` is: set by ``FieldSpec/setKeyRule(_:alternatives:)``, printed
    /// from ``FieldSpec/keyRules``. (An own `pattern` goes to JSON as YAML reads the scalar: a
    /// plain `123` is a number; a check's is a string.)
    private static func valueRule(_ name: String, _ applies: Applicability, draftsText: Bool = false) -> FieldKey {
        @Sendable func written(_ field: FieldSpec) -> CheckSpec? {
            field.keyRules.first { $0.rule.key == name }
        }
        return FieldKey(
            name: name, applies: applies, draftsText: draftsText,
            read: { parser, node, field in
                if let (rule, alternatives) = parser.valueRule(name, node) { field.setKeyRule(rule, alternatives: alternatives) }
            },
            yaml: { printer, field, depth in
                if let check = written(field) { printer.line(depth, RulesYAMLPrinter.entry(check), field.comments[name]) }
            },
            json: { field in
                if name == "pattern", let pattern = field.pattern { return RulesJSONBuilder.scalar(pattern) }
                return written(field).map(RulesJSONBuilder.value(of:))
            })
    }

    /// A group's `fields:` or a list's `item:`: fields of their own.
    private static func members(
        _ name: String, _ path: any WritableKeyPath<FieldSpec, [FieldSpec]?> & Sendable, applies: Applicability
    ) -> FieldKey {
        FieldKey(
            name: name, applies: applies, draftsText: false,
            read: { parser, node, field in field[keyPath: path] = parser.fields(node, name, of: "field '\(field.id.value)'") },
            yaml: { printer, field, depth in
                guard let members = field[keyPath: path] else { return }
                printer.line(depth, name + ":", field.comments[name])
                printer.fields(members, depth + 1)
            },
            json: { field in field[keyPath: path].map { .array($0.map(RulesJSONBuilder.field)) } })
    }
}
