import Patterns
public import RuleCheck

/// A rules file written as an XLSForm: the workbook (survey, choices and settings sheets) and
/// what it could not say, each a finding at the rule's line and column in the rules file.
public struct XLSFormExport: Sendable {
    public var workbook: Workbook
    /// Rules left out (`unsupported`) or said differently (`approximated`), in file order; the
    /// pointer names the field (`drivers.age`).
    public var findings: [ImportFinding]
}

/// Writes compiled rules as an XLSForm, the inverse of ``XLSFormTranslator`` (Docs/xlsform.md,
/// "Back out"): each field a survey row — text, integer, decimal, date, select_one,
/// select_multiple, calculate, begin/end group, begin/end repeat — its title the label (other
/// languages in `label::French (fr)` columns), `ui: help` the hint, `required`, `visible_if` and
/// `enabled_if` the required, relevant and read_only columns, its checks and value keys one
/// constraint (with `.` for the field itself), `value` the calculation, `initial` the default,
/// `options_filter` the choice_filter, options the choices sheet.
///
/// What XLSForm cannot say with RuleCheck's meaning is left out with a finding; nothing is
/// dropped silently.
///
/// ```swift
/// let export = XLSFormExporter().export(rules)
/// let bytes = try XLSXWriter.write(export.workbook)
/// ```
public struct XLSFormExporter: Sendable {
    public init() {}

    public func export(_ rules: RuleSet) -> XLSFormExport {
        var writing = XLSFormWriting(rules: rules)
        return writing.export()
    }
}

/// One export under way: the sheets' rows so far and the findings.
struct XLSFormWriting {
    let rules: RuleSet
    let nameCounts: [String: Int]
    /// The language of the plain `label` column: the rules' locale, else English.
    let defaultCode: String
    var survey: [[(column: String, text: String)]] = []
    var choices: [[(column: String, text: String)]] = []
    var listNames = Set<String>()
    var findings: [ImportFinding] = []

    /// The survey's columns in the order they are written; each language's column follows its base.
    static let surveyColumns = [
        "type", "name", "label", "hint", "required", "required_message", "relevant", "constraint", "constraint_message",
        "calculation", "default", "read_only", "choice_filter", "appearance", "repeat_count",
    ]

    init(rules: RuleSet) {
        self.rules = rules
        nameCounts = rules.fields.reduce(into: [:]) { $0[$1.name, default: 0] += 1 }
        defaultCode = rules.locale.map { String($0.prefix { $0 != "-" && $0 != "_" }) } ?? "en"
    }

    mutating func export() -> XLSFormExport {
        // Depth-first over the fields, a group or repeat closed after its members.
        enum Step {
            case field(FieldRules)
            case end(FieldRules)
        }
        var pending: [Step] = rules.sections.flatMap { rules.topLevelFields(of: $0) }.reversed().map { .field($0) }
        while let step = pending.popLast() {
            switch step {
            case .end(let field):
                survey.append([("type", field.type == .group ? "end group" : "end repeat"), ("name", field.name)])
            case .field(let field):
                guard write(field), field.type == .group || field.type == .list else { continue }
                pending.append(.end(field))
                pending += rules.directMembers(of: field).reversed().map { .field($0) }
            }
        }
        var sheets = [Sheet(name: "survey", rows: Self.rows(survey, order: Self.surveyColumns))]
        if !choices.isEmpty { sheets.append(Sheet(name: "choices", rows: Self.rows(choices, order: ["list_name", "name", "label"]))) }
        var settings: [(column: String, text: String)] = [("form_id", rules.form)]
        if let title = rules.title { settings.append(("form_title", title)) }
        // The rules' locale, `en` too, is the form's default language (which the import reads back as it).
        if rules.locale != nil { settings.append(("default_language", Self.languageColumn(defaultCode))) }
        sheets.append(Sheet(name: "settings", rows: Self.rows([settings], order: ["form_id", "form_title", "default_language"])))
        return XLSFormExport(workbook: Workbook(sheets: sheets), findings: findings)
    }

