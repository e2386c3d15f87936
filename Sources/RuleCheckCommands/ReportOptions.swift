import ArgumentParser
import RuleCheckBatch

/// The report `check` and `merge` write: its format and how many violations it lists. One
/// declaration, so that the two commands take and explain these options alike.
struct ReportOptions: ParsableArguments {
    @Option(
        help:
            "The report: text (for people), json, jsonl, junit (JUnit XML), sarif (SARIF 2.1.0), html (one page with charts), only the totals by code and by field: summary (text) or summary-json, or (check only) slice, for rulecheck merge."
    )
    var format: ReportFormat = .text

    @Option(help: "Report at most this many violations (the totals and the exit status are the whole input's).")
    var maxViolations: Int?

    /// Refuses a `--max-violations` below 1; `allowSlice` is false for `merge`, which writes the
    /// report of a whole file and never a slice's.
    func validate(allowSlice: Bool) throws {
        if !allowSlice, format == .slice {
            throw ValidationError("merge writes text, json, jsonl, junit, sarif, html, summary or summary-json")
        }
        if let maxViolations, maxViolations < 1 { throw ValidationError("--max-violations must be 1 or more") }
    }
}
