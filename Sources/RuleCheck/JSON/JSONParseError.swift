/// Why ``JSONParser`` rejected a text, and the byte offset where it did.
///
/// ```swift
/// let text = #"{"a": 1 "b": 2}"#
/// do {
///     _ = try JSONParser().parse(text)
/// } catch {
///     error.message                         // expected ',' or '}' after an object member, found '"'
///     error.offset                          // 8
///     error.location(in: text)              // line 1, column 9
///     error.description                     // expected ',' or '}' … at byte 8
/// }
/// ```
///
/// New codes may be added; switch over ``code`` with a `default:`, or match with `~=`:
/// `catch JSONParseError.Code.depthLimit { … }`.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    package let code: Code
    /// A human message, e.g. `expected ':' after an object key, found '}'`.
    package let message: String
    /// The 0-based byte offset of the problem in the parsed buffer (the buffer's length when the
    /// text ends too early). ``location(in:)-(UnsafeRawBufferPointer)`` turns it into a line and column.
    package let offset: Int

    package init(code: Code, message: String, offset: Int) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// The message and the byte offset: `expected a value, found ']' at byte 7`.
    package var description: String { "\(message) at byte \(offset)" }
}
