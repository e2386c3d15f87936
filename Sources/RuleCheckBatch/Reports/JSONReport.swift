import RuleCheck

/// `{"summary": {…}, "violations": [{…}, …]}`. Violations are spooled to a temporary file while
/// the input streams, so the summary can come first and memory stays bounded.
final class JSONReport: Report {
    private let sink: OutputSink
    private let spool: Spool

    init(sink: OutputSink) throws(OutputError) {
        self.sink = sink
        spool = try Spool(inMemory: sink.isMemory)
    }

    func add(_ record: CheckedRecord) throws {
        guard !record.violations.isEmpty else { return }
        var bytes: [UInt8] = []
        for violation in record.violations {
            bytes.append(contentsOf: (spool.isEmpty && bytes.isEmpty ? "\n" : ",\n").utf8)
            violation.writeJSON(in: record, to: &bytes)
        }
        try spool.write(String(decoding: bytes, as: UTF8.self))
    }

    func finish(_ summary: CheckSummary) throws {
        let empty = spool.isEmpty
        try sink.write("{\"summary\":" + JSONWriter.string(summary.json) + ",\"violations\":[")
        try spool.drain(into: sink)
        try sink.write(empty ? "]}\n" : "\n]}\n")
        try sink.flush()
    }
}

/// One violation per line, then one line `{"summary": {…}}`.
final class JSONLinesReport: Report {
    private let sink: OutputSink

    init(sink: OutputSink) {
        self.sink = sink
    }

    func add(_ record: CheckedRecord) throws {
        guard !record.violations.isEmpty else { return }
        var bytes: [UInt8] = []
        for violation in record.violations {
            violation.writeJSON(in: record, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        try sink.write(bytes: bytes)
    }

    func finish(_ summary: CheckSummary) throws {
        try sink.write(JSONWriter.string(.object(["summary": summary.json])) + "\n")
        try sink.flush()
    }
}
