import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

struct Check: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Check CSV, TSV, JSON or JSON Lines exports against a rules file.",
        discussion: """
            Every record is checked as a whole against the rules: the same rules, checked by the \
            same code, as the app's form. Files are read streaming, in bounded memory, and checked \
            on all cores; violations are reported in input order.

            Exit status: 0 no errors (warnings allowed); 1 errors found; 2 the rules or the \
            arguments are wrong (nothing checked); 3 an input could not be opened or read, or \
            the report could not be written.

            Examples:
              rulecheck check --rules Rules/osago.yaml Rules/samples/osago.csv
              rulecheck check --rules form.yaml export.jsonl --format json > report.json
              rulecheck check --rules form.yaml export.csv.gz --format html > report.html
              cat export.csv | rulecheck check --rules form.yaml --input csv -
              rulecheck check --rules form.xlsx --layout odk central-export.csv
            """)

    enum Progress: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @Argument(help: "Files to check (gzip and zstd are read decompressed); '-' reads standard input.")
    var files: [String] = []

    @Option(help: "The input format (default: from each file's extension: .csv .tsv .json .jsonl .ndjson).")
    var input: RecordFormat?

    @OptionGroup
    var report: ReportOptions

    @Option(help: "The CSV delimiter: ',', ';', 'tab', '|' or another ASCII character (default ',', and ';' with --layout kobo).")
    var delimiter: CSVDelimiter?

    @Option(
        help: ArgumentHelp(
            "How a survey platform wrote the CSV export: odk (ODK Central: group paths joined by '-', its columns "
                + "SubmissionDate, KEY, meta-instanceID… known, the record named by its instance id) or kobo (KoboToolbox: "
                + "paths joined by '/' or a question's name alone, ';' between cells, its columns _id, _uuid, _submission_time… known, a "
                + "select_multiple's 0/1 columns checked against its answer, the record named by _uuid). Under both a "
                + "select_multiple's answer is its choices' names separated by spaces, and a geopoint's split columns "
                + "(loc-Latitude…, _loc_latitude…) are checked, and are its answer when it has no column of its own. "
                + "Default: a column per field, named by its path.",
            valueName: "odk|kobo"))
    var layout: ExportLayout?

    @Option(help: "Worker threads, 1 to \(BatchCheck.Options.maxJobs) (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Report warnings (hidden values, orphans, unknown columns) as errors.")
    var strict = false

    @OptionGroup
    var messages: MessagesLocale

    @Option(help: "A progress bar on standard error: auto (when it is a terminal), always or never.")
    var progress: Progress = .auto

    @Option(help: ArgumentHelp("The date 'today' means (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    @OptionGroup(title: "A slice of a larger file (see rulecheck split)")
    var slice: SliceOptions

    mutating func validate() throws {
        files = try rulesFile.claim(files)
        guard !files.isEmpty else { throw ValidationError("Missing expected argument '<files> ...'") }
        if let jobs, !(1...BatchCheck.Options.maxJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(BatchCheck.Options.maxJobs), not \(jobs)")
        }
        try report.validate(allowSlice: true)
        let unknown = files.filter { $0 != "-" && input == nil && RecordFormat(path: $0) == nil }
        if let first = unknown.first {
            throw ValidationError("cannot tell the format of '\(first)' from its name; give --input csv|tsv|json|jsonl")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be read only once") }
        if layout != nil,
            let json = files.first(where: { file in
                let format = input ?? RecordFormat(path: file)
                return format == .json || format == .jsonl
            })
        {
            throw ValidationError("--layout reads CSV exports, and '\(json)' is JSON")
        }
        try slice.validate(files: files, input: input, report: report.format, maxViolations: report.maxViolations)
    }

    func run(streams: StandardStreams) throws {
        let ruleSet = try RulesFile.load(rulesFile.path, loader: rulesSource.loader, streams: streams)
        let checker = RecordChecker(ruleSet, today: try Today.parse(today), locale: messages.checked(for: ruleSet, streams: streams))
        var options = BatchCheck.Options(
            format: input, delimiter: delimiter ?? (layout == .kobo ? .semicolon : nil),
            jobs: jobs ?? BatchCheck.Options.defaultJobs, maxViolations: report.maxViolations, strict: strict, layout: layout)
        let inputSlice = try slice.inputSlice
        options.reader.slice = inputSlice
        let sink = OutputSink(descriptor: streams.output)
        let output: any Report =
            report.format == .slice
            ? SliceReport(
                sink: sink, fingerprint: SliceFingerprint(checker: checker, strict: strict, layout: layout, version: Self.version),
                firstRecord: inputSlice?.firstRecord ?? 1, firstLine: inputSlice?.firstLine ?? 1)
            : try report.format.report(to: sink)
        let showProgress = progress == .always || (progress == .auto && isatty(streams.error) == 1)
        let bar =
            showProgress
            ? ProgressBar(write: {
                var stderr = StandardError(streams); print($0, terminator: "", to: &stderr)
            }) : nil
        let outcome = try BatchCheck(checker: checker, options: options).run(
            files: files, report: BarClearingReport(slice.name.map { NamedReport(output, name: $0) } ?? output, bar: bar),
            progress: bar.map { bar in { file, read, records in bar.update(file: file, read: read, records: records) } })
        var stderr = StandardError(streams)
        for error in outcome.unreadable { print("rulecheck: \(VisibleText.escaped(error.description))", to: &stderr) }
        if !outcome.unreadable.isEmpty { throw ExitCode(3) }
        if outcome.summary.errors > 0 { throw ExitCode(1) }
    }
}

extension Check {
    /// The version of rulecheck, which a slice report's fingerprint names: another version may
    /// answer otherwise.
    static var version: String { RootCommand.version }
}

/// Clears the progress bar before the report's closing lines are printed.
private final class BarClearingReport: Report {
    let base: any Report
    let bar: ProgressBar?

    init(_ base: any Report, bar: ProgressBar?) {
        self.base = base
        self.bar = bar
    }

    func begin(file: String) throws { try base.begin(file: file) }
    func add(_ record: CheckedRecord) throws { try base.add(record) }
    func end(file: String, summary: CheckSummary) throws { try base.end(file: file, summary: summary) }
    func finish(_ summary: CheckSummary) throws {
        bar?.clear()
        try base.finish(summary)
    }
}
