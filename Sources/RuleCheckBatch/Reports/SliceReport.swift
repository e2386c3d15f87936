import RuleCheck

/// The report of one slice of a larger file, for ``SliceMerge`` (`rulecheck check --format slice`,
/// then `rulecheck merge`): JSON Lines that carry everything a report of the whole file needs.
///
/// ```text
/// {"slice":{"file":"export.csv","fingerprint":{"locale":"en","rulecheck":"0.1.0","rules":"9f86d0…","strict":false,"today":"2026-11-22"},"firstLine":1203,"firstRecord":1001,"version":2}}
/// {"line":1,"record":0,"violations":[{"code":"unknown_column","field":"note","message":"…","rule":"","severity":"warning","value":null}]}
/// {"line":1210,"record":1005,"violations":[{"code":"required","field":"name","message":"name is required","rule":"required: true","severity":"error","value":null}]}
/// {"totals":{"byCode":{"required":1,"unknown_column":1},"byField":{"name":1,"note":1},"errors":1,"fileErrors":0,"fileWarnings":1,"files":1,"invalid":1,"omitted":0,"records":250,"valid":249,"warnings":1}}
/// ```
///
/// Per file: a `slice` line (its name, where the slice starts in the whole file, and the
/// ``SliceFingerprint`` of the rules and options it was checked with), a line per
/// record with violations — findings about the file (record 0) too — in input order, and a
/// `totals` line: the slice's ``CheckSummary`` in full. Valid records without violations are
/// counted in the totals only.
///
/// The totals merge: records, valid, invalid and the record's violations add up over slices;
/// the findings about the file (record 0) are counted once per file, because every slice of a
/// CSV file finds the same header, and a JSON key that matches no field is reported by each slice
/// where it first appears — a merge keeps the first of each (by code and field).
package final class SliceReport: Report {
    /// The version of the format, in each `slice` line: 2 since slices carry their fingerprint.
    package static let version = 2

    private let sink: OutputSink
    private let fingerprint: SliceFingerprint?
    private let firstRecord: Int
    private let firstLine: Int

    /// A report of a slice that starts at `firstRecord` and `firstLine` of its file (1 and 1 for
    /// a whole file), checked as `fingerprint` says. Without a fingerprint the report is written,
    /// but ``SliceMerge`` refuses it.
    package init(sink: OutputSink, fingerprint: SliceFingerprint?, firstRecord: Int = 1, firstLine: Int = 1) {
        self.sink = sink
        self.fingerprint = fingerprint
        self.firstRecord = firstRecord
        self.firstLine = firstLine
    }

    package func begin(file: String) throws {
        var slice: JSONObject = [
            "file": .string(file), "firstRecord": .number(Double(firstRecord)), "firstLine": .number(Double(firstLine)),
            "version": .number(Double(Self.version)),
        ]
        if let fingerprint { slice["fingerprint"] = fingerprint.json }
        try sink.write(JSONWriter.string(["slice": .object(slice)]) + "\n")
    }

    package func add(_ record: CheckedRecord) throws {
        guard !record.violations.isEmpty else { return }
        var line: JSONObject = [
            "record": .number(Double(record.record)), "line": .number(Double(record.line)),
            "violations": .array(record.violations.map(\.sliceJSON)),
        ]
        if let recordID = record.recordID { line["id"] = .string(recordID) }
        try sink.write(JSONWriter.string(.object(line)) + "\n")
    }

    package func end(file: String, summary: CheckSummary) throws {
        try sink.write(JSONWriter.string(["totals": summary.sliceJSON]) + "\n")
    }

    package func finish(_ summary: CheckSummary) throws {
        try sink.flush()
    }
}

extension Violation {
    /// The violation in a slice report: every field, so that a merge gives it back as it was.
    var sliceJSON: JSONValue {
        var members: JSONObject = [
            "field": .string(field), "code": .string(code.rawValue), "severity": .string(severity.rawValue),
            "value": value.map { .string($0) } ?? .null, "message": .string(message), "rule": .string(rule),
        ]
        if let pointer { members["pointer"] = .string(pointer) }
        if let schemaPath { members["schemaPath"] = .string(schemaPath) }
        return .object(members)
    }
}

extension CheckSummary {
    /// The totals in a slice report: every count and both tables.
    var sliceJSON: JSONValue {
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        return [
            "files": number(files), "records": number(records), "valid": number(valid), "invalid": number(invalid),
            "errors": number(errors), "warnings": number(warnings), "fileErrors": number(fileErrors),
            "fileWarnings": number(fileWarnings), "omitted": number(omitted),
            "byCode": .object(JSONObject(byCode.mapValues(number))), "byField": .object(JSONObject(byField.mapValues(number))),
        ]
    }
}
