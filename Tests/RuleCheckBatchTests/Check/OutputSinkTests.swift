import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Output that cannot be written is an error, from the sink up through every report and BatchCheck.
@Suite("Output failures")
struct OutputSinkTests {
    /// A sink on a pipe whose reading end is closed: every write fails with EPIPE. (The test
    /// process ignores SIGPIPE from then on, as `rulecheck` does; restoring it could race with
    /// another test.)
    private func brokenSink() throws -> (OutputSink, Pipe) {
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return (OutputSink(descriptor: pipe.fileHandleForWriting.fileDescriptor, name: "the pipe"), pipe)
    }

    @Test func aFailedWriteIsThrownAndStaysFailed() throws {
        let (sink, pipe) = try brokenSink()
        try sink.write("buffered")  // nothing written yet
        #expect(throws: OutputError("cannot write to the pipe: Broken pipe")) { try sink.flush() }
        // Later writes fail at once, so nothing follows a hole in the output.
        #expect(throws: OutputError("cannot write to the pipe: Broken pipe")) { try sink.write("more") }
        _ = pipe
    }

    @Test(arguments: ReportFormat.allCases)
    func batchCheckStopsWhenItsReportCannotBeWritten(_ format: ReportFormat) throws {
        let scratch = try Scratch()
        defer { withExtendedLifetime(scratch) {} }
        let directory = scratch.directory
        let input = directory.appendingPathComponent("in.csv")
        try Data(("name\n" + String(repeating: "\"\"\n", count: 5_000)).utf8).write(to: input)
        let checker = RecordChecker(try RuleSet(yaml: "fields:\n  - {id: name, required: true}\n"))
        let (sink, pipe) = try brokenSink()
        #expect(throws: OutputError("cannot write to the pipe: Broken pipe")) {
            try BatchCheck(checker: checker, options: .init(jobs: 2)).run(files: [input.path], report: try format.report(to: sink))
        }
        _ = pipe
    }

    @Test func junitEscapesWhatXMLCannotHold() {
        #expect(
            JUnitReport.escape("a\u{1}b\u{1B}\u{7F}\u{FFFE}\u{FFFF}\u{FFFD}") == #"a\u{1}b\u{1B}"# + "\u{7F}" + #"\u{FFFE}\u{FFFF}"#
                + "\u{FFFD}")
        expectEqual(JUnitReport.escape("<&\">\t\n\r"), "&lt;&amp;&quot;&gt;&#9;&#10;&#13;")
        expectEqual(JUnitReport.escape("\t\n\r", inAttribute: false), "\t\n&#13;")
    }
}
