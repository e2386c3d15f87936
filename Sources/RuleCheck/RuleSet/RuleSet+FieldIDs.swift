/// What may be a field's id, asked by tools that name fields themselves (`rulecheck infer`), so
/// that they agree with the compiler.
extension RuleSet {
    /// Whether `name` has the form of an id: ASCII letters, digits and `_`, not starting with a digit.
    package static func isIdentifier(_ name: String) -> Bool {
        RuleSetCompiler.isIdentifier(name)
    }

    /// Whether `name` is a word that expressions read as a keyword (`today`, `null`, `and`, …,
    /// `option`), which no field may be called.
    package static func isReservedName(_ name: String) -> Bool {
        RuleSetCompiler.reservedNames.contains(name)
    }
}
