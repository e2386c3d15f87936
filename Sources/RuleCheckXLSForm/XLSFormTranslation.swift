import RuleCheck

/// One XLSForm translated: the survey's rows read into questions (groups and repeats nested),
/// then each question written as a field of a ``RulesTree``, findings at their cells.
struct XLSFormTranslation {
    let workbook: Workbook
    let source: String
    var findings: [ImportFinding] = []
    private var nextUnit = 1

    init(workbook: Workbook, source: String) {
        self.workbook = workbook
        self.source = source
    }

    /// A survey row read: its type, name and the questions inside it (a group's, a repeat's).
    struct Question {
        var row: XLSFormSheet.Row
        var type: String
        /// A select's list name.
        var listName: String?
        var orOther = false
        var name: String
        var children: [Question] = []
        var field: XPathTranslator.Field
    }

    /// The words RuleCheck keeps for itself, which cannot be ids.
    static let reserved: Set<String> = ["and", "or", "not", "in", "true", "false", "null", "today", "option"]

    /// The columns read (besides the languages of `label`, `hint` and the messages).
    static let survey: Set<String> = [
        "type", "name", "label", "hint", "required", "required_message", "relevant", "constraint", "constraint_message",
        "calculation", "default", "read_only", "choice_filter", "appearance", "parameters", "repeat_count",
    ]
    /// Columns about how a question is shown or recorded, which say nothing about its answer.
    static let presentation: Set<String> = [
        "guidance_hint", "media", "image", "audio", "video", "big-image", "autoplay", "intent", "label_or_hint", "note",
        "notes", "comment", "comments", "instance", "body", "style", "trigger", "rows", "max-pixels", "quality",
        "accuracythreshold", "capture-accuracy", "warning-accuracy", "allow-mock-accuracy", "randomize", "seed",
        "sms_field", "compact_tag", "save_to", "label::", "jr:preload", "jr:preloadparams", "preload", "preloadparams",
        "bind", "control", "value", "orientation", "flash", "is_repeat", "disabled",
    ]

    // MARK: - The tree

    mutating func tree() throws(RulesError) -> RulesTree {
        guard let surveySheet = workbook.sheet("survey") else {
            let names = workbook.sheets.map(\.name).joined(separator: ", ")
            throw error("the workbook has no 'survey' sheet (its sheets: \(names.isEmpty ? "none" : names))")
        }
        let survey = XLSFormSheet(surveySheet)
        guard survey.columns.contains(where: { $0.name == "type" }) else {
            throw error("the survey sheet has no 'type' column in its first row", sheet: survey.name, row: survey.headerRow)
        }
        let settings = workbook.sheet("settings").map(XLSFormSheet.init)
        let choices = workbook.sheet("choices").map(XLSFormSheet.init)
        for sheet in [survey, choices, settings].compactMap({ $0 }) {
            guard let (first, again) = sheet.repeatedColumn else { continue }
            let firstCell = CellReference(sheet: sheet.name, row: sheet.headerRow, column: first.index)
            throw error(
                "the column '\(again.written)' is in the header twice (first at \(firstCell)): which one the form means cannot be told",
                at: CellReference(sheet: sheet.name, row: sheet.headerRow, column: again.index))
        }
        let settingsRow = settings?.rows.first
        languages = Languages(defaultLanguage: settingsRow?.value("default_language"))
        if let choices { readChoices(choices) }
        reportColumns(survey)

        var questions = try readQuestions(survey)
        // The kinds of calculated values: a calculate is of the kind its calculation gives, which
        // may read other calculates (a few rounds settle every chain a form writes).
        for _ in 0..<4 { inferCalculates(&questions) }
        let table = fieldTable(questions)
        expressions = XPathTranslator(fields: table.fields, duplicates: table.duplicates)

        var tree = RulesTree()
        tree.header = [
            "Rules of the XLSForm \(source), written by rulecheck import xlsform.",
            "The comment at the end of a line names the cell it comes from (sheet!cell).",
        ]
        let formID = settingsRow?.value("form_id") ?? Self.stem(source)
        tree.top.append(RulesTree.Entry(key: "form", value: .scalar(RulesTree.quoted(Self.identifier(formID))), origin: nil))
        if let title = settingsRow?.value("form_title") {
            tree.top.append(RulesTree.Entry(key: "title", value: .scalar(RulesTree.quoted(title)), origin: nil))
        }
        // The default language's code is the rules' locale: the form speaks it first.
        if let settings, let settingsRow, let locale = languages.locale {
            let origin = cell(settings.name, settingsRow, settingsRow.column("default_language"))
            let entry = RulesTree.Entry(key: "locale", value: .scalar(RulesTree.quoted(locale)), origin: origin)
            tree.top.append(RulesTree.Entry(key: "defaults", value: .mapping([entry]), origin: nil))
        }
        tree.fields = questions.flatMap { fieldEntries($0) }
        guard !tree.fields.isEmpty else {
            throw error("the survey has no question that becomes a field", sheet: survey.name, row: survey.headerRow)
        }
        return tree
    }

