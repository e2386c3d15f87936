/// Checks whole records — a CSV row, a JSON object — against a compiled rule set.
///
/// ```swift
/// let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
/// let violations = checker.check(["doc_type": "passport", "doc_number": "12"])
/// ```
///
/// Every field takes its value from the record, then the graph is evaluated once in
/// topological order: computed fields are computed (and compared with the record's value),
/// there is no cascade clearing, `initial` values do not fill empty cells. The rules are applied
/// by the same code as the Form engine's, so a form filled with a record's values reports the
/// same issues. A checker is immutable and may be used from many threads at once.
public struct RecordChecker: Sendable {
    public let rules: RuleSet
    public let today: Day
    public let locale: String
    let evaluator: FieldEvaluator
    /// For each list (by ordinal): its item fields by their path inside an item (`birth_date`,
    /// `address.city`), so that reading an item's keys needs no `drivers.` + key strings.
    let itemFields: [[JSONKey: FieldRules]]
    /// For reading records from their bytes.
    let keys: RecordKeys

    /// A checker of records against `rules`; `locale` is the locale of messages (`en` when `nil`)
    /// and of the numbers in cells (the rules' `defaults.locale` when `nil`; with neither, a cell
    /// only a locale reads as a number, `1,200`, is a `type` violation that says so).
    public init(_ rules: RuleSet, today: Day = .today(), locale: String? = nil) {
        self.rules = rules
        self.today = today
        self.locale = locale ?? "en"
        evaluator = FieldEvaluator(rules: rules, locale: locale ?? "en", numbers: locale, today: today)
        itemFields = rules.lists.map { list in
            let prefix = rules.fields[list.index].path.count + 1
            return Dictionary(
                rules.fields.filter { $0.list == list }.map { (JSONKey(String($0.path.dropFirst(prefix))), $0) },
                uniquingKeysWith: { first, _ in first })
        }
        keys = RecordKeys(rules: rules, itemFields: itemFields)
    }

    // MARK: - Inputs

    /// Checks a record of texts, keyed by field path (`doc_number`, `insurant.birth_date`); a
    /// list is a JSON array of item objects written as text. Keys no field matches give an
    /// `unknown_column` warning each.
    public func check(_ record: [String: String]) -> [Violation] {
        var reader = RecordEvaluator(checker: self)
        for key in record.keys.sorted() {
            guard let text = record[key] else { continue }
            reader.read(text: text, key: key)
        }
        return reader.finish()
    }

    /// Maps a CSV header to fields, once per file: each column names a field by its path
    /// (`insurant.birth_date`), or, under a `layout`, as that platform writes it
    /// (``ExportLayout``), whose own columns are then known rather than unknown.
    public func columns(_ header: [String], layout: ExportLayout? = nil) -> ColumnMap {
        let columns = ColumnNames(rules: rules, layout: layout)
        var seen = Set<JSONKey>()
        var duplicates: [String] = []
        var hasColumn = [Bool](repeating: false, count: rules.fields.count)
        let fields = header.map { name -> FieldID? in
            guard seen.insert(JSONKey(name)).inserted else {
                duplicates.append(name)
                return nil
            }
            guard let field = columns.field(name) else { return nil }
            hasColumn[field.id.index] = true
            return field.id
        }
        guard let layout else {
            return ColumnMap(fields: fields, hasColumn: hasColumn, header: header, duplicates: duplicates)
        }
        var known = Set<Int>()
        var choiceColumns: [ColumnMap.ChoiceColumn] = []
        var geopointParts: [FieldID: [Int?]] = [:]
        for (index, name) in header.enumerated() where fields[index] == nil {
            if layout.systemColumns.contains(name) {
                known.insert(index)
            } else if let choice = choiceColumn(name, at: index, columns) {
                known.insert(index)
                choiceColumns.append(choice)
            } else if let (field, part) = geopointPart(name, columns) {
                known.insert(index)
                geopointParts[field, default: [nil, nil, nil, nil]][part] = index
            }
        }
        let geopoints = geopointParts.sorted { $0.key < $1.key }.map { field, parts in
            ColumnMap.GeopointColumns(field: field, parts: parts, hasOwnColumn: hasColumn[field.index])
        }
        // A geopoint written only in its parts has them for its column.
        for geopoint in geopoints { hasColumn[geopoint.field.index] = true }
        return ColumnMap(
            fields: fields, hasColumn: hasColumn, header: header, duplicates: duplicates, layout: layout, known: known,
            recordIDColumn: layout.recordIDColumns.lazy.compactMap { header.firstIndex(of: $0) }.first,
            choiceColumns: choiceColumns, geopoints: geopoints)
    }

