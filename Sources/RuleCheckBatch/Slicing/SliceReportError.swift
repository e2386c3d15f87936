/// A slice report that ``SliceMerge`` cannot use: a line that is no slice report line, slices
/// out of order or missing, totals that the listed records do not add up to (a report cut short).
/// `rulecheck merge` prints it on standard error and exits with status 3.
///
/// ```swift
/// do {
///     _ = try SliceMerge().run(files: ["reports.jsonl"], report: report)
/// } catch let error as SliceReportError {
///     print(error)   // reports.jsonl:7: the slice of 'export.csv' starts at record 2001, …
/// }
/// ```
package struct SliceReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The slice report file (`-` for standard input).
    package let path: String
    /// The line of the file where the problem shows.
    package let line: Int
    package let message: String

    package init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `reports.jsonl:7: …`
    package var description: String { "\(path):\(line): \(message)" }
}