    /// Prints the tree and compiles it, leaving out (with a finding at its cell) each rule that
    /// the compiler refuses, until it compiles or an error is not of a rule that can be left out.
    mutating func compiled(_ tree: RulesTree) -> TranslatedRules {
        var excluded = Set<Int>()
        var lines = tree.lines(leaving: excluded)
        for _ in 0..<32 {
            let text = lines.map(\.text).joined(separator: "\n") + "\n"
            let refused: RulesError
            do {
                _ = try RuleSet(yaml: text, source: source + " (as rules)")
                break
            } catch {
                refused = error
            }
            var progressed = false
            for diagnostic in refused.diagnostics where diagnostic.severity == .error {
                guard let line = diagnostic.location?.line, lines.indices.contains(line - 1),
                    let unit = lines[line - 1].unit, !excluded.contains(unit)
                else { continue }
                excluded.insert(unit)
                progressed = true
                let written = lines[line - 1].text.trimmingSpaces
                let origin = lines[line - 1].origin ?? lines.first { $0.unit == unit && $0.origin != nil }?.origin
                if let origin {
                    finding(
                        .unsupported, "the rule made of it is refused, so it is left out: \(diagnostic.message) (in '\(written)')",
                        at: origin)
                }
            }
            guard progressed else { break }
            lines = tree.lines(leaving: excluded)
        }
        var origins: [Int: TranslatedRules.Origin] = [:]
        for (index, line) in lines.enumerated() {
            if let origin = line.origin { origins[index + 1] = self.origin(origin) }
        }
        let text = lines.map(\.text).joined(separator: "\n") + "\n"
        let sorted = findings.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        return TranslatedRules(text: text, origins: origins, findings: sorted)
    }

    // MARK: - Languages and choices

    /// The form's languages as pyxform has them: the settings' `default_language` is the
    /// language of the columns without `::language`, the one the form shows first; a column
    /// written in it (`label::French (fr)`) wins over the plain one.
    struct Languages {
        /// The code of the default language: en unless settings say; nil for a language the
        /// settings name without a code RuleCheck knows (`Kiswahili`).
        var defaultCode: String? = "en"
        /// The settings' `default_language` as written, which a column's language matches by name.
        var defaultName: String?
        /// The settings' default language's code, the rules' `defaults.locale`; nil without the
        /// setting, or for a language without a code.
        var locale: String?

        init() {}

        init(defaultLanguage: String?) {
            guard let name = defaultLanguage?.trimmingSpaces, !name.isEmpty else { return }
            defaultName = name
            let code = Self.code(name)
            // pyxform's `default` is the plain columns' language when the settings say none.
            defaultCode = code?.isEmpty == true ? "en" : code
            locale = code?.isEmpty == false ? code : nil
        }

        /// Whether a column of `language` (nil: a column without `::language`) is in the default
        /// language: by its name as the settings write it, or by its code.
        func isDefault(_ language: String?) -> Bool {
            guard let language = language?.trimmingSpaces else { return true }
            if language == defaultName { return true }
            guard let code = Self.code(language) else { return false }
            return code.isEmpty || code == defaultCode
        }

        /// `fr` for `French (fr)`, `French`, `fr`; nil for a language without a code RuleCheck knows.
        static func code(_ language: String) -> String? {
            let text = language.trimmingSpaces
            if let open = text.lastIndex(of: "("), text.hasSuffix(")") {
                let code = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingSpaces
                if Self.isCode(code) { return code }
            }
            if Self.isCode(text) { return text }
            return names[text.lowercased()]
        }

        static func isCode(_ text: String) -> Bool {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
                return false
            }
            return parts.dropFirst().allSatisfy {
                (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        }

        static let names: [String: String] = [
            "english": "en", "french": "fr", "français": "fr", "spanish": "es", "español": "es", "portuguese": "pt",
            "arabic": "ar", "persian": "fa", "farsi": "fa", "russian": "ru", "german": "de", "chinese": "zh",
            "swahili": "sw", "hindi": "hi", "bengali": "bn", "urdu": "ur", "indonesian": "id", "italian": "it",
            "dutch": "nl", "turkish": "tr", "amharic": "am", "hausa": "ha", "yoruba": "yo", "somali": "so",
            "nepali": "ne", "vietnamese": "vi", "thai": "th", "burmese": "my", "pashto": "ps", "dari": "prs", "default": "",
        ]
    }

    var languages = Languages()
    var expressions = XPathTranslator(fields: [:], duplicates: [])

    struct Choice {
        var name: String
        var labels: [(language: String?, column: XLSFormSheet.Column, text: String)]
        var attributes: [(name: String, value: String)]
        var row: Int
        /// The column of its name.
        var nameColumn: Int
    }

    var choices: [String: [Choice]] = [:]
    var choicesSheet = "choices"
    /// The columns an option has besides name and label (what a choice_filter reads).
    var choiceColumns: Set<String> = []

    mutating func readChoices(_ sheet: XLSFormSheet) {
        choicesSheet = sheet.name
        let skipped: Set<String> = ["list_name", "name", "label", "media", "image", "audio", "video", "big-image"]
        for row in sheet.rows {
            guard let list = row.value("list_name"), let name = row.value("name") else { continue }
            var attributes: [(String, String)] = []
            for (column, value) in row.values.sorted(by: { $0.key.index < $1.key.index })
            where column.language == nil && !skipped.contains(column.name) && Self.isIdentifier(column.name) {
                attributes.append((column.name, value))
                choiceColumns.insert(column.name)
            }
            choices[list, default: []].append(
                Choice(
                    name: name, labels: row.translations("label"), attributes: attributes, row: row.number,
                    nameColumn: row.column("name")?.index ?? 1))
        }
    }

