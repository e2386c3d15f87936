public import RuleCheck

/// The totals of a check run: of everything checked, whether or not the report shows it all.
///
/// Findings about a file as a whole (record 0: a column or key that matches no field, a header
/// that cannot be read) count in ``errors`` or ``warnings`` and in the tables, and also in
/// ``fileErrors`` or ``fileWarnings``; they never make a record invalid, so
/// `valid + invalid == records`.
public struct CheckSummary: Sendable, Hashable {
    public var files = 0
    public var records = 0
    public var valid = 0
    public var invalid = 0
    public var errors = 0
    public var warnings = 0
    /// The part of ``errors`` and ``warnings`` about files as a whole (record 0).
    public var fileErrors = 0
    public var fileWarnings = 0
    /// Violations counted here but left out of the report by ``BatchCheck/Options/maxViolations``.
    public var omitted = 0
    /// Violations per code and per field, for people.
    public var byCode: [String: Int] = [:]
    public var byField: [String: Int] = [:]

    public init() {}

    /// Whether the report was cut short: it shows fewer violations than were found.
    public var isTruncated: Bool { omitted > 0 }

    /// The violations the report shows.
    public var reported: Int { errors + warnings - omitted }

    /// `report cut short by --max-violations: 2 of 7 violations shown`, when it was.
    public var truncationNote: String? {
        isTruncated ? "report cut short by --max-violations: \(reported) of \(errors + warnings) violations shown" : nil
    }

    /// Counts a record (record 0, the file itself, counts its violations but is not a record).
    public mutating func add(_ record: CheckedRecord) {
        if record.record > 0 {
            records += 1
            if record.isValid { valid += 1 } else { invalid += 1 }
        }
        for violation in record.violations {
            if violation.severity == .error { errors += 1 } else { warnings += 1 }
            if record.record == 0 {
                if violation.severity == .error { fileErrors += 1 } else { fileWarnings += 1 }
            }
            byCode[violation.code.rawValue, default: 0] += 1
            if !violation.field.isEmpty {
                byField[Self.template(violation.field), default: 0] += 1
            }
        }
    }

    /// The path that list items count under: `drivers[].birth_date` for `drivers[2].birth_date`,
    /// that is, every `[digits]` made `[]`.
    ///
    /// Done by hand for ASCII paths, which is every path the checker writes: a Swift `Regex`
    /// literal is parsed and compiled again at each use, which cost more than checking a record.
    /// Other paths (a column name with non-ASCII text) still go through the regex.
    static func template(_ path: String) -> String {
        let bytes = path.utf8
        guard bytes.contains(UInt8(ascii: "[")) else { return path }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return path.replacing(/\[\d+\]/, with: "[]") }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var rest = bytes[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "[")) {
            result += rest[..<open]
            let digits = rest[bytes.index(after: open)...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if !digits.isEmpty, digits.endIndex != rest.endIndex, bytes[digits.endIndex] == UInt8(ascii: "]") {
                result += Array("[]".utf8)
                rest = rest[bytes.index(after: digits.endIndex)...]
            } else {
                result.append(UInt8(ascii: "["))
                rest = rest[bytes.index(after: open)...]
            }
        }
        result += rest
        return String(decoding: result, as: UTF8.self)
    }

    /// `1 file, 1000 records: 950 valid, 50 invalid — 73 errors, 12 warnings`: the totals line of
    /// the text and summary reports.
    var totalsLine: String {
        let files = files == 1 ? "1 file" : "\(files) files"
        let records = records == 1 ? "1 record" : "\(records) records"
        return "\(files), \(records): \(valid) valid, \(invalid) invalid"
            + " — \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    /// The entries of a count table, most frequent first, then by name.
    static func ranked(_ table: [String: Int]) -> [(key: String, value: Int)] {
        table.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    }

    /// The summary as in `--format json`: files, records, valid, invalid, errors, warnings; and
    /// when the report was cut short, `"truncated": true` and the number `reported`.
    public var json: JSONValue {
        var object: JSONObject = [
            "files": .number(Double(files)), "records": .number(Double(records)), "valid": .number(Double(valid)),
            "invalid": .number(Double(invalid)), "errors": .number(Double(errors)), "warnings": .number(Double(warnings)),
        ]
        if isTruncated {
            object["truncated"] = .bool(true)
            object["reported"] = .number(Double(reported))
        }
        return .object(object)
    }
}
