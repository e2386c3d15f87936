import Foundation
import RuleCheck

/// Drafts a rules file from exports — what `rulecheck infer` prints: per field its type, whether
/// it is required, its bounds, lengths, options and shape, each rule with a comment saying what it
/// was inferred from.
///
/// ```swift
/// let draft = try RulesInference().infer(files: ["export.csv"])
/// print(draft.yaml())
/// ```
///
/// Files are read streaming, as `check` reads them (gzip and zstd too), in memory that does not
/// grow with their size: each field keeps counts, bounds, a shape and at most
/// ``Options-swift.struct/maxOptions`` distinct values. The draft is compiled before it is given,
/// and it accepts the records it was inferred from: a check of them finds no error (with
/// ``Options-swift.struct/sample``, of the records read).
public struct RulesInference: Sendable {
    public struct Options: Sendable {
        /// The format of every file; nil takes it from each file's extension, else from its first bytes.
        public var format: RecordFormat?
        /// How files are read (the CSV delimiter, limits).
        public var reader: RecordReader.Options
        /// Read only this many records (of all files together); nil reads everything.
        public var sample: Int?
        /// A text field with at most this many distinct values, each seen twice on average, is a
        /// choice among them.
        public var maxOptions: Int
        /// The form's id; nil makes one of the first file's name.
        public var form: String?

        public init(
            format: RecordFormat? = nil, reader: RecordReader.Options = RecordReader.Options(), sample: Int? = nil,
            maxOptions: Int = 20, form: String? = nil
        ) {
            self.format = format
            self.reader = reader
            self.sample = sample
            self.maxOptions = maxOptions
            self.form = form
        }
    }

    public let options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads `files` in order (`-` is standard input) and drafts their rules.
    ///
    /// - Throws: ``InputError`` when a file cannot be opened or read (a compressed stream cut
    ///   short included: a draft of part of a file would not be its draft), and
    ///   ``InferenceError`` when the files cannot be drafted together.
    public func infer(files: [String]) throws -> InferredRules {
        try infer(names: files) { file, options in
            try RecordReader.opening(path: file, format: self.options.format, options: options)
        }
    }

    /// Drafts the rules of records held in memory, as if they were the file `name`.
    public func infer(bytes: [UInt8], name: String = "<memory>", format: RecordFormat) throws -> InferredRules {
        try infer(names: [name]) { file, options in
            try RecordReader(bytes: bytes, name: file, format: format, options: options)
        }
    }

    private func infer(names: [String], open: (String, RecordReader.Options) throws -> RecordReader) throws -> InferredRules {
        let limits = FieldSet.Limits(maxOptions: max(1, options.maxOptions))
        var root: FieldSet?
        var records = 0
        var malformed = 0
        var read: [String] = []
        files: for name in names {
            if let sample = options.sample, records >= sample { break }
            var readerOptions = options.reader
            readerOptions.slice = nil
            let reader = try open(name, readerOptions)
            read.append(name)
            if root == nil { root = FieldSet(depth: 0, fromCells: reader.format.isDelimited, limits: limits) }
            guard let fields = root, fields.fromCells == reader.format.isDelimited else {
                throw InferenceError(
                    message:
                        "'\(name)' is \(reader.format.isDelimited ? "CSV or TSV" : "JSON"), and '\(read[0])' is not: infer drafts files of one kind"
                )
            }
            let columns = try reader.header.map { header in
                guard header.count <= Self.maxColumns else {
                    throw InferenceError(
                        message:
                            "'\(VisibleText.escaped(name))' has \(header.count) columns; infer drafts files of at most \(Self.maxColumns) columns (check reads any number)"
                    )
                }
                // Names seen, for a second column of one name: a set, so that the header is read
                // in time linear in its columns (a scan of the names before each was quadratic:
                // 100,000 columns took 24 s).
                var seen = Set<String>()
                seen.reserveCapacity(header.count)
                return header.map { name -> FieldProfile? in
                    guard seen.insert(name).inserted else {
                        fields.limits.note(name, "a second column of that name")
                        return nil
                    }
                    return Self.profile(column: name, in: fields)
                }
            }
            while let batch = try reader.nextBatch() {
                var stop = false
                batch.bytes.withUnsafeBufferPointer { buffer in
                    for index in batch.spans.indices {
                        if let sample = options.sample, records >= sample {
                            stop = true
                            return
                        }
                        let record = batch.record(at: index)
                        switch record.content {
                        case .malformed, .value:
                            // A record that is not an object has no fields to infer.
                            malformed += 1
                            continue
                        case .cells(let cells):
                            fields.countInstance()
                            for (column, cell) in zip(columns ?? [], cells) { column?.add(cell: cell) }
                        case .object(let object):
                            limits.madeField = false
                            fields.add(object: object)
                            if limits.madeField {
                                let span = batch.spans[index].range
                                fields.settleOrder(JSONKeyOrder.keys(in: UnsafeBufferPointer(rebasing: buffer[span])))
                            }
                        }
                        records += 1
                    }
                }
                if stop { break files }
            }
        }
        let fields = root ?? FieldSet(depth: 0, fromCells: true, limits: limits)
        let drafted = fields.draftFields(scope: fields.instances, of: "record")
        let form = options.form ?? Self.formName(names.first ?? "form")
        var draft = RulesDraft(form: form, fields: drafted)
        // By path: JSON objects give their keys in no order.
        let notes = limits.notes.map { InferredRules.Note(path: $0.path, reason: $0.reason) }.sorted { $0.path < $1.path }
        draft.comments = Self.header(files: read, records: records, malformed: malformed, sample: options.sample, notes: notes)
        guard !drafted.isEmpty else {
            let files = read.map { "'\($0)'" }.joined(separator: ", ")
            throw InferenceError(
                message: records == 0 && malformed > 0
                    ? "nothing to infer from: every record of \(files) is malformed (\(FieldProfile.count(malformed, "malformed record")); rulecheck check shows where)"
                    : records == 0
                        ? "nothing to infer from: \(files) \(read.count == 1 ? "holds" : "hold") no record"
                        : "no field could be inferred: " + notes.map(\.description).joined(separator: "; "))
        }
        let rules = InferredRules(draft: draft, records: records, malformed: malformed, notes: notes)
        // The draft must be a rules file: compile it, as lint would.
        do {
            _ = try RuleSet(yaml: rules.yaml(), source: "\(form).yaml")
        } catch {
            throw InferenceError(message: "the drafted rules do not compile (a bug in infer): \(error)")
        }
        return rules
    }

