/// Why a batch of edits (``Form/apply(_:budget:cancellation:)``) or a new form was refused whole:
/// the work was cancelled, or the form would outgrow its ``FormBudget``. The form is then as it was
/// before the batch.
///
/// ```swift
/// do {
///     try form.apply(edits, budget: FormBudget(maxItems: 1_000))
/// } catch {
///     error.kind       // .tooManyItems
///     error.message    // "the form would hold 1001 list items; its limit is 1000"
/// }
/// ```
public struct FormLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The ``CancellationFlag`` was set before the work was done.
        case cancelled
        /// More list items than ``FormBudget/maxItems``.
        case tooManyItems
        /// More bytes than ``FormBudget/maxBytes``.
        case tooManyBytes
    }

    public let kind: Kind
    /// For people: what the limit is and how far past it the form would be.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    static let cancelled = FormLimitError(.cancelled, "the edits were cancelled before they were all applied; none is kept")

    static func tooManyItems(_ items: Int, limit: Int) -> FormLimitError {
        FormLimitError(.tooManyItems, "the form would hold \(items) list items; its limit is \(limit)")
    }

    static func tooManyBytes(_ bytes: Int, limit: Int) -> FormLimitError {
        FormLimitError(.tooManyBytes, "the form would hold about \(bytes) bytes; its limit is \(limit)")
    }
}