    /// One finding per column of the survey that is written in some row but not read.
    mutating func reportColumns(_ survey: XLSFormSheet) {
        var seen = Set<String>()
        for column in survey.columns {
            let base = column.name
            guard !Self.survey.contains(base), !Self.presentation.contains(base), !seen.contains(column.written) else { continue }
            guard survey.rows.contains(where: { $0.values[column] != nil }) else { continue }
            seen.insert(column.written)
            let kind: ImportFinding.Kind = column.written.lowercased().hasPrefix("bind") ? .unsupported : .ignored
            finding(
                kind, "the column '\(column.written)' is not read",
                at: CellReference(sheet: survey.name, row: survey.headerRow, column: column.index))
        }
    }

    // MARK: - Questions

    mutating func readQuestions(_ survey: XLSFormSheet) throws(RulesError) -> [Question] {
        // The open groups and repeats: each its question and its children so far.
        var stack: [(question: Question?, children: [Question])] = [(nil, [])]
        var skipping = 0
        for row in survey.rows {
            guard let typeText = row.value("type") else {
                if row.value("name") != nil, let column = row.column("name") {
                    finding(.unsupported, "a row with a name but no type is not read", at: cell(survey.name, row, column))
                }
                continue
            }
            let type = Self.normalisedType(typeText.split(whereSeparator: \.isWhitespace).map(String.init))
            let typeCell = cell(survey.name, row, row.column("type"))
            if skipping > 0 {
                if type.kind.hasPrefix("begin") { skipping += 1 }
                if type.kind.hasPrefix("end") { skipping -= 1 }
                continue
            }
            if type.kind == "end_group" || type.kind == "end_repeat" {
                guard stack.count > 1, let open = stack.last?.question,
                    (type.kind == "end_group") == (open.type == "begin_group")
                else {
                    throw error("'\(typeText)' closes no open \(type.kind == "end_group" ? "group" : "repeat")", at: typeCell)
                }
                let closed = stack.removeLast()
                var question = open
                question.children = closed.children
                if question.children.isEmpty {
                    finding(
                        .ignored,
                        "the \(question.type == "begin_group" ? "group" : "repeat") '\(question.name)' has no questions that become fields; it is left out",
                        at: typeCell)
                } else {
                    stack[stack.count - 1].children.append(question)
                }
                continue
            }
            if type.kind == "begin_loop" {
                finding(.unsupported, "'begin loop' (a group per choice) is not translated; its questions are left out", at: typeCell)
                skipping = 1
                continue
            }
            if let reason = type.unsupported {
                finding(.unsupported, "the type '\(typeText)' \(reason); the question is left out", at: typeCell)
                if type.kind.hasPrefix("begin") { skipping = 1 }
                continue
            }
            if type.kind == "note" { continue }
            if type.kind == "external" {
                finding(.ignored, "'\(typeText)' declares an external file for expressions, which is not read", at: typeCell)
                continue
            }
            if type.kind.hasSuffix("_from_file") {
                finding(
                    .approximated,
                    "the choices of '\(typeText)' are in a file that is not read: the answer is text, and any answer is accepted",
                    at: typeCell)
            }
            guard let name = row.value("name") else {
                if type.kind.hasPrefix("begin") {
                    finding(
                        .unsupported, "a \(type.kind == "begin_group" ? "group" : "repeat") without a name is left out with its questions",
                        at: typeCell)
                    skipping = 1
                } else {
                    finding(.unsupported, "a question without a name is left out", at: typeCell)
                }
                continue
            }
            let nameCell = cell(survey.name, row, row.column("name"))
            guard Self.isIdentifier(name), !Self.reserved.contains(name) else {
                finding(
                    .unsupported,
                    "'\(name)' cannot be a field id (ids are letters, digits and _, starting with a letter or _, and not \(Self.reserved.sorted().joined(separator: ", "))); the question is left out\(type.kind.hasPrefix("begin") ? " with the questions inside it" : "")",
                    at: nameCell)
                if type.kind.hasPrefix("begin") { skipping = 1 }
                continue
            }
            if type.kind == "select_one" || type.kind == "select_multiple" {
                guard let list = type.listName, choices[list] != nil else {
                    finding(
                        .unsupported, "the list '\(type.listName ?? "")' is not in the choices sheet; the question is left out",
                        at: typeCell)
                    continue
                }
            }
            let parents = stack.compactMap(\.question)
            var listPrefixes: [Int] = []
            for (index, parent) in parents.enumerated() where parent.type == "begin_repeat" { listPrefixes.append(index + 1) }
            let field = XPathTranslator.Field(
                name: name, path: parents.map(\.name) + [name], listPrefixes: listPrefixes, kind: type.valueKind,
                isChoice: type.kind == "select_one")
            let question = Question(
                row: row, type: type.kind, listName: type.listName, orOther: type.orOther, name: name, field: field)
            if type.kind.hasPrefix("begin") {
                stack.append((question, []))
            } else {
                stack[stack.count - 1].children.append(question)
            }
        }
        if stack.count > 1, let open = stack.last?.question {
            throw error(
                "the \(open.type == "begin_group" ? "group" : "repeat") '\(open.name)' is never closed (end \(open.type == "begin_group" ? "group" : "repeat"))",
                at: cell(survey.name, open.row, open.row.column("type")))
        }
        return stack[0].children
    }

