public import RuleCheck

/// One record's result: where it is and what is wrong with it (nothing, for a valid record).
public struct CheckedRecord: Sendable {
    public let file: String
    /// Data records count from 1; 0 for findings about the file as a whole (its header).
    public let record: Int
    /// The 1-based line where the record starts.
    public let line: Int
    public var violations: [Violation]

    public init(file: String, record: Int, line: Int, violations: [Violation]) {
        self.file = file
        self.record = record
        self.line = line
        self.violations = violations
    }

    /// A record is invalid when it has an error (warnings alone leave it valid).
    public var isValid: Bool { !violations.contains { $0.severity == .error } }
}

/// The totals of a check run.
public struct CheckSummary: Sendable, Hashable {
    public var files = 0
    public var records = 0
    public var valid = 0
    public var invalid = 0
    public var errors = 0
    public var warnings = 0
    /// Violations per code and per field, for people.
    public var byCode: [String: Int] = [:]
    public var byField: [String: Int] = [:]

    public init() {}

    /// Counts a record (record 0, the file itself, counts its violations but is not a record).
    public mutating func add(_ record: CheckedRecord) {
        if record.record > 0 {
            records += 1
            if record.isValid { valid += 1 } else { invalid += 1 }
        }
        for violation in record.violations {
            if violation.severity == .error { errors += 1 } else { warnings += 1 }
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

    /// The summary as in `--format json`: files, records, valid, invalid, errors, warnings.
    public var json: JSONValue {
        .object(["files": .number(Double(files)), "records": .number(Double(records)), "valid": .number(Double(valid)),
                 "invalid": .number(Double(invalid)), "errors": .number(Double(errors)),
                 "warnings": .number(Double(warnings))])
    }
}
