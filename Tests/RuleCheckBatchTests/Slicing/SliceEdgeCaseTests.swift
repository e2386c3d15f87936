import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Slices at the edges: a header with nothing after it, empty files and slices, byte-order marks,
/// line ends, malformed records where a cut could fall, and a JSON array's ends.
@Suite("Slices at the edges")
final class SliceEdgeCaseTests {
    let scratch: Scratch
    var directory: URL { scratch.directory }
    let harness: SliceHarness

    init() throws {
        let scratch = try Scratch()
        self.scratch = scratch
        harness = try SliceHarness(directory: scratch.directory)
    }

    /// Plans `text` with a cut wherever it may be cut (`times` cuts at each place), and expects the
    /// merged reports to be the whole file's.
    @discardableResult
    func expectSame(
        _ text: String, _ format: RecordFormat, times: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SlicePlan {
        let bytes = Array(text.utf8)
        let plan = try SlicePlan(bytes: bytes, format: format) { _ in { _ in times } }
        _ = try harness.expectSame(bytes, plan: plan, format: format, sourceLocation: sourceLocation)
        return plan
    }

    @Test func aCSVFileThatIsOnlyAHeader() throws {
        for text in ["name,age,note", "name,age,note\n", "\u{FEFF} \t\nname,age,note\r\n\r\n"] {
            let plan = try expectSame(text, .csv)
            expectEqual(plan.header, 0..<Int64(text.utf8.count - (text.hasSuffix("\r\n\r\n") ? 2 : 0)))
            expectEqual(plan.slices.map(\.records), [0])
            expectEqual(plan.columns, ["name", "age", "note"])
        }
    }

    @Test func emptyFiles() throws {
        for format in [RecordFormat.csv, .jsonl, .json] {
            let plan = try expectSame("", format)
            expectEqual(plan.slices.map(\.range), [0..<0])
        }
        try expectSame("  \n\n", .jsonl)
    }

    @Test func aCSVHeaderThatCannotBeReadIsTheWholeHeaderPart() throws {
        let text = "name,\"age\nAnn,30\nBob,31\n"
        let plan = try expectSame(text, .csv)
        expectEqual(plan.header, 0..<Int64(text.utf8.count))
        expectEqual(plan.columns, nil)
        expectEqual(plan.slices.map(\.records), [0])
    }

    @Test func everyPlaceCutOnceOrTwiceGivesTheSameReport() throws {
        let csv = "name,age,note,note\r\nAnn,30,x,y\r\n\"Multi\r\nline\",-1,,\r\n,abc,\"a\"\"b\",\r\nBob,7,,\r\n"
        let jsonl = "{\"name\":\"Ann\",\"x\":1}\r\n\r\n{\"name\":\"\",\"y\":2}\r{\"x\":3,\"y\":4,\"z\":5}\n{\"name\":\n"
        let json = "[{\"name\":\"Ann\",\"x\":1},\n {\"age\":-1,\"y\":2},{\"x\":3}\n,\n{\"name\":\"Bob\"}]\n"
        for times in 1...2 {
            expectEqual(try expectSame(csv, .csv, times: times).slices.count, 3 * times + 1)
            expectEqual(try expectSame(jsonl, .jsonl, times: times).slices.count, 3 * times + 1)
            expectEqual(try expectSame(json, .json, times: times).slices.count, 3 * times + 1)
        }
    }

    /// A key that matches no field is reported once, where it is first seen, however many
    /// slices see it.
    @Test func aKeyFirstSeenInSeveralSlicesIsReportedOnce() throws {
        let text = "{\"name\":\"Ann\"}\n{\"name\":\"Bo\",\"x\":1}\n{\"x\":2}\n{\"name\":\"Cy\",\"x\":3,\"y\":4}\n"
        try expectSame(text, .jsonl)
        let merged = try harness.merged(
            Array(text.utf8), plan: try SlicePlan(bytes: Array(text.utf8), format: .jsonl) { _ in { _ in 1 } },
            format: .jsonl)
        let findings = (merged[.jsonl] ?? "").split(separator: "\n").filter { $0.contains("\"record\":0") }
        expectEqual(findings.count, 2)
        expectEqual(findings.first?.contains("\"line\":2"), true)
    }

    /// Those bytes start the file only at its start; elsewhere they are data.
    @Test func byteOrderMarks() throws {
        try expectSame("\u{FEFF}{\"name\":\"Ann\"}\n\u{FEFF}{\"name\":\"Bo\"}\n", .jsonl)
        try expectSame("\u{FEFF}name,age\nAnn,1\n\u{FEFF}Bo,2\n", .csv)
        try expectSame("\u{FEFF}[{\"name\":\"Ann\"},\u{FEFF}{\"name\":\"Bo\"}]", .json)
    }

    @Test func loneCarriageReturns() throws {
        try expectSame("name,age\rAnn,1\r\"a\rb\",2\r\rBo,x\r", .csv)
        try expectSame("{\"name\":1}\r{\"age\":\"x\"}\r\r{}", .jsonl)
    }

    /// Reading resynchronizes after a badly quoted record that spans lines: no cut falls where
    /// its messages depend on what came before.
    @Test func noCutWhereReadingResynchronizes() throws {
        let text = "name,age\nAnn,1\n\"stray,2\nBo,3\nCy,4\"x\nDi,5\nEd,6\n"
        let plan = try expectSame(text, .csv)
        // Line 3 opens a quote that line 5 closes: one malformed record, and reading goes on at
        // line 4; lines 4 and 5 are read again, so no cut falls before line 6.
        expectEqual(plan.slices.map(\.firstLine), [2, 3, 6, 7])
    }

    @Test func theEndsOfAJSONArray() throws {
        try expectSame("[]", .json)
        try expectSame("[{\"name\":\"Ann\"},{\"name\":\"Bo\"},", .json)
        try expectSame("[{\"name\":\"Ann\"},{\"name\":\"Bo\"},]", .json)
        try expectSame("[{\"name\":\"Ann\"},,{\"name\":\"Bo\"}] x", .json)
        try expectSame("[{\"name\":\"Ann\"} {\"name\":\"Bo\"},{\"age\":1}]", .json)
        try expectSame("{\"name\":\"Ann\"},{\"name\":\"Bo\"}", .json)
        let plan = try expectSame("[{\"a\":1},{\"b\":2},{\"c\":3}]", .json)
        expectEqual(plan.slices.map(\.arrayPart), [.first, .middle, .last])
    }

    @Test func tsv() throws {
        let bytes = Array("name\tage\tnote\nAnn\t1\tx\n\"a\nb\"\t-1\t\nBo\tx\t\n".utf8)
        let plan = try SlicePlan(bytes: bytes, format: .tsv, options: RecordReader.Options(delimiter: .tab)) { _ in { _ in 1 } }
        expectEqual(plan.slices.count, 3)
        #expect(try harness.expectSame(bytes, plan: plan, format: .tsv))
    }
}
