/// One failed rule of a field: a stable code and a message for people.
///
/// ```swift
/// form["doc_number"].issues   // [FieldIssue(code: .mask, message: "Document number must look like 0000 000000")]
/// ```
public struct FieldIssue: Hashable, Sendable, CustomStringConvertible {
    public let code: IssueCode
    /// The message in the form's locale, with its placeholders filled in.
    public let message: String
    /// The rule that failed, as written in the rules file: `required: true`,
    /// `pattern: ^[0-9]{6}$`, `expr: password_repeat == password`.
    public let rule: String

    public init(code: IssueCode, message: String, rule: String = "") {
        self.code = code
        self.message = message
        self.rule = rule
    }

    public var description: String { "\(code): \(message)" }
}