    /// The rows of a sheet: a header row of every column used (the base columns in `order`, each
    /// followed by its languages, then any other), then one row per entry.
    static func rows(_ entries: [[(column: String, text: String)]], order: [String]) -> [Sheet.Row] {
        var used: [String] = []
        var seen = Set<String>()
        for entry in entries {
            for (column, _) in entry where seen.insert(column).inserted { used.append(column) }
        }
        // A column's place: its base's in `order` (others after them), the base before its
        // languages, then as first used.
        func rank(_ column: String) -> (base: Int, language: String) {
            let base = column.firstRange(of: "::").map { String(column[..<$0.lowerBound]) } ?? column
            return (order.firstIndex(of: base) ?? order.count, base == column ? "" : column)
        }
        let columns = used.enumerated().sorted { first, second in
            let (a, b) = (rank(first.element), rank(second.element))
            if a.base != b.base { return a.base < b.base }
            if a.language != b.language { return a.language < b.language }
            return first.offset < second.offset
        }.map(\.element)
        let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0 + 1) })
        var rows = [Sheet.Row(number: 1, cells: columns.enumerated().map { Sheet.Cell(column: $0 + 1, text: $1) })]
        for entry in entries {
            let cells = entry.compactMap { column, text in index[column].map { Sheet.Cell(column: $0, text: text) } }
            rows.append(Sheet.Row(number: rows.count + 1, cells: cells.sorted { $0.column < $1.column }))
        }
        return rows
    }

    /// `French (fr)` for `fr`: a language column's suffix that the import reads back as the code.
    static func languageColumn(_ code: String) -> String {
        let names = XLSFormTranslation.Languages.names
        let name = names.keys.sorted().first { names[$0] == code && $0.allSatisfy(\.isASCII) }
        return name.map { $0.prefix(1).uppercased() + $0.dropFirst() + " (\(code))" } ?? code
    }

    /// The cells of a text written per locale: the default language's in `base`, the others in
    /// `base::Language (code)`.
    func localized(_ base: String, _ text: LocalizedText) -> [(column: String, text: String)] {
        if let plain = text.text { return [(base, plain)] }
        return text.locales.sorted { $0.key < $1.key }.map { code, text in
            (code == defaultCode ? base : base + "::" + Self.languageColumn(code), text)
        }
    }

    mutating func finding(_ kind: ImportFinding.Kind, _ message: String, _ field: FieldRules, at location: FileLocation? = nil) {
        findings.append(ImportFinding(kind, message, pointer: field.path, location: location ?? field.location))
    }

    func writer(host: FieldRules?) -> XPathWriter {
        XPathWriter(rules: rules, host: host, nameCounts: nameCounts)
    }

    /// The XPath of a rule, or nil with a finding that it is left out.
    mutating func xpath(
        _ rule: String, _ field: FieldRules, at location: FileLocation? = nil,
        _ write: (XPathWriter) throws -> String
    ) -> String? {
        do {
            return try write(writer(host: field))
        } catch {
            let reason = (error as? XPathWriter.Unwritable)?.reason ?? String(describing: error)
            finding(.unsupported, "the rule '\(rule)' is left out: \(reason)", field, at: location)
            return nil
        }
    }

    /// Writes a field's survey row (and its options); false when the field is left out.
    mutating func write(_ field: FieldRules) -> Bool {
        var row: [(column: String, text: String)] = []
        let widget = field.ui["widget"]?.string
        let type: String
        if let computed = field.computed {
            guard let calculation = xpath(computed.rule, field, { try $0.value(computed.expr) }) else { return false }
            type = "calculate"
            row.append(("type", type))
            row.append(("name", field.name))
            row += labels(field)
            row.append(("calculation", calculation))
            survey.append(row)
            return true
        }
        switch field.type {
        case .text: type = widget == "hidden" ? "hidden" : "text"
        case .integer: type = "integer"
        case .number: type = "decimal"
        case .date: type = "date"
        case .file: type = "file"
        case .group: type = "begin group"
        case .list: type = "begin repeat"
        case .choice where field.options == [ChoiceOption(value: .text("OK"))]:
            // The one option an acknowledge has.
            type = "acknowledge"
        case .choice, .multiChoice, .bool:
            let list = listName(field.name)
            type = (field.type == .multiChoice ? "select_multiple " : "select_one ") + list
            writeOptions(field, list: list)
        case .values, .json:
            finding(.unsupported, "a \(field.type) field has no XLSForm question type; it is left out", field)
            return false
        }
        row.append(("type", type))
        row.append(("name", field.name))
        row += labels(field)
        if let help = field.ui["help"]?.string { row.append(("hint", help)) }
        if let appearance = field.ui["appearance"]?.string { row.append(("appearance", appearance)) }
        row += requiredCells(field)
        if let visible = rules.ownCondition(field, \.visibleConditions),
            let relevant = xpath(visible.rule, field, { try $0.condition(visible.expr) })
        {
            row.append(("relevant", relevant))
        }
        if let enabled = rules.ownCondition(field, \.enabledConditions) {
            let readOnly: String?
            switch enabled.expr {
            case .constant(.bool(false)?): readOnly = "yes"
            case .not(let inner): readOnly = xpath(enabled.rule, field) { try $0.condition(inner) }
            default: readOnly = xpath(enabled.rule, field) { "not(\(try $0.condition(enabled.expr)))" }
            }
            if let readOnly { row.append(("read_only", readOnly)) }
        }
        var repeatChecks = field.checks
        if field.type == .list { row += repeatCount(field, checks: &repeatChecks) }
        row += constraintCells(field, checks: repeatChecks)
        if let initial = initialText(field) { row.append(("default", initial)) }
        if let filter = field.optionsFilter, let choiceFilter = xpath(filter.rule, field, { try $0.condition(filter.expr) }) {
            row.append(("choice_filter", choiceFilter))
        }
        notWritten(field)
        survey.append(row)
        return true
    }

    /// `label` (and its languages) from `title` and `titles`; no label when the title is the id,
    /// as the rules compile a field without one.
    func labels(_ field: FieldRules) -> [(column: String, text: String)] {
        var cells: [(column: String, text: String)] = []
        if field.title != field.name { cells.append(("label", field.title)) }
        for (code, text) in field.titles.sorted(by: { $0.key < $1.key }) where code != defaultCode {
            cells.append(("label::" + Self.languageColumn(code), text))
        }
        return cells
    }

    mutating func requiredCells(_ field: FieldRules) -> [(column: String, text: String)] {
        guard let required = field.required else { return [] }
        guard field.type != .group, field.type != .list else {
            finding(.unsupported, "'\(required.rule)' on a group or repeat has no XLSForm counterpart; it is left out", field)
            return []
        }
        var cells: [(column: String, text: String)] = []
        if case .constant(.bool(true)?) = required.expr {
            cells.append(("required", "yes"))
        } else if let condition = xpath(required.rule, field, { try $0.condition(required.expr) }) {
            cells.append(("required", condition))
        } else {
            return []
        }
        if let message = field.messages[.required] { cells += localized("required_message", message) }
        return cells
    }

    /// The field's value rules as one constraint: its own keys (`min`, `max`, `min_length`,
    /// `max_length`, `pattern`; a multi_choice's `min_items`/`max_items`) and its checks, each
    /// with its `when`, joined by `and`; the first message written is the constraint_message.
    mutating func constraintCells(_ field: FieldRules, checks: [CheckRule]) -> [(column: String, text: String)] {
        var parts: [String] = []
        var message: LocalizedText?
        let rules = field.keyRules + checks
        if field.type == .group || field.type == .list {
            for rule in rules {
                finding(
                    .unsupported, "the rule '\(rule.rule)' on a group or repeat has no XLSForm counterpart; it is left out", field,
                    at: rule.location)
            }
            return []
        }
        for rule in rules {
            let written = xpath(rule.rule, field, at: rule.location) { writer in
                let condition: String
                switch rule.kind {
                case .min(let bound): condition = ". >= " + (try writer.value(bound.expr)).operandText
                case .max(let bound): condition = ". <= " + (try writer.value(bound.expr)).operandText
                case .minLength(let length): condition = "string-length(.) >= \(length)"
                case .maxLength(let length): condition = "string-length(.) <= \(length)"
                case .pattern(let pattern): condition = try writer.regex(".", whole: pattern.source)
                case .mask: throw XPathWriter.Unwritable(reason: "a mask has no XLSForm counterpart")
                case .expr(let expr): condition = try writer.condition(expr.expr)
                }
                guard let when = rule.when else { return condition }
                return "not(\(try writer.condition(when.expr))) or (\(condition))"
            }
            guard let written else { continue }
            parts.append(written)
            let ruleMessage = rule.message ?? (rule.check == nil ? field.messages[Self.code(rule.kind)] : nil)
            if let ruleMessage {
                if message == nil {
                    message = ruleMessage
                } else if ruleMessage != message {
                    finding(
                        .approximated,
                        "XLSForm has one constraint_message a question: the message of '\(rule.rule)' is not written (the first rule's is)",
                        field, at: rule.location)
                }
            }
        }
        if field.type == .multiChoice {
            if let least = field.minItems { parts.append("count-selected(.) >= \(least)") }
            if let most = field.maxItems { parts.append("count-selected(.) <= \(most)") }
        }
        guard !parts.isEmpty else { return [] }
        var cells: [(column: String, text: String)] = [
            ("constraint", parts.count == 1 ? parts[0] : parts.map { "(\($0))" }.joined(separator: " and "))
        ]
        if let message = message ?? field.message { cells += localized("constraint_message", message) }
        return cells
    }

    static func code(_ kind: CheckRule.Kind) -> IssueCode {
        switch kind {
        case .min: .min
        case .max: .max
        case .minLength: .minLength
        case .maxLength: .maxLength
        case .pattern: .pattern
        case .mask: .mask
        case .expr: .check
        }
    }

    /// A repeat's count: its fewest and most items when they are one number, or a check
    /// `count(list) == n` without `when` (taken out of `checks`), as the import reads a repeat_count.
    mutating func repeatCount(_ field: FieldRules, checks: inout [CheckRule]) -> [(column: String, text: String)] {
        if field.minItems == nil, field.maxItems == nil,
            let index = checks.firstIndex(where: { rule in
                guard rule.when == nil, case .expr(let written) = rule.kind, case .equal(let counted, _) = written.expr else {
                    return false
                }
                return Self.counts(counted, field)
            }),
            case .expr(let written) = checks[index].kind, case .equal(_, let count) = written.expr,
            let text = xpath(checks[index].rule, field, at: checks[index].location, { try $0.value(count) })
        {
            checks.remove(at: index)
            return [("repeat_count", text)]
        }
        switch (field.minItems, field.maxItems) {
        case (nil, nil): return []
        case (let least?, let most?) where least == most: return [("repeat_count", String(least))]
        default:
            finding(
                .unsupported,
                "min_items/max_items of a list: XLSForm's repeat_count fixes the number of items; the bounds are left out", field)
            return []
        }
    }

    /// Whether `expr` is the number of items of the list `field`: `count(list)`.
    static func counts(_ expr: Expr, _ field: FieldRules) -> Bool {
        switch expr {
        case .itemCount(let list): list == field.id
        case .function(.count, let arguments): arguments.count == 1 && counts(arguments[0], field)
        default: false
        }
    }

    /// The `default` of a field's `initial`.
    mutating func initialText(_ field: FieldRules) -> String? {
        if field.initialIsToday { return "today()" }
        guard let initial = field.initial else { return nil }
        switch initial {
        case .list(let values): return values.map(\.description).joined(separator: " ")
        case .structured:
            finding(.unsupported, "a JSON initial value has no XLSForm default; it is left out", field)
            return nil
        default: return initial.description
        }
    }

    /// Findings for the keys of a field that XLSForm has no column for.
    mutating func notWritten(_ field: FieldRules) {
        var keys: [String] = []
        if field.uniqueItems { keys.append("unique_items") }
        if !field.uniqueBy.isEmpty { keys.append("unique_by") }
        if field.type == .file {
            if field.maxSize != nil { keys.append("max_size") }
            if !field.mediaTypes.isEmpty { keys.append("media_types") }
            if field.minItems != nil || field.maxItems != nil { keys.append("min_items/max_items") }
        }
        if !field.dependsOn.isEmpty { keys.append("depends_on") }
        for key in keys { finding(.unsupported, "'\(key)' has no XLSForm counterpart; it is left out", field) }
    }

    /// A choice list's name for a field: its name, made unique.
    mutating func listName(_ name: String) -> String {
        var candidate = name
        var number = 2
        while listNames.contains(candidate) {
            candidate = "\(name)_\(number)"
            number += 1
        }
        listNames.insert(candidate)
        return candidate
    }

    /// The choices of a select: a field's options (a bool's `true` and `false`), with their attributes.
    mutating func writeOptions(_ field: FieldRules, list: String) {
        var options = field.options
        if field.type == .bool {
            options = [ChoiceOption(value: .text("true")), ChoiceOption(value: .text("false"))]
            finding(
                .approximated,
                "XLSForm has no yes/no question: a select_one of 'true' and 'false', which reads back as a choice", field)
        }
        for option in options {
            let name = option.value.description
            if field.type == .multiChoice, name.contains(where: \.isWhitespace) || name.isEmpty {
                finding(
                    .unsupported,
                    "the option '\(name)' cannot be a select_multiple's choice name (its answer is names joined by spaces); it is left out",
                    field)
                continue
            }
            if option.value.text == nil, field.type != .bool {
                finding(.approximated, "the option \(name) is written as the choice name '\(name)', a text", field)
            }
            var row: [(column: String, text: String)] = [("list_name", list), ("name", name), ("label", option.title)]
            for (key, value) in option.attributes.sorted(by: { $0.key < $1.key }) { row.append((key, value.description)) }
            choices.append(row)
        }
    }
}

extension String {
    /// The text as an operand of a comparison: in parentheses unless it is one word or literal.
    fileprivate var operandText: String {
        allSatisfy { !$0.isWhitespace } ? self : "(" + self + ")"
    }
}
