/// A rules file that does not compile, with every error found in it (and the warnings).
///
/// ```swift
/// do {
///     let rules = try RuleSet(yaml: text, source: "form.yaml")
/// } catch let error as RulesError {
///     for diagnostic in error.errors { print(diagnostic) }
/// }
/// ```
public struct RulesError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, errors and warnings, in file order.
    public let diagnostics: [Diagnostic]

    /// The errors alone.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