    struct QuestionType {
        var kind: String
        var listName: String?
        var orOther = false
        var unsupported: String?
        var valueKind: XPathTranslator.Kind = .text
    }

    /// The type of a `type` cell's words: its keywords in any case, a select's list name as written.
    static func normalisedType(_ written: [String]) -> QuestionType {
        let words = written.map { $0.lowercased() }
        let joined = words.joined(separator: " ")
        switch joined {
        case "begin group", "begin_group": return QuestionType(kind: "begin_group", valueKind: .group)
        case "end group", "end_group": return QuestionType(kind: "end_group")
        case "begin repeat", "begin_repeat": return QuestionType(kind: "begin_repeat", valueKind: .list)
        case "end repeat", "end_repeat": return QuestionType(kind: "end_repeat")
        case "end loop", "end_loop": return QuestionType(kind: "end_loop")
        default: break
        }
        if joined.hasPrefix("begin loop") || joined.hasPrefix("begin_loop") { return QuestionType(kind: "begin_loop") }
        guard let first = words.first else { return QuestionType(kind: "", unsupported: "is empty") }
        var selectWords = words
        var orOther = false
        // `or_other`, and pyxform's older spellings `or other` and `or specify other`.
        if selectWords.last == "or_other" {
            orOther = true
            selectWords.removeLast()
        } else if selectWords.count >= 3, selectWords.suffix(3) == ["or", "specify", "other"] {
            orOther = true
            selectWords.removeLast(3)
        } else if selectWords.count >= 2, selectWords.suffix(2) == ["or", "other"] {
            orOther = true
            selectWords.removeLast(2)
        }
        let select = selectWords.joined(separator: " ")
        for (prefix, kind) in [
            ("select_one ", "select_one"), ("select one from ", "select_one"), ("select one ", "select_one"),
            ("select_multiple ", "select_multiple"), ("select all that apply from ", "select_multiple"),
            ("select all that apply ", "select_multiple"), ("select multiple ", "select_multiple"),
        ] where select.hasPrefix(prefix) {
            guard !String(select.dropFirst(prefix.count)).trimmingSpaces.contains(" ") else { continue }
            let list = written[selectWords.count - 1]
            return QuestionType(kind: kind, listName: list, orOther: orOther, valueKind: kind == "select_one" ? .text : .multi)
        }
        switch first {
        case "text", "string": return QuestionType(kind: "text")
        case "integer", "int": return QuestionType(kind: "integer", valueKind: .number)
        case "decimal": return QuestionType(kind: "decimal", valueKind: .number)
        case "range": return QuestionType(kind: "range", valueKind: .number)
        case "date": return QuestionType(kind: "date", valueKind: .date)
        case "time": return QuestionType(kind: "time")
        case "datetime": return QuestionType(kind: "datetime")
        case "note": return QuestionType(kind: "note")
        case "calculate": return QuestionType(kind: "calculate", valueKind: .unknown)
        case "hidden": return QuestionType(kind: "hidden")
        case "acknowledge", "trigger": return QuestionType(kind: "acknowledge")
        case "gps": return QuestionType(kind: "geopoint")
        case "phone": return QuestionType(kind: "phonenumber")
        case "geopoint", "geotrace", "geoshape", "barcode", "image", "audio", "video", "file", "background-audio", "start",
            "end", "deviceid", "subscriberid", "simserial", "phonenumber", "username", "email", "audit", "start-geopoint",
            "uri:deviceid", "uri:username", "uri:email", "uri:phonenumber", "uri:subscriberid", "uri:simserial", "osm":
            return QuestionType(kind: first)
        case "today": return QuestionType(kind: "today", valueKind: .date)
        case "rank": return QuestionType(kind: "rank", unsupported: "(an ordering of choices) is not translated")
        case "select_one_from_file", "select_multiple_from_file":
            // The choices are in a file the form names: the answer is kept as text, unchecked.
            return QuestionType(kind: first)
        case "xml-external", "csv-external":
            return QuestionType(kind: "external")
        case "select_one_external":
            return QuestionType(kind: first, unsupported: "reads an external file, which is not read offline")
        case "select_one", "select_multiple":
            return QuestionType(kind: first, unsupported: "names no choice list")
        default: return QuestionType(kind: first, unsupported: "is not an XLSForm type RuleCheck knows")
        }
    }

    mutating func inferCalculates(_ questions: inout [Question]) {
        let table = fieldTable(questions)
        var translator = XPathTranslator(fields: table.fields, duplicates: table.duplicates)
        func visit(_ list: inout [Question]) {
            for index in list.indices {
                visit(&list[index].children)
                guard list[index].type == "calculate", let calculation = list[index].row.value("calculation") else { continue }
                let context = XPathTranslator.Context(host: list[index].field)
                if let term = try? translator.value(calculation, in: context) {
                    list[index].field.kind = term.kind == .list || term.kind == .group ? .unknown : term.kind
                }
            }
        }
        visit(&questions)
    }

