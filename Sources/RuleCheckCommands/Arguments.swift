public import ArgumentParser
import RuleCheck
import RuleCheckBatch

// The libraries' own types are the CLI's option values, so a new format or delimiter needs no
// second list here, and an unknown value is an argument error (exit 2), never a silent default.

extension RecordFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension RuleSet.GraphFormat: ExpressibleByArgument {}
extension ExportLayout: ExpressibleByArgument {}
/// `,`, `;`, `tab`, `|`, or another ASCII character (``CSVDelimiter/init(argument:)``).
extension CSVDelimiter: ExpressibleByArgument {}
