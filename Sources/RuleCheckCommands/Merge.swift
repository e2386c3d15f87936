import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckBatch

struct Merge: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge the slice reports of 'check --format slice' into the report of the whole file.",
        discussion: """
            The report is the one 'rulecheck check' gives for the whole file, byte for byte, in \
            any format: the same records, lines, order and totals. Slice reports are read in the \
            order given (several may follow each other in one file); each slice must start where \
            the one before it ended. Findings about a file that several slices report (its \
            header's unknown columns, a JSON key first seen in several slices) are kept once.

            Exit status: as 'check' over the whole file (0 no errors, 1 errors found); 2 wrong \
            arguments; 3 a slice report cannot be read or merged (a slice missing, out of order, \
            cut short, given twice or overlapping another; slices checked with other rules or \
            another --today, --locale, --strict or rulecheck), or the report cannot be written.

            Examples:
              rulecheck merge slices/reports.jsonl --format json > report.json
              cat part-*.report | rulecheck merge --format junit > report.xml
            """)

    @Argument(help: "Slice reports, in order; '-' reads standard input (the default).")
    var files: [String] = ["-"]

    @OptionGroup
    var report: ReportOptions

    @Option(
        help: ArgumentHelp(
            "split's manifest.json: the merge must hold its file whole (a missing last slice is an error too).", valueName: "manifest"))
    var manifest: [String] = []

    func validate() throws {
        try report.validate(allowSlice: false)
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be read only once") }
    }

    func run(streams: StandardStreams) throws {
        var expected: [String: (records: Int, manifest: String)] = [:]
        for path in manifest {
            let (name, records) = try Self.records(inManifest: path, streams: streams)
            if let earlier = expected[name] {
                try Self.fail(
                    streams,
                    "'\(path)' describes \(SliceMerge.quoted(name: name)), as '\(earlier.manifest)' does: give one manifest per file")
            }
            expected[name] = (records, path)
        }
        let output = try report.format.report(to: OutputSink(descriptor: streams.output))
        let summary: CheckSummary
        do {
            summary = try SliceMerge(maxViolations: report.maxViolations, expectedRecords: expected.mapValues(\.records))
                .run(files: files, report: output)
        } catch let error as SliceReportError {
            try Self.fail(streams, error.description)
        } catch let error as InputError {
            try Self.fail(streams, error.description)
        }
        if summary.errors > 0 { throw ExitCode(1) }
    }

    /// The name and records of the file a manifest describes.
    private static func records(inManifest path: String, streams: StandardStreams) throws -> (String, Int) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 1 << 30).get()
        } catch {
            try fail(streams, "cannot read the manifest '\(path)': \(error)")
        }
        guard let manifest = try? JSONParser().parse(bytes), let name = manifest["name"]?.string,
            let records = manifest["records"]?.integer
        else {
            try fail(streams, "'\(path)' is not a manifest of rulecheck split (it needs a name and records)")
        }
        return (name, records)
    }

    private static func fail(_ streams: StandardStreams, _ message: String) throws -> Never {
        var stderr = StandardError(streams)
        print("rulecheck: \(VisibleText.escaped(message))", to: &stderr)
        throw ExitCode(3)
    }
}
