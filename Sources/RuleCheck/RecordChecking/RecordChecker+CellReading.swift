import Patterns

/// How a batch check reads a CSV cell of each type, for tools that must agree with it (`rulecheck
/// infer` proposes a type only for values that the check then reads as that type).
extension RecordChecker {
    /// The number a cell of a number or integer field holds (`-12`, `3.5`, `+7`, `۱۲`), or nil:
    /// a `.number`, or a `.decimal` when no `Double` holds its digits (`9007199254740993`).
    ///
    /// ```swift
    /// RecordChecker.readsNumber("3.5")                // .number(3.5)
    /// RecordChecker.readsNumber("9007199254740993")   // .decimal(9007199254740993)
    /// RecordChecker.readsNumber("1e3")                // nil: plain decimal only
    /// ```
    package static func readsNumber(_ text: String) -> Value? {
        NumberText.parse(text, digits: .any)
    }

    /// The bool a cell of a bool field holds (`true`/`false`, `yes`/`no`, `1`/`0`, in any case), or nil.
    package static func readsBool(_ text: String) -> Bool? {
        ValueReader.bool(text)
    }
}
