import RuleCheck

/// Reads the lines of slice reports (``SliceReport``), streaming, in bounded memory.
///
/// ```swift
/// let reader = try SliceReportReader(path: "reports.jsonl")
/// while let (line, number) = try reader.next() { … }
/// ```
final class SliceReportReader {
    /// One line of a slice report.
    enum Line {
        /// A `slice` line; the fingerprint is nil when the line has none.
        case begin(file: String, firstRecord: Int, firstLine: Int, fingerprint: SliceFingerprint?)
        case record(record: Int, line: Int, violations: [Violation], recordID: String?)
        case totals(CheckSummary)
    }

    let path: String
    private let reader: RecordReader
    private var pending: [DecodedRecord] = []
    private var index = 0

    /// A record line may hold a record's violations with their values: allow far more than a record.
    static let maxLineSize = 1 << 30

    init(path: String) throws {
        self.path = path
        var options = RecordReader.Options(maxRecordSize: Self.maxLineSize)
        options.maxRecordsPerBatch = 1024
        reader = try RecordReader(path: path, format: .jsonl, options: options)
    }

    /// The next line and its line number, or nil at the end.
    func next() throws -> (Line, line: Int)? {
        while index == pending.count {
            guard let batch = try reader.nextBatch() else { return nil }
            pending = batch.decodeAll()
            index = 0
        }
        let decoded = pending[index]
        index += 1
        guard case .object(let object) = decoded.content else {
            let problem = if case .malformed(let message) = decoded.content { message } else { "not a JSON object" }
            throw error(decoded.line, "not a slice report line: \(problem)")
        }
        return (try parse(object, line: decoded.line), decoded.line)
    }

    private func parse(_ object: JSONObject, line: Int) throws -> Line {
        if let slice = object["slice"]?.object, object.count == 1 {
            guard let version = slice["version"]?.integer, version == SliceReport.version else {
                let version = slice["version"].map { TextReport.shortened(JSONWriter.string($0)) } ?? "?"
                throw error(line, "a slice report of version \(version); this rulecheck reads version \(SliceReport.version)")
            }
            guard let file = slice["file"]?.string, let firstRecord = slice["firstRecord"]?.integer, firstRecord >= 1,
                let firstLine = slice["firstLine"]?.integer, firstLine >= 1
            else {
                throw error(line, "a 'slice' line needs file, firstRecord and firstLine")
            }
            var fingerprint: SliceFingerprint?
            if let written = slice["fingerprint"] {
                guard let read = SliceFingerprint(json: written) else {
                    throw error(
                        line, "a slice's fingerprint needs rules, today, locale, strict and rulecheck (and layout, a string, if any)")
                }
                fingerprint = read
            }
            return .begin(file: file, firstRecord: firstRecord, firstLine: firstLine, fingerprint: fingerprint)
        }
        if let totals = object["totals"]?.object, object.count == 1 {
            return .totals(try summary(totals, line: line))
        }
        let recordID = object["id"]?.string
        guard let record = object["record"]?.integer, record >= 0, let recordLine = object["line"]?.integer,
            let items = object["violations"]?.array, object.count == (recordID == nil ? 3 : 4)
        else {
            throw error(line, "expected a 'slice', record or 'totals' line")
        }
        return .record(
            record: record, line: recordLine, violations: try items.map { try violation($0, line: line) }, recordID: recordID)
    }

    private func violation(_ value: JSONValue, line: Int) throws -> Violation {
        guard let object = value.object, let field = object["field"]?.string, let code = object["code"]?.string,
            let severity = object["severity"]?.string.flatMap(Violation.Severity.init(rawValue:)),
            let message = object["message"]?.string, let value = object["value"], value.isNull || value.string != nil
        else {
            throw error(line, "a violation needs field, code, severity (error or warning), value and message")
        }
        return Violation(
            field: field, code: IssueCode(rawValue: code), severity: severity, value: value.string, message: message,
            rule: object["rule"]?.string ?? "", pointer: object["pointer"]?.string, schemaPath: object["schemaPath"]?.string)
    }

    private func summary(_ object: JSONObject, line: Int) throws -> CheckSummary {
        func count(_ key: String) throws -> Int {
            guard let value = object[key]?.integer, value >= 0 else { throw error(line, "totals need a count '\(key)'") }
            return value
        }
        func table(_ key: String) throws -> [String: Int] {
            guard let table = object[key]?.object else { throw error(line, "totals need a table '\(key)'") }
            return try table.mapValues { value in
                guard let count = value.integer, count > 0 else { throw error(line, "totals: '\(key)' holds counts") }
                return count
            }
        }
        var summary = CheckSummary()
        summary.files = try count("files")
        summary.records = try count("records")
        summary.valid = try count("valid")
        summary.invalid = try count("invalid")
        summary.errors = try count("errors")
        summary.warnings = try count("warnings")
        summary.fileErrors = try count("fileErrors")
        summary.fileWarnings = try count("fileWarnings")
        summary.omitted = try count("omitted")
        summary.byCode = try table("byCode")
        summary.byField = try table("byField")
        return summary
    }

    func error(_ line: Int, _ message: String) -> SliceReportError {
        SliceReportError(path: path, line: line, message: message)
    }
}