    /// The most columns a CSV or TSV file may have to be drafted: more is refused with an
    /// ``InferenceError``. (Only the first ``FieldSet/Limits/maxFields`` become fields.)
    public static let maxColumns = 100_000

    /// The profile a CSV column's cells go to: the field its name is, a group member for
    /// `group.member`; nil for a name that is no field path.
    private static func profile(column name: String, in root: FieldSet) -> FieldProfile? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var level = root
        for part in parts.dropLast() {
            guard let group = level.profile(named: part) else { return nil }
            guard let members = group.columnMembers() else {
                root.limits.note(name, "'\(group.prefix + part)' is a column too, so it cannot be a group")
                return nil
            }
            level = members
        }
        guard let leaf = level.profile(named: parts.last ?? name) else { return nil }
        guard leaf.members == nil, leaf.cells == 0 else {
            root.limits.note(name, "it names a group of other columns")
            return nil
        }
        leaf.cells += 1
        return leaf
    }

    /// `listing` for `exports/listing.csv.gz`, made a valid form id.
    static func formName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? ""
        var name = String(
            stem.lowercased().unicodeScalars.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_" })
        if name.isEmpty || name == "_" { name = "form" }
        if name.first?.isNumber == true { name = "form_" + name }
        return name
    }

    /// The comment lines at the top of a draft.
    private static func header(files: [String], records: Int, malformed: Int, sample: Int?, notes: [InferredRules.Note]) -> [String] {
        let names = files.map { VisibleText.escaped($0 == "-" ? "standard input" : $0) }
        var lines = [
            "Drafted by rulecheck infer from \(names.joined(separator: ", ")): \(FieldProfile.count(records, "record")).",
            "Each rule says what it was inferred from. Review them, then add what data cannot show:",
            "titles, visible_if, depends_on, checks, messages.",
        ]
        if let sample, records >= sample {
            lines.append(
                "Only the first \(FieldProfile.count(sample, "record")) were read (--sample): records further on may break these rules.")
        }
        if malformed > 0 {
            lines.append(
                "\(FieldProfile.count(malformed, "malformed record")) \(malformed == 1 ? "was" : "were") left out (rulecheck check shows where)."
            )
        }
        for note in notes { lines.append("Not inferred: \(note.description).") }
        return lines
    }
}

/// A drafted rules file: its text, and what could not be drafted.
public struct InferredRules: Sendable {
    /// A field or column that is not in the draft, with why.
    public struct Note: Sendable, Hashable, CustomStringConvertible {
        /// The field's path (`insurant.first name`) or the column's name.
        public let path: String
        public let reason: String

        /// `'First Name': not a field id (…)`.
        public var description: String { "'\(VisibleText.escaped(path))': \(reason)" }
    }

    let draft: RulesDraft
    /// The records read (malformed ones not counted).
    public let records: Int
    /// The malformed records, which were left out.
    public let malformed: Int
    /// What is not in the draft.
    public let notes: [Note]

    /// The draft as a YAML rules file, each rule commented.
    public func yaml() -> String { draft.yaml() }

    /// The draft as a JSON rules file (without comments: JSON has none).
    public func json() -> String { draft.json() }
}

/// Why exports cannot be drafted into rules: files of different kinds, nothing to infer from.
public struct InferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