    /// Kobo's 0/1 column of one option of a select_multiple (`colours/red`, `household/colours/red`).
    private func choiceColumn(_ name: String, at index: Int, _ columns: ColumnNames) -> ColumnMap.ChoiceColumn? {
        guard columns.layout == .kobo, let slash = name.lastIndex(of: "/"),
            let field = columns.field(String(name[..<slash])), field.type == .multiChoice,
            let value = ValueReader.option(String(name[name.index(after: slash)...]), of: field, among: field.options),
            let option = field.options.firstIndex(where: { $0.value == value })
        else { return nil }
        return ColumnMap.ChoiceColumn(column: index, field: field.id, option: option)
    }

    /// The text field and the part (0 latitude … 3 accuracy) of one of the columns the layout
    /// splits a geopoint into (Kobo's `_loc_latitude`, ODK Central's `household-loc-Accuracy`),
    /// or nil for a column that is no such part of a field of the rules.
    private func geopointPart(_ name: String, _ columns: ColumnNames) -> (FieldID, Int)? {
        guard let layout = columns.layout, let (question, part) = layout.geopointPart(name), let field = columns.field(question),
            field.type == .text
        else { return nil }
        return (field.id, part)
    }

    /// Checks one CSV record: `cells[i]` is the value of column `i` of `columns`.
    ///
    /// Unknown and missing columns are the caller's to report once per file; a required field
    /// without a column gives `missing_column` here instead of `required`.
    public func check(cells: [String], columns: ColumnMap) -> [Violation] {
        Session(self).check(cells: cells, columns: columns)
    }

    /// Checks a JSON object: keys are field paths, or nested objects for groups
    /// (`{"insurant": {"last_name": …}}`); a list is an array of item objects. JSON types are
    /// kept: the string "80" for an integer field is a `type` violation. Unknown keys are
    /// returned in `unknownKeys` for the caller to report once per file.
    public func check(json record: JSONObject) -> (violations: [Violation], unknownKeys: [String]) {
        Session(self).check(json: record)
    }

    /// Checks a JSON record of any type: an object as ``check(json:)`` does; another value
    /// (`[1, 2]`, `"text"`) against the rules' JSON Schema alone — a schema whose root is not an
    /// object checks JSON Lines records of its own type — or, for rules without one, as a
    /// `malformed` record (`record is an array, not an object`).
    public func check(record: JSONValue) -> (violations: [Violation], unknownKeys: [String]) {
        Session(self).check(record: record)
    }

    // MARK: - Findings about a record or a file

    /// A finding that belongs to no field's rules.
    public enum Finding: Hashable, Sendable {
        /// A CSV column that no field matches.
        case unknownColumn(String)
        /// A CSV column named more than once (the first is used).
        case duplicateColumn(String)
        /// A key of a JSON or dictionary record that no field matches (its path, `drivers[].shoe`).
        case unknownKey(String)
        /// More than this many distinct keys of a file matched no field: the others are not listed.
        case unknownKeysCapped(Int)
        /// A key that a JSON object has more than once (its path).
        case duplicateKey(String)
        /// Input that cannot be read there: what went wrong, in the reader's words.
        case malformed(String)
        /// A CSV file whose header cannot be read: no record of it is checked.
        case unreadableHeader(String)
        /// A file that cannot be opened or read at all: what went wrong (`cannot open 'a.csv': …`).
        case unreadable(String)
    }

