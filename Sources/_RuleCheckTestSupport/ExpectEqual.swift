public import Testing

/// `#expect(actual == expected)` for the plain case: records an issue at the caller's line when
/// the two differ, with both values. A function rather than the macro because the macro's
/// expansion is costly to type-check (a closure and overloads per use: about 20 ms each, against
/// 2 ms for a call of this; measured on 1,000 uses), and the test targets hold thousands.
public func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let values = "Expectation failed: \(String(reflecting: actual)) is not \(String(reflecting: expected))"
    Issue.record(Comment(rawValue: values + (comment.map { ": \($0.rawValue)" } ?? "")), sourceLocation: sourceLocation)
}
