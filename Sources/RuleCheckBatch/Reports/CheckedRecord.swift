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
                // List items count under their template: drivers[].birth_date.
                byField[violation.field.replacing(/\[\d+\]/, with: "[]"), default: 0] += 1
            }
        }
    }

    /// The summary as in `--format json`: files, records, valid, invalid, errors, warnings.
    public var json: JSONValue {
        .object(["files": .number(Double(files)), "records": .number(Double(records)), "valid": .number(Double(valid)),
                 "invalid": .number(Double(invalid)), "errors": .number(Double(errors)),
                 "warnings": .number(Double(warnings))])
    }
}
