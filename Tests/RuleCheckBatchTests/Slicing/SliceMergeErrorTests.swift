import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// A merge refuses slice reports that cannot give the whole file's report, saying where and why.
@Suite("Merging refuses what it cannot merge")
final class SliceMergeErrorTests {
    let scratch: Scratch
    var directory: URL { scratch.directory }
    let harness: SliceHarness
    /// The lines of the slice reports of a CSV file cut after each of its four records.
    let lines: [String]

    init() throws {
        let scratch = try Scratch()
        self.scratch = scratch
        harness = try SliceHarness(directory: scratch.directory)
        let bytes = Array("name,age,note\nAnn,1,x\n,2,\nBartholomew,-1,\nBo,x,\n".utf8)
        let plan = try SlicePlan(bytes: bytes, format: .csv) { _ in { _ in 1 } }
        lines = String(decoding: try harness.sliceReports(bytes, plan: plan, format: .csv), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    /// Merges `lines` as one slice report file, and gives the error.
    func mergeError(_ lines: [String]) throws -> SliceReportError? {
        let path = try harness.write(Array((lines.joined(separator: "\n") + "\n").utf8), "reports.jsonl")
        do {
            _ = try SliceMerge().run(files: [path], report: ReportFormat.text.report(to: .memory()))
            return nil
        } catch let error as SliceReportError {
            expectEqual(error.path, path)
            return error
        }
    }

    /// The indices of the lines of the slice that starts at `record`.
    func slice(at record: Int) -> Range<Int> {
        let start = lines.firstIndex { $0.contains("\"firstRecord\":\(record),") } ?? 0
        let end = lines[start...].firstIndex { $0.hasPrefix("{\"totals\"") } ?? start
        return start..<(end + 1)
    }

    @Test func theReportsAsWrittenMerge() throws {
        expectEqual(try mergeError(lines), nil)
        expectEqual(lines.filter { $0.hasPrefix("{\"slice\"") }.count, 4)
    }

    @Test func aMissingSlice() throws {
        var missing = lines
        missing.removeSubrange(slice(at: 2))
        let error = try #require(try mergeError(missing))
        expectEqual(
            error.message,
            "the slice of 'export' starts at record 3 (the slice before it ended at record 1): a slice is missing or out of order")
        expectEqual(error.line, slice(at: 2).lowerBound + 1)
        var noFirst = lines
        noFirst.removeSubrange(slice(at: 1))
        expectEqual(try mergeError(noFirst)?.message, "the slice of 'export' starts at record 2: a slice is missing or out of order")
    }

    @Test func slicesOutOfOrder() throws {
        let swapped = Array(lines[slice(at: 1)]) + Array(lines[slice(at: 3)]) + Array(lines[slice(at: 2)]) + Array(lines[slice(at: 4)])
        #expect(
            try mergeError(swapped)?.message.hasPrefix("the slice of 'export' starts at record 3 (the slice before it ended at record 1)")
                == true)
    }

    @Test func aReportCutShort() throws {
        let error = try #require(try mergeError(Array(lines.dropLast())))
        expectEqual(error.message, "the slice of 'export' that starts at record 4 has no totals: its report was cut short")
        var withoutRecord = lines
        let record = try #require(lines.firstIndex { $0.contains("\"record\":3,") })
        withoutRecord.remove(at: record)
        #expect(
            try mergeError(withoutRecord)?.message
                == "the totals of the slice of 'export' that starts at record 3 are not what its records add up to: the report was cut short or changed"
        )
    }

    @Test func linesThatAreNoSliceReport() throws {
        expectEqual(try mergeError(["{\"summary\":{}}"])?.message, "expected a 'slice', record or 'totals' line")
        expectEqual(try mergeError(["not json"])?.message.hasPrefix("not a slice report line: "), true)
        expectEqual(try mergeError([lines[1]])?.message, "a record line outside a slice")
        let version = lines[0].replacingOccurrences(of: "\"version\":2", with: "\"version\":1")
        expectEqual(try mergeError([version])?.message, "a slice report of version 1; this rulecheck reads version 2")
    }