    func fieldTable(_ questions: [Question]) -> (fields: [String: XPathTranslator.Field], duplicates: Set<String>) {
        var fields: [String: XPathTranslator.Field] = [:]
        var duplicates = Set<String>()
        var pending = questions
        while let question = pending.popLast() {
            if fields[question.name] != nil { duplicates.insert(question.name) }
            fields[question.name] = question.field
            if question.orOther {
                let other = question.name + "_other"
                var field = question.field
                field.name = other
                field.path[field.path.count - 1] = other
                field.kind = .text
                field.isChoice = false
                if fields[other] != nil { duplicates.insert(other) }
                fields[other] = field
            }
            pending += question.children
        }
        return (fields, duplicates)
    }

    // MARK: - Fields

    mutating func unit() -> Int {
        nextUnit += 1
        return nextUnit
    }

    /// The field entries of a question (two for a select `or_other`: the select and its text).
    mutating func fieldEntries(_ question: Question) -> [[RulesTree.Entry]] {
        let row = question.row
        let sheet = workbookSurveyName
        func at(_ column: String) -> CellReference? {
            row.column(column).map { CellReference(sheet: sheet, row: row.number, column: $0.index) }
        }
        let typeCell = at("type")
        var entries: [RulesTree.Entry] = [
            RulesTree.Entry(key: "id", value: .scalar(question.name), origin: at("name"))
        ]
        var keys: [RulesTree.Entry] = []
        let rulesType: String
        var pattern: (String, String)?
        switch question.type {
        case "begin_group": rulesType = "group"
        case "begin_repeat": rulesType = "list"
        case "integer": rulesType = "integer"
        case "decimal", "range": rulesType = "number"
        case "date", "today": rulesType = "date"
        case "select_one", "acknowledge": rulesType = "choice"
        case "select_multiple": rulesType = "multi_choice"
        case "time":
            rulesType = "text"
            pattern = (#"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$"#, "a time of day, hh:mm:ss")
        case "datetime", "start", "end":
            rulesType = "text"
            pattern = (
                #"^\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$"#,
                "a date and time, yyyy-mm-ddThh:mm:ss"
            )
        case "geopoint", "start-geopoint":
            rulesType = "text"
            pattern = (#"^-?\d+(\.\d+)?\s+-?\d+(\.\d+)?(\s+-?\d+(\.\d+)?){0,2}$"#, "latitude longitude [altitude accuracy]")
        case "calculate":
            switch question.field.kind {
            case .number: rulesType = "number"
            case .date: rulesType = "date"
            case .bool: rulesType = "bool"
            default: rulesType = "text"
            }
        default: rulesType = "text"
        }
        entries.append(RulesTree.Entry(key: "type", value: .scalar(rulesType), origin: typeCell))
        if let pattern {
            keys.append(
                RulesTree.Entry(
                    key: "pattern", value: .scalar(RulesTree.quoted(pattern.0)), origin: typeCell, droppable: true,
                    unit: unit()))
            if let typeCell {
                finding(
                    .approximated, "RuleCheck has no \(question.type) type: the answer is text that must look like \(pattern.1)",
                    at: typeCell)
            }
        }
        // The title, and the other languages' labels as its `titles:`.
        var ui: [RulesTree.Entry] = []
        var otherLabels: [RulesTree.Entry] = []
        let labels = row.translations("label")
        if let title = defaultText(labels) {
            let origin = CellReference(sheet: sheet, row: row.number, column: title.column.index)
            entries.append(RulesTree.Entry(key: "title", value: .scalar(RulesTree.quoted(title.text)), origin: origin))
        }
        var labelCodes = Set<String>()
        for (language, column, text) in labels where !languages.isDefault(language) {
            guard let code = languageCode(language), labelCodes.insert(code).inserted else { continue }
            let origin = CellReference(sheet: sheet, row: row.number, column: column.index)
            otherLabels.append(RulesTree.Entry(key: code, value: .scalar(RulesTree.quoted(text)), origin: origin))
        }
        if !otherLabels.isEmpty { entries.append(RulesTree.Entry(key: "titles", value: .mapping(otherLabels), origin: nil)) }
        if let hint = defaultText(row.translations("hint")) {
            let origin = CellReference(sheet: sheet, row: row.number, column: hint.column.index)
            ui.append(RulesTree.Entry(key: "help", value: .scalar(RulesTree.quoted(hint.text)), origin: origin))
        }
        if let appearance = row.value("appearance") {
            ui.append(RulesTree.Entry(key: "appearance", value: .scalar(RulesTree.quoted(appearance)), origin: at("appearance")))
        }
        if question.type == "hidden" { ui.append(RulesTree.Entry(key: "widget", value: .scalar("hidden"), origin: typeCell)) }

        let host = question.field
        // relevant → visible_if
        if let relevant = row.value("relevant") {
            if let condition = translateCondition(relevant, host: host, at: at("relevant")) {
                keys.append(droppable("visible_if", condition, at("relevant")))
            }
        }
        // required (+ required_message)
        if let required = row.value("required") {
            switch Self.yesNo(required) {
            case true?: keys.append(RulesTree.Entry(key: "required", value: .scalar("true"), origin: at("required")))
            case false?: break
            case nil:
                if let condition = translateCondition(required, host: host, at: at("required")) {
                    keys.append(droppable("required", condition, at("required")))
                }
            }
        }
        // read_only → enabled_if
        if let readOnly = row.value("read_only") {
            switch Self.yesNo(readOnly) {
            case true?: keys.append(RulesTree.Entry(key: "enabled_if", value: .scalar("false"), origin: at("read_only")))
            case false?: break
            case nil:
                if let condition = translateCondition(readOnly, host: host, at: at("read_only")) {
                    keys.append(droppable("enabled_if", "not (\(condition))", at("read_only")))
                }
            }
        }
        // calculation → value
        if let calculation = row.value("calculation") {
            if let term = translateValue(calculation, host: host, at: at("calculation")) {
                keys.append(droppable("value", term, at("calculation")))
            }
        }
        // default → initial
        if let value = row.value("default") {
            keys += initial(value, question: question, at: at("default"))
        }
        // The options, and choice_filter → options_filter.
        if question.type == "select_one" || question.type == "select_multiple", let list = question.listName {
            keys.append(options(list, orOther: question.orOther))
            if let filter = row.value("choice_filter") {
                var context = XPathTranslator.Context(host: host)
                context.optionColumns = choiceColumns
                if let condition = translate(
                    filter, at: at("choice_filter"),
                    { (translator: inout XPathTranslator) throws(XPathTranslator.Untranslatable) in
                        try translator.condition(filter, in: context)
                    })
                {
                    keys.append(droppable("options_filter", condition, at("choice_filter")))
                }
            }
        }
        if question.type == "acknowledge" {
            keys.append(
                RulesTree.Entry(
                    key: "options", value: .sequence([[RulesTree.Entry(key: "value", value: .scalar("'OK'"), origin: typeCell)]]),
                    origin: typeCell))
        }
        // range: start, end, step.
        var checks: [[RulesTree.Entry]] = []
        if question.type == "range" {
            let parts = range(row.value("parameters"), host: host, at: at("parameters") ?? typeCell)
            keys += parts.keys
            if let check = parts.check { checks.append(check) }
        }
        // constraint (+ constraint_message) → a check
        if let constraint = row.value("constraint") {
            var context = XPathTranslator.Context(host: host)
            context.currentAllowed = true
            if let condition = translate(
                constraint, at: at("constraint"),
                { (translator: inout XPathTranslator) throws(XPathTranslator.Untranslatable) in
                    try translator.condition(constraint, in: context)
                })
            {
                let checkUnit = unit()
                var check = [
                    RulesTree.Entry(
                        key: "expr", value: .scalar(RulesTree.quoted(condition)), origin: at("constraint"), droppable: true, unit: checkUnit
                    )
                ]
                if let message = localized("constraint_message", row) {
                    check.append(
                        RulesTree.Entry(key: "message", value: message.value, origin: message.origin, droppable: true, unit: checkUnit))
                }
                checks.append(check)
            }
        }
        // repeat_count: a written number is the count of items; an expression a check of it.
        if question.type == "begin_repeat", let count = row.value("repeat_count") {
            if let number = Int(count.trimmingSpaces), number >= 0 {
                keys.append(RulesTree.Entry(key: "min_items", value: .scalar(String(number)), origin: at("repeat_count")))
                keys.append(RulesTree.Entry(key: "max_items", value: .scalar(String(number)), origin: at("repeat_count")))
            } else if let term = translateValue(count, host: host, at: at("repeat_count")) {
                let checkUnit = unit()
                checks.append([
                    RulesTree.Entry(
                        key: "expr", value: .scalar(RulesTree.quoted("count(\(question.name)) == \(term)")), origin: at("repeat_count"),
                        droppable: true, unit: checkUnit)
                ])
                if let cell = at("repeat_count") {
                    finding(.approximated, "repeat_count: the number of items is checked when the repeat has an item", at: cell)
                }
            }
        }
        if let message = localized("required_message", row) {
            let messageUnit = unit()
            keys.append(
                RulesTree.Entry(
                    key: "messages",
                    value: .mapping([RulesTree.Entry(key: "required", value: message.value, origin: message.origin)]), origin: nil,
                    droppable: true, unit: messageUnit))
        }
        entries += keys
        if !checks.isEmpty { entries.append(RulesTree.Entry(key: "checks", value: .sequence(checks), origin: nil)) }
        if !ui.isEmpty { entries.append(RulesTree.Entry(key: "ui", value: .mapping(ui), origin: nil)) }
        if question.type == "begin_group" || question.type == "begin_repeat" {
            let members = question.children.flatMap { fieldEntries($0) }
            entries.append(RulesTree.Entry(key: question.type == "begin_group" ? "fields" : "item", value: .sequence(members), origin: nil))
        }
        var result = [entries]
        if question.orOther {
            // pyxform's `or_other`: the text of the other answer, shown when 'other' is chosen.
            let test = question.type == "select_one" ? "\(question.name) == 'other'" : "'other' in \(question.name)"
            result.append([
                RulesTree.Entry(key: "id", value: .scalar(question.name + "_other"), origin: typeCell),
                RulesTree.Entry(key: "type", value: .scalar("text"), origin: typeCell),
                RulesTree.Entry(key: "title", value: .scalar("'Specify other.'"), origin: typeCell),
                RulesTree.Entry(key: "visible_if", value: .scalar(RulesTree.quoted(test)), origin: typeCell),
            ])
        }
        return result
    }

    var workbookSurveyName: String { workbook.sheet("survey")?.name ?? "survey" }

    mutating func droppable(_ key: String, _ expression: String, _ origin: CellReference?) -> RulesTree.Entry {
        RulesTree.Entry(key: key, value: .scalar(RulesTree.quoted(expression)), origin: origin, droppable: true, unit: unit())
    }

    mutating func translate(
        _ text: String, at origin: CellReference?,
        _ body: (inout XPathTranslator) throws(XPathTranslator.Untranslatable) -> String
    ) -> String? {
        expressions.approximations = []
        do {
            let result = try body(&expressions)
            if let origin {
                for approximation in expressions.approximations { finding(.approximated, approximation, at: origin) }
            }
            return result
        } catch {
            if let origin { finding(.unsupported, "\(error.message); the rule '\(text)' is left out", at: origin) }
            return nil
        }
    }

    mutating func translateCondition(_ text: String, host: XPathTranslator.Field, at origin: CellReference?) -> String? {
        translate(text, at: origin) { (translator: inout XPathTranslator) throws(XPathTranslator.Untranslatable) in
            try translator.condition(text, in: XPathTranslator.Context(host: host))
        }
    }

    mutating func translateValue(_ text: String, host: XPathTranslator.Field, at origin: CellReference?) -> String? {
        translate(text, at: origin) { (translator: inout XPathTranslator) throws(XPathTranslator.Untranslatable) in
            try translator.value(text, in: XPathTranslator.Context(host: host)).text
        }
    }

    /// `default`: a written value as `initial`; an expression (a dynamic default) is not translated.
    mutating func initial(_ value: String, question: Question, at origin: CellReference?) -> [RulesTree.Entry] {
        if value.contains("${") || value.contains("(") {
            if let origin {
                finding(
                    .unsupported, "a default computed from an expression (a dynamic default) is not translated; it is left out", at: origin)
            }
            return []
        }
        let text: String
        switch question.type {
        case "integer", "decimal", "range":
            guard Double(value) != nil else {
                if let origin { finding(.unsupported, "the default '\(value)' is not a number; it is left out", at: origin) }
                return []
            }
            text = value
        case "select_multiple":
            text = "[" + value.split(whereSeparator: \.isWhitespace).map { RulesTree.quoted(String($0)) }.joined(separator: ", ") + "]"
        case "date":
            text = String(value.prefix(10))
        case "begin_group", "begin_repeat", "calculate", "note":
            return []
        default:
            text = RulesTree.quoted(value)
        }
        return [RulesTree.Entry(key: "initial", value: .scalar(text), origin: origin, droppable: true, unit: unit())]
    }

    mutating func options(_ list: String, orOther: Bool) -> RulesTree.Entry {
        var items: [[RulesTree.Entry]] = []
        for choice in choices[list] ?? [] {
            var option: [RulesTree.Entry] = []
            var title: RulesTree.Entry?
            if let label = defaultText(choice.labels) {
                let origin = CellReference(sheet: choicesSheet, row: choice.row, column: label.column.index)
                title = RulesTree.Entry(key: "title", value: .scalar(RulesTree.quoted(label.text)), origin: origin)
            }
            let nameOrigin = CellReference(sheet: choicesSheet, row: choice.row, column: choice.nameColumn)
            option.append(RulesTree.Entry(key: "value", value: .scalar(RulesTree.quoted(choice.name)), origin: nameOrigin))
            if let title { option.append(title) }
            for (name, value) in choice.attributes where name != "value" && name != "title" {
                option.append(RulesTree.Entry(key: name, value: .scalar(RulesTree.quoted(value)), origin: nil))
            }
            items.append(option)
        }
        if orOther {
            items.append([
                RulesTree.Entry(key: "value", value: .scalar("'other'"), origin: nil),
                RulesTree.Entry(key: "title", value: .scalar("'Other'"), origin: nil),
            ])
        }
        return RulesTree.Entry(key: "options", value: .sequence(items), origin: nil)
    }

    /// range's `start=1 end=10 step=1` (ODK's defaults) as min, max and a check of the step.
    mutating func range(
        _ parameters: String?, host: XPathTranslator.Field, at origin: CellReference?
    ) -> (keys: [RulesTree.Entry], check: [RulesTree.Entry]?) {
        var values = ["start": "1", "end": "10", "step": "1"]
        for part in (parameters ?? "").split(whereSeparator: { $0.isWhitespace || $0 == ";" || $0 == "," }) {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            if pair.count == 2 { values[pair[0].lowercased()] = pair[1] }
        }
        guard let start = values["start"], let end = values["end"], let step = values["step"],
            let low = Double(start), let high = Double(end), let increment = Double(step), increment > 0
        else {
            if let origin { finding(.unsupported, "range parameters '\(parameters ?? "")' are not numbers; not translated", at: origin) }
            return ([], nil)
        }
        let bounds = low <= high ? (start, end) : (end, start)
        let name = host.path.last ?? host.name
        let keys = [
            RulesTree.Entry(key: "min", value: .scalar(bounds.0), origin: origin, droppable: true, unit: unit()),
            RulesTree.Entry(key: "max", value: .scalar(bounds.1), origin: origin, droppable: true, unit: unit()),
        ]
        let check = [
            RulesTree.Entry(
                key: "expr", value: .scalar(RulesTree.quoted("multiple_of(\(name) - \(bounds.0), \(step))")), origin: origin,
                droppable: true, unit: unit())
        ]
        return (keys, check)
    }

    /// A message column in every language written: one text, or a map of locales.
    func localized(_ column: String, _ row: XLSFormSheet.Row) -> (value: RulesTree.Entry.Value, origin: CellReference?)? {
        let texts = row.translations(column)
        guard !texts.isEmpty else { return nil }
        let sheet = workbookSurveyName
        if texts.count == 1, let only = texts.first {
            return (.scalar(RulesTree.quoted(only.text)), CellReference(sheet: sheet, row: row.number, column: only.column.index))
        }
        var entries: [RulesTree.Entry] = []
        var seen = Set<String>()
        // The default language's own column overrides the plain one.
        let writesDefault = texts.contains { $0.language != nil && languages.isDefault($0.language) }
        for (language, column, text) in texts where language != nil || !writesDefault {
            guard let code = languageCode(language), !code.isEmpty, seen.insert(code).inserted else { continue }
            entries.append(
                RulesTree.Entry(
                    key: code, value: .scalar(RulesTree.quoted(text)),
                    origin: CellReference(sheet: sheet, row: row.number, column: column.index)))
        }
        // One language after all (the plain column and the default language's): its text. None
        // with a code (the default language has none): the default language's text.
        if entries.count == 1, let only = entries.first { return (only.value, only.origin) }
        guard !entries.isEmpty else {
            return defaultText(texts).map {
                (.scalar(RulesTree.quoted($0.text)), CellReference(sheet: sheet, row: row.number, column: $0.column.index))
            }
        }
        return (.mapping(entries), nil)
    }

    /// The locale of a column in `language` (nil: a column without `::language`): the default
    /// language's code for the default language; nil for a language without a code.
    func languageCode(_ language: String?) -> String? {
        guard !languages.isDefault(language), let language else { return languages.defaultCode }
        return Languages.code(language)
    }

    /// The default language's text among `texts` (a column's languages) and its column: the
    /// column written in the default language over the plain one, in either order, as pyxform
    /// has it; nil when neither is written.
    func defaultText(
        _ texts: [(language: String?, column: XLSFormSheet.Column, text: String)]
    )
        -> (column: XLSFormSheet.Column, text: String)?
    {
        let chosen = texts.first { $0.language != nil && languages.isDefault($0.language) } ?? texts.first { $0.language == nil }
        return chosen.map { ($0.column, $0.text) }
    }

    static func yesNo(_ text: String) -> Bool? {
        switch text.trimmingSpaces.lowercased() {
        case "yes", "true", "true()", "1": true
        case "no", "false", "false()", "0": false
        default: nil
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// A form id made of `text`: lowercase letters, digits and `_`.
    static func identifier(_ text: String) -> String {
        let cleaned = String(
            text.lowercased().unicodeScalars.map { scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
        return cleaned.isEmpty ? "form" : cleaned
    }

    static func stem(_ source: String) -> String {
        let file = source.split(separator: "/").last.map(String.init) ?? source
        return file.split(separator: ".").first.map(String.init) ?? "form"
    }

    // MARK: - Findings and errors

    func origin(_ cell: CellReference) -> TranslatedRules.Origin {
        TranslatedRules.Origin(location: FileLocation(file: source, line: cell.row, column: cell.column), label: cell.description)
    }

    func cell(_ sheet: String, _ row: XLSFormSheet.Row, _ column: XLSFormSheet.Column?) -> CellReference {
        CellReference(sheet: sheet, row: row.number, column: column?.index ?? 1)
    }

    mutating func finding(_ kind: ImportFinding.Kind, _ message: String, at cell: CellReference) {
        let finding = ImportFinding(kind, message, pointer: cell.description, location: origin(cell).location)
        if !findings.contains(finding) { findings.append(finding) }
    }

    func error(_ message: String, sheet: String? = nil, row: Int? = nil) -> RulesError {
        if let sheet, let row {
            return error(message, at: CellReference(sheet: sheet, row: row, column: 1))
        }
        return RulesError(
            diagnostics: findingWarnings + [
                Diagnostic(.error, .invalidXLSForm, message, at: FileLocation(file: source, line: 0, column: 0))
            ])
    }

    func error(_ message: String, at cell: CellReference) -> RulesError {
        RulesError(diagnostics: findingWarnings + [Diagnostic(.error, .invalidXLSForm, "\(cell): \(message)", at: origin(cell).location)])
    }

    /// The findings so far, as warnings that go with an error that refuses the form: they may say why.
    var findingWarnings: [Diagnostic] {
        findings.sorted { ($0.location, $0.message) < ($1.location, $1.message) }.map { finding in
            let kind = finding.kind == .unsupported ? "not supported" : finding.kind.rawValue
            return Diagnostic(.warning, .importFinding, "\(finding.pointer): \(kind): \(finding.message)", at: finding.location)
        }
    }
}
