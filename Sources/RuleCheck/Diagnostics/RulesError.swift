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
    /// The most errors a compile reports (the first found), as compilers limit theirs: a file
    /// with thousands of errors shows these and says how many more it has (``omittedErrors``).
    public static let shownErrorLimit = 100

    /// The diagnostics, errors (at most ``shownErrorLimit``) and warnings, in file order.
    public let diagnostics: [Diagnostic]
    /// The errors found beyond ``shownErrorLimit``, not in ``diagnostics``.
    public let omittedErrors: Int

    /// The errors alone.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public init(diagnostics: [Diagnostic], omittedErrors: Int = 0) {
        self.diagnostics = diagnostics
        self.omittedErrors = omittedErrors
    }

    /// Every diagnostic, then, when errors were left out, a line saying how many:
    /// `note: 9899 more errors were found and are not shown (the first 100 are)`.
    public var description: String {
        var lines = diagnostics.map(\.description)
        if omittedErrors > 0 {
            let errors = omittedErrors == 1 ? "error was" : "errors were"
            lines.append(
                "note: \(omittedErrors) more \(errors) found and \(omittedErrors == 1 ? "is" : "are") not shown "
                    + "(the first \(Self.shownErrorLimit) are)")
        }
        return lines.joined(separator: "\n")
    }
}