    /// A missing last slice leaves a report that adds up: only the records the file holds show it.
    @Test func aMissingLastSliceAgainstTheRecordsExpected() throws {
        let path = try harness.write(Array((lines[..<slice(at: 4).lowerBound].joined(separator: "\n") + "\n").utf8), "short.jsonl")
        #expect(throws: Never.self) { try SliceMerge().run(files: [path], report: ReportFormat.text.report(to: .memory())) }
        let error = try #require(throws: SliceReportError.self) {
            try SliceMerge(expectedRecords: ["export": 4]).run(files: [path], report: ReportFormat.text.report(to: .memory()))
        }
        expectEqual(error.message, "the slices of 'export' hold 3 records, not the 4 of the file: a slice is missing")
        expectEqual(error.line, slice(at: 4).lowerBound)
        let other = try #require(throws: SliceReportError.self) {
            try SliceMerge(expectedRecords: ["export": 3, "other.csv": 2]).run(
                files: [path], report: ReportFormat.text.report(to: .memory()))
        }
        expectEqual(other.message, "no slice of 'other.csv'")
        let whole = try harness.write(Array((lines.joined(separator: "\n") + "\n").utf8), "whole.jsonl")
        #expect(
            try SliceMerge(expectedRecords: ["export": 4]).run(files: [whole], report: ReportFormat.text.report(to: .memory())).records == 4
        )
    }

    /// The slices of a check cut short by --max-violations do not add up.
    @Test func aSliceCutShortByMaxViolations() throws {
        let bytes = Array("name,age\n,1\n,2\n".utf8)
        let path = try harness.write(bytes, "cut.csv")
        let sink = OutputSink.memory()
        _ = try BatchCheck(checker: harness.checker, options: .init(jobs: 1, maxViolations: 1))
            .run(files: [path], report: SliceReport(sink: sink, fingerprint: harness.fingerprint))
        expectEqual(try mergeError(sink.text.split(separator: "\n").map(String.init))?.message.hasPrefix("the totals of the slice"), true)
    }

    /// Every slice must have been checked as the first one was: the same rules, today, locale,
    /// strictness and rulecheck; a slice without a fingerprint is refused.
    @Test func slicesCheckedOtherwise() throws {
        let other = lines.map { line in
            line.replacingOccurrences(of: "\"rulecheck\":\"test\"", with: "\"rulecheck\":\"9.9\"")
                .replacingOccurrences(of: "\"locale\":\"en\"", with: "\"locale\":\"ru\"")
        }
        #expect(other != lines)
        let mixed = Array(lines[slice(at: 1)]) + Array(other[slice(at: 2)])
        let error = try #require(try mergeError(mixed))
        #expect(
            error.message
                == "the slice of 'export' that starts at record 2 was checked otherwise than the slice of 'export' that starts at record 1 (\(error.path):1): --locale ru, not en; rulecheck 9.9, not test; check every slice with the same rules and options"
        )
        expectEqual(error.line, slice(at: 1).count + 1)

        let unmarked = OutputSink.memory()
        let path = try harness.write(Array("name,age\nAnn,1\n".utf8), "unmarked.csv")
        _ = try BatchCheck(checker: harness.checker, options: .init(jobs: 1))
            .run(files: [path], report: ReportFormat.slice.report(to: unmarked))
        #expect(
            try mergeError(unmarked.text.split(separator: "\n").map(String.init))?.message
                == "the slice of '\(path)' that starts at record 1 has no fingerprint of the rules and options it was checked with: check slices with 'rulecheck check --format slice'"
        )
        let broken = lines[0].replacingOccurrences(of: "\"strict\":false", with: "\"strict\":\"no\"")
        expectEqual(
            try mergeError([broken])?.message,
            "a slice's fingerprint needs rules, today, locale, strict and rulecheck (and layout, a string, if any)")
    }

    @Test func aFingerprintSaysWhatDiffers() {
        let one = SliceFingerprint(rules: "aa", today: "2026-11-22", locale: "en", strict: false, version: "1")
        #expect(one.differences(from: one).isEmpty)
        expectEqual(SliceFingerprint(json: one.json), one)
        var other = one
        other.rules = "bb"
        other.strict = true
        other.today = "2026-11-23"
        expectEqual(
            other.differences(from: one),
            ["other rules (fingerprint bb, not aa)", "--today 2026-11-23, not 2026-11-22", "--strict, not without it"])
        expectEqual(one.differences(from: other).last, "without --strict, not with it")
        other = one
        other.locale = String(repeating: "x", count: 1000)
        expectEqual(other.differences(from: one), ["--locale " + String(repeating: "x", count: 100) + "… (1000 characters), not en"])
    }

    /// How the export was laid out (`--layout odk`) decides which column is which field: slices
    /// checked with and without it, or with another, do not merge. Without a layout the
    /// fingerprint is written as before, five keys.
    @Test func theLayoutIsInTheFingerprint() throws {
        let plain = SliceFingerprint(rules: "aa", today: "2026-11-22", locale: "en", strict: false, version: "1")
        expectEqual(plain.json.object?.keys.sorted(), ["locale", "rulecheck", "rules", "strict", "today"])
        var odk = plain
        odk.layout = "odk"
        expectEqual(odk.json["layout"], "odk")
        expectEqual(SliceFingerprint(json: odk.json), odk)
        expectEqual(odk.differences(from: plain), ["--layout odk, not without it"])
        expectEqual(plain.differences(from: odk), ["without --layout, not --layout odk"])
        var kobo = plain
        kobo.layout = "kobo"
        expectEqual(kobo.differences(from: odk), ["--layout kobo, not odk"])
        var written = try #require(odk.json.object)
        written["layout"] = .number(1)
        expectEqual(SliceFingerprint(json: .object(written)), nil)

        let laidOut = lines.map { $0.replacingOccurrences(of: "\"strict\":false", with: "\"strict\":false,\"layout\":\"odk\"") }
        #expect(laidOut != lines)
        let error = try #require(try mergeError(Array(lines[slice(at: 1)]) + Array(laidOut[slice(at: 2)])))
        #expect(error.message.contains("--layout odk, not without it; check every slice with the same rules and options"))
    }

    /// Slice reports may come in several files: they are read in order, as one stream.
    @Test func reportsInSeveralFiles() throws {
        let first = try harness.write(Array((lines[..<slice(at: 3).lowerBound].joined(separator: "\n") + "\n").utf8), "a.jsonl")
        let rest = try harness.write(Array((lines[slice(at: 3).lowerBound...].joined(separator: "\n") + "\n").utf8), "b.jsonl")
        let split = OutputSink.memory()
        let together = OutputSink.memory()
        _ = try SliceMerge().run(files: [first, rest], report: ReportFormat.json.report(to: split))
        let all = try harness.write(Array((lines.joined(separator: "\n") + "\n").utf8), "all.jsonl")
        _ = try SliceMerge().run(files: [all], report: ReportFormat.json.report(to: together))
        expectEqual(split.text, together.text)
        #expect(split.text.hasPrefix("{\"summary\":{\"errors\":"))
    }

    /// Issue 38, item 6: a slice whose totals overflowed `Int` when added up crashed `merge`
    /// (SIGILL). Now the counts are added with overflow checked, and such a report is refused.
    @Test func totalsThatOverflowAreRefused() throws {
        let last = slice(at: 4)
        let totalsLine = lines[last.upperBound - 1]
        guard case .object(var outer)? = try? JSONParser().parse(Array(totalsLine.utf8)), case .object(var totals)? = outer["totals"],
            let records = totals["records"]?.integer, let valid = totals["valid"]?.integer
        else {
            Issue.record("not a totals line: \(totalsLine)")
            return
        }
        // Records left unlisted (valid ones) up to Int.max - 3: the slice would end past Int.max.
        let huge = Int.max - 3
        totals["records"] = .decimal(ExactDecimal(huge))
        totals["valid"] = .decimal(ExactDecimal(valid + (huge - records)))
        outer["totals"] = .object(totals)
        var changed = lines
        changed[last.upperBound - 1] = JSONWriter.string(.object(outer))
        let error = try #require(try mergeError(changed))
        expectEqual(
            error.message,
            "the totals of the slice of 'export' that starts at record 4 count \(huge) records, more than can be added up (\(Int.max) at most): the report was changed"
        )
        expectEqual(error.line, last.upperBound)
    }
}
