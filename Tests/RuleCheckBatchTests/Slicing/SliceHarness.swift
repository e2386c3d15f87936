import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Tells several reports the same things, so that one run writes every format.
final class TeeReport: Report {
    let reports: [any Report]

    init(_ reports: [any Report]) {
        self.reports = reports
    }

    func begin(file: String) throws { for report in reports { try report.begin(file: file) } }
    func add(_ record: CheckedRecord) throws { for report in reports { try report.add(record) } }
    func end(file: String, summary: CheckSummary) throws { for report in reports { try report.end(file: file, summary: summary) } }
    func finish(_ summary: CheckSummary) throws { for report in reports { try report.finish(summary) } }
}

/// Checks a file whole, and as slices whose reports are merged, and gives the reports of both in
/// every format — which must be the same bytes.
struct SliceHarness {
    static let formats: [ReportFormat] = [.text, .json, .jsonl, .junit, .sarif, .summary, .summaryJSON]

    /// name (required, at most 8 characters), age (an integer, at least 0), has_car, plate.
    static let rules = BatchCheckTests.rules

    /// The name both runs report the file under.
    static let name = "export"

    let directory: URL
    let checker: RecordChecker
    var strict = false
    var maxViolations: Int?
    /// Give CSV slices their header as column names rather than as the header file.
    var headerAsColumns = false

    init(directory: URL) throws {
        self.directory = directory
        let today = try #require(Day(iso: "2026-11-22"))
        checker = RecordChecker(try RuleSet(yaml: Self.rules, source: "people.yaml"), today: today)
    }

    /// The reports of one check of `bytes`, by format.
    func whole(_ bytes: [UInt8], format: RecordFormat) throws -> [ReportFormat: String] {
        let path = try write(bytes, "whole.\(format.rawValue)")
        var options = BatchCheck.Options(format: format, jobs: 1, maxViolations: maxViolations, strict: strict)
        options.reader.maxRecordsPerBatch = 7
        return try everyFormat { report in
            _ = try BatchCheck(checker: checker, options: options).run(files: [path], report: NamedReport(report, name: Self.name))
        }
    }

    /// What the slices are checked with, as `check --format slice` says it.
    var fingerprint: SliceFingerprint { SliceFingerprint(checker: checker, strict: strict, version: "test") }

    /// The slice reports of `plan`'s slices of `bytes`, one after the other, as `check --format
    /// slice` writes them.
    func sliceReports(_ bytes: [UInt8], plan: SlicePlan, format: RecordFormat) throws -> [UInt8] {
        var header: InputSlice.Header?
        if let range = plan.header {
            header =
                try headerAsColumns && plan.columns != nil
                ? .columns(plan.columns ?? [])
                : .file(write(Array(bytes[Int(range.lowerBound)..<Int(range.upperBound)]), "header.\(format.rawValue)"))
        }
        var reports: [UInt8] = []
        for (index, slice) in plan.slices.enumerated() {
            let path = try write(
                Array(bytes[Int(slice.range.lowerBound)..<Int(slice.range.upperBound)]), "part-\(index).\(format.rawValue)")
            var options = BatchCheck.Options(format: format, jobs: 1, strict: strict)
            options.reader.slice = slice.input(header: header, headerLine: headerAsColumns ? plan.headerLine : nil)
            options.reader.maxRecordsPerBatch = 5
            let sink = OutputSink.memory()
            let report = NamedReport(
                SliceReport(sink: sink, fingerprint: fingerprint, firstRecord: slice.firstRecord, firstLine: slice.firstLine),
                name: Self.name)
            let outcome = try BatchCheck(checker: checker, options: options).run(files: [path], report: report)
            #expect(outcome.unreadable.isEmpty)
            expectEqual(outcome.summary.records, slice.records, "slice \(index) of \(plan.slices.count)")
            reports += sink.bytes
        }
        return reports
    }

    /// The merged reports of `plan`'s slices of `bytes`, by format.
    func merged(_ bytes: [UInt8], plan: SlicePlan, format: RecordFormat) throws -> [ReportFormat: String] {
        let path = try write(try sliceReports(bytes, plan: plan, format: format), "reports.jsonl")
        return try everyFormat { report in
            _ = try SliceMerge(maxViolations: maxViolations).run(files: [path], report: report)
        }
    }

    /// Expects the merged reports of `plan` to be the whole file's, format by format.
    func expectSame(
        _ bytes: [UInt8], plan: SlicePlan, format: RecordFormat, _ comment: @autoclosure () -> String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let whole = try whole(bytes, format: format)
        let merged = try merged(bytes, plan: plan, format: format)
        for report in Self.formats where whole[report] != merged[report] {
            let cuts = plan.slices.map { "\($0.range)#\($0.firstRecord)@\($0.firstLine)" }.joined(separator: " ")
            Issue.record(
                "\(format) as \(report), cut \(cuts) \(comment())\n\(String(decoding: bytes, as: UTF8.self).debugDescription)\nwhole:\n\(whole[report] ?? "")\nmerged:\n\(merged[report] ?? "")",
                sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    private func everyFormat(_ run: (any Report) throws -> Void) throws -> [ReportFormat: String] {
        let sinks = Self.formats.map { _ in OutputSink.memory() }
        try run(TeeReport(try zip(Self.formats, sinks).map { format, sink in try format.report(to: sink) }))
        return Dictionary(uniqueKeysWithValues: zip(Self.formats, sinks.map(\.text)))
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// A random number generator that closures can share.
final class SharedRandom {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    /// True with probability `chance`.
    func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < chance }
    func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}

extension SlicePlan {
    /// A plan that cuts `bytes` at random places where it may be cut: now and then twice at one
    /// place, leaving an empty slice between.
    static func random(_ bytes: [UInt8], format: RecordFormat, random: SharedRandom, cutChance: Double) throws -> SlicePlan {
        try SlicePlan(bytes: bytes, format: format) { _ in
            { _ in random.chance(cutChance) ? (random.chance(0.15) ? 2 : 1) : 0 }
        }
    }
}
