public import RuleCheck

/// One record's result: where it is and what is wrong with it (nothing, for a valid record).
public struct CheckedRecord: Sendable {
    public let file: String
    /// Data records count from 1; 0 for findings about the file as a whole (its header, a key that
    /// matches no field), which never make a record invalid.
    public let record: Int
    /// The 1-based line where the record starts.
    public let line: Int
    /// The submission's own id, when the export has a column of it (an instance id of a survey
    /// platform's layout, `ExportLayout`): set for a record with violations, nil otherwise.
    public var recordID: String?
    public var violations: [Violation]
    /// Errors of this record left out of ``violations`` because the report reached
    /// ``BatchCheck/Options/maxViolations``.
    public var omittedErrors = 0

    public init(file: String, record: Int, line: Int, violations: [Violation], recordID: String? = nil) {
        self.file = file
        self.record = record
        self.line = line
        self.violations = violations
        self.recordID = recordID
    }

    /// A record is invalid when it has an error (warnings alone leave it valid), shown or omitted.
    public var isValid: Bool { omittedErrors == 0 && !violations.contains { $0.severity == .error } }
}