    /// The violation of a finding, its message in the checker's locale.
    ///
    /// ```swift
    /// checker.violation(for: .unknownColumn("comment")).message   // "'comment' is not a field of the rules"
    /// ```
    public func violation(for finding: Finding) -> Violation {
        let messages = evaluator.messages
        switch finding {
        case .unknownColumn(let name), .unknownKey(let name):
            return Violation(
                field: name, code: .unknownColumn, value: nil,
                message: messages.message(.unknownColumn, ["column": name]))
        case .duplicateColumn(let name):
            return Violation(
                field: name, code: .unknownColumn, value: nil,
                message: messages.message(.unknownColumn, variant: "duplicate", ["column": name]))
        case .unknownKeysCapped(let limit):
            return Violation(
                field: "", code: .unknownColumn, value: nil,
                message: messages.message(.unknownColumn, variant: "capped", ["limit": String(limit)]))
        case .duplicateKey(let path):
            return Violation(
                field: path, code: .duplicateKey, value: nil,
                message: messages.message(.duplicateKey, ["key": path]))
        case .malformed(let detail):
            return Violation(field: "", code: .malformed, value: nil, message: messages.message(.malformed, ["detail": detail]))
        case .unreadableHeader(let detail):
            return Violation(
                field: "", code: .malformed, value: nil,
                message: messages.message(.malformed, variant: "header", ["detail": detail]))
        case .unreadable(let detail):
            return Violation(field: "", code: .unreadable, value: nil, message: messages.message(.unreadable, ["detail": detail]))
        }
    }

    // MARK: - Sessions

    /// A session checks records one after another and reuses its working memory from one record
    /// to the next, which saves allocating and freeing it for every record.
    ///
    /// ```swift
    /// let session = checker.session()
    /// for row in rows { report(session.check(cells: row, columns: columns)) }
    /// ```
    public func session() -> Session {
        Session(self)
    }

    /// Checks records one after another, reusing its working memory: what `BatchCheck` (RuleCheckBatch) does on
    /// its worker threads. Each result is exactly what the checker's method of the same name
    /// gives for the record. A session is for one thread at a time: make one per thread.
    public final class Session {
        private var evaluator: RecordEvaluator
        /// The cells of a record given as strings, back to back, and where each lies.
        private var arena: [UInt8] = []
        private var spans: [Range<Int>] = []

        init(_ checker: RecordChecker) {
            evaluator = RecordEvaluator(checker: checker)
        }

        /// Checks one CSV record, as ``RecordChecker/check(cells:columns:)``.
        public func check(cells: [String], columns: ColumnMap) -> [Violation] {
            arena.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
            for cell in cells {
                let start = arena.count
                arena.append(contentsOf: cell.utf8)
                spans.append(start..<arena.count)
            }
            return arena.withUnsafeBufferPointer { evaluator.check(cells: spans, in: $0, columns: columns) }
        }

        /// Checks one CSV record whose cells lie in `buffer` (unquoted, valid UTF-8): `cells[i]` is
        /// where cell `i` is. The same as ``check(cells:columns:)-([String],_)`` for the cells'
        /// texts, without making them.
        package func check(cells: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>, columns: ColumnMap) -> [Violation] {
            evaluator.check(cells: cells, in: buffer, columns: columns)
        }

        /// Checks a JSON record from its bytes, as ``check(json:)`` checks the object they parse
        /// to, when it is of the usual kind: keys that all name fields, each once, and no group
        /// written as an object. Nil for any other record (nothing is checked): parse it and call
        /// ``check(json:)``, which also tells its unknown keys. `maxDepth`: how deep JSON may nest.
        package func check(json bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> [Violation]? {
            evaluator.check(json: bytes, maxDepth: maxDepth)
        }

        /// Checks one JSON record of any type, as ``RecordChecker/check(record:)``.
        public func check(record: JSONValue) -> (violations: [Violation], unknownKeys: [String]) {
            if case .object(let object) = record { return check(json: object) }
            evaluator.clear(columns: nil)
            guard let schema = evaluator.rules.recordSchema else {
                return ([evaluator.checker.violation(for: .malformed("record is \(record.kindDescription), not an object"))], [])
            }
            let rules = evaluator.rules
            let verdict = SchemaVerdict(
                rules: rules, words: SchemaFailureWords(rules: rules, messages: evaluator.checker.evaluator.messages))
            return (verdict.violations(fields: [], failures: schema.failures(record), record: record), [])
        }

        /// Checks one JSON object, as ``RecordChecker/check(json:)``.
        public func check(json record: JSONObject) -> (violations: [Violation], unknownKeys: [String]) {
            evaluator.clear(columns: nil)
            evaluator.read(json: record)
            // A JSON Schema says which members a record may have: an unknown key is its business.
            let unknown = evaluator.rules.recordSchema == nil ? evaluator.unknownKeys : []
            return (evaluator.finish(reportingUnknownKeys: false), unknown)
        }
    }
}

/// A session's memory is not shared between threads.
@available(*, unavailable)
extension RecordChecker.Session: Sendable {}
