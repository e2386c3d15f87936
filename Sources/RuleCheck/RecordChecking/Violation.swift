/// One problem found in a record by ``RecordChecker``.
///
/// ```swift
/// let violations = checker.check(["doc_type": "passport", "doc_number": "12"])
/// violations[0].field     // "doc_number"
/// violations[0].code      // .mask
/// ```
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// The field's path (`doc_number`, `drivers[0].birth_date`); empty for the record as a whole.
    public let field: String
    public let code: IssueCode
    public let severity: Severity
    /// The offending value as written in the input, if any.
    public let value: String?
    public let message: String
    /// The failed rule as written in the rules file (empty for input problems).
    public let rule: String
    /// For a failure a JSON Schema's evaluator found: where the value is in the record, as a JSON
    /// pointer (`/updates/0/package-ecosystem`; empty for the record itself). `nil` for the
    /// violations of fields.
    public let pointer: String?
    /// For a failure a JSON Schema's evaluator found: the keyword that failed, as the path the
    /// evaluation took to it through the schema (`/properties/updates/items/required`), as
    /// ajv's `schemaPath` and the spec's `keywordLocation` say it.
    public let schemaPath: String?

    public init(
        field: String, code: IssueCode, severity: Severity? = nil, value: String?, message: String,
        rule: String = "", pointer: String? = nil, schemaPath: String? = nil
    ) {
        self.field = field
        self.code = code
        self.severity = severity ?? (code.isWarning ? .warning : .error)
        self.value = value
        self.message = message
        self.rule = rule
        self.pointer = pointer
        self.schemaPath = schemaPath
    }

    public var description: String {
        let at = field.isEmpty ? "" : "\(field): "
        return "\(at)\(severity.rawValue): \(message) [\(code)]"
    }
}
