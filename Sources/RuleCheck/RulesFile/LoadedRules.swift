/// What ``RulesLoader`` read: the compiled rules and, for a JSON Schema, what the import
/// approximated or left out.
public struct LoadedRules: Sendable {
    public let rules: RuleSet
    /// What the rules do not say exactly of a JSON Schema (empty for a rules file).
    public let findings: [ImportFinding]

    /// The findings as warnings, one line each, as `check` and `lint` print them:
    /// `schema.json:12:9: warning: /properties/tags/uniqueItems: not supported: … [RC7011]`.
    public var findingWarnings: [String] {
        findings.map { finding in
            let pointer = finding.pointer.isEmpty ? "/" : finding.pointer
            let kind = finding.kind == .unsupported ? "not supported" : finding.kind.rawValue
            return VisibleText.escaped(
                "\(finding.location): warning: \(pointer): \(kind): \(finding.message) [\(DiagnosticCode.importFinding.id)]")
        }
    }
}
