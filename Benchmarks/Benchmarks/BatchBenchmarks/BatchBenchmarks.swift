// Batch checking: `BatchCheck` over a file of osago records (Rules/osago.yaml), CSV and JSON Lines,
// with 1 and 2 worker threads; reading and decoding the same files without checking them (the
// readers' ceiling); and `RecordChecker.check(cells:columns:)` and a `RecordChecker.Session` on
// single records.
//
// Setup generates `BatchData.count` records once per run (`rulecheck sample`'s generator, seed 1,
// 5% with a planted mistake, today = 2026-11-22) and writes them to /tmp, where they are reused.
//
// * "batch …" and "read …": one iteration goes through the whole file (20,000 records): records/s
//   is 20,000 ÷ the time of an iteration.
// * "record …": one iteration checks 1,000 records (`scalingFactor: .kilo`), so the times printed
//   are per record.
// * "csv library …": RuleCheck's CSV reader next to yaslab/CSV.swift and SwiftCSV (CSVLibraries.swift).
//
// Run: `make bench` from the repository root, or `swift package benchmark --target BatchBenchmarks`
// in Benchmarks/ (other machines' work shows up in these figures: compare ratios from one run).

import Benchmark
import Foundation
import RuleCheck
import RuleCheckBatch

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 20
    )

    for format in [RecordFormat.csv, .jsonl] {
        for jobs in [1, 2] {
            Benchmark("batch \(format.rawValue) · jobs \(jobs)") { benchmark, data in
                let outcome = try BatchCheck(checker: data.checker, options: .init(format: format, jobs: jobs))
                    .run(files: [data.path(format)], report: DiscardingReport())
                precondition(outcome.summary.records == BatchData.count, "records lost")
                blackHole(outcome)
            } setup: {
                BatchData.shared
            }
        }
        Benchmark("read \(format.rawValue) · decode only") { benchmark, data in
            let reader = try RecordReader(path: data.path(format), format: format)
            var records = 0
            while let batch = try reader.nextBatch() {
                batch.decodeEach {
                    blackHole($0); records += 1
                }
            }
            precondition(records == BatchData.count, "records lost")
        } setup: {
            BatchData.shared
        }
    }

    let perRecord = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
        scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 1_000)
    Benchmark("record csv · RecordChecker.check(cells:columns:)", configuration: perRecord) { benchmark, data in
        for index in benchmark.scaledIterations {
            blackHole(data.checker.check(cells: data.rows[index % data.rows.count], columns: data.columns))
        }
    } setup: {
        BatchData.shared
    }
    Benchmark("record csv · Session.check(cells:columns:)", configuration: perRecord) { benchmark, data in
        let session = data.checker.session()
        for index in benchmark.scaledIterations {
            blackHole(session.check(cells: data.rows[index % data.rows.count], columns: data.columns))
        }
    } setup: {
        BatchData.shared
    }

    csvLibraryBenchmarks()
}

/// The generated records, once per process: files for BatchCheck, decoded rows for RecordChecker.
final class BatchData: Sendable {
    static let count = 20_000
    static let shared = BatchData()

    let checker: RecordChecker
    let csvPath: String
    let jsonlPath: String
    /// The CSV records' cells, decoded once, and their columns.
    let rows: [[String]]
    let columns: ColumnMap

    private init() {
        do {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let rules = try RuleSet(contentsOf: root.appendingPathComponent("Rules/osago.yaml"))
            let today = Day(iso: "2026-11-22")!
            checker = RecordChecker(rules, today: today)
            let directory = URL(fileURLWithPath: "/tmp/rulecheck-bench", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            csvPath = directory.appendingPathComponent("batchbench-\(Self.count).csv").path
            jsonlPath = directory.appendingPathComponent("batchbench-\(Self.count).jsonl").path
            if !FileManager.default.fileExists(atPath: csvPath) || !FileManager.default.fileExists(atPath: jsonlPath) {
                var generator = SampleGenerator(rules, today: today, seed: 1, invalidRate: 0.05)
                var csv = Self.csvLine(generator.columns)
                var jsonl = ""
                for _ in 0..<Self.count {
                    let record = generator.next()
                    csv += Self.csvLine(record.cells(generator.columns))
                    jsonl += JSONValue.object(record.object).description + "\n"
                }
                try Data(csv.utf8).write(to: URL(fileURLWithPath: csvPath + ".partial"))
                try Data(jsonl.utf8).write(to: URL(fileURLWithPath: jsonlPath + ".partial"))
                try? FileManager.default.removeItem(atPath: csvPath)
                try? FileManager.default.removeItem(atPath: jsonlPath)
                try FileManager.default.moveItem(atPath: csvPath + ".partial", toPath: csvPath)
                try FileManager.default.moveItem(atPath: jsonlPath + ".partial", toPath: jsonlPath)
            }
            let reader = try RecordReader(path: csvPath, format: .csv)
            columns = checker.columns(reader.header ?? [])
            var rows: [[String]] = []
            while let batch = try reader.nextBatch() {
                batch.decodeEach { record in
                    if case .cells(let cells) = record.content { rows.append(cells) }
                }
            }
            precondition(rows.count == Self.count, "BatchBenchmarks setup: \(rows.count) rows decoded")
            self.rows = rows
        } catch {
            // package-benchmark only prints an error thrown from setup and exits 0: stop instead.
            fatalError("BatchBenchmarks setup failed: \(error)")
        }
    }

    func path(_ format: RecordFormat) -> String {
        format == .csv ? csvPath : jsonlPath
    }

    /// One CSV line (RFC 4180 quoting, LF). The package's own CSV writer is not public API, and
    /// the generated cells only need quoting when they hold a comma, a quote or a line break.
    private static func csvLine(_ cells: [String]) -> String {
        cells.map { cell in
            cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }.joined(separator: ",") + "\n"
    }
}

/// A report that keeps nothing, so that only checking is measured.
final class DiscardingReport: Report {
    func begin(file: String) {}
    func add(_ record: CheckedRecord) { blackHole(record) }
    func end(file: String, summary: CheckSummary) {}
    func finish(_ summary: CheckSummary) {}
}
