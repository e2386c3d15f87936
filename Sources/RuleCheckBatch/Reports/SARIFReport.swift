import RuleCheck

/// SARIF 2.1.0 for code-scanning tools: one run of the `rulecheck` tool, a rule per violation
/// code, a result per violation located at the record's line in its file.
///
/// A report cut short by `--max-violations` says so in the run: a tool-execution notification
/// (`report cut short by --max-violations: 2 of 7 violations shown`) and the run's properties
/// `truncated`, `reported` and `violations`.
final class SARIFReport: Report {
    private let sink: OutputSink
    private var first = true

    static let codes = IssueCode.all

    init(sink: OutputSink) throws(OutputError) {
        self.sink = sink
        let rules: [JSONValue] = Self.codes.map { code in
            .object(["id": .string(code.rawValue), "shortDescription": .object(["text": .string(Self.describe(code))])])
        }
        let tool: JSONValue = .object([
            "driver": .object([
                "name": .string("rulecheck"),
                "rules": .array(rules),
            ])
        ])
        try sink.write(
            "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":"
                + JSONWriter.string(tool) + ",\"results\":[")
    }

    func add(_ record: CheckedRecord) throws {
        for violation in record.violations {
            var properties: JSONObject = ["record": .number(Double(record.record)), "field": .string(violation.field)]
            if let value = violation.value { properties["value"] = .string(value) }
            if let recordID = record.recordID { properties["recordId"] = .string(recordID) }
            if let pointer = violation.pointer { properties["pointer"] = .string(pointer) }
            if let schemaPath = violation.schemaPath { properties["schemaPath"] = .string(schemaPath) }
            // Line 0: a file that could not be read has no line to point at.
            var location: JSONObject = ["artifactLocation": .object(["uri": .string(record.file)])]
            if record.line > 0 { location["region"] = .object(["startLine": .number(Double(record.line))]) }
            let result: JSONValue = .object([
                "ruleId": .string(violation.code.rawValue),
                "level": .string(violation.severity == .error ? "error" : "warning"),
                "message": .object([
                    "text": .string(violation.field.isEmpty ? violation.message : "\(violation.field): \(violation.message)")
                ]),
                "locations": .array([.object(["physicalLocation": .object(location)])]),
                "properties": .object(properties),
            ])
            try sink.write((first ? "\n" : ",\n") + JSONWriter.string(result))
            first = false
        }
    }

    func finish(_ summary: CheckSummary) throws {
        var end = first ? "]" : "\n]"
        if let note = summary.truncationNote {
            let invocation: JSONValue = .object([
                "executionSuccessful": .bool(true),
                "toolExecutionNotifications": .array([.object(["level": .string("warning"), "message": .object(["text": .string(note)])])]),
            ])
            let properties: JSONValue = .object([
                "truncated": .bool(true), "reported": .number(Double(summary.reported)),
                "violations": .number(Double(summary.errors + summary.warnings)),
            ])
            end += ",\"invocations\":" + JSONWriter.string(.array([invocation])) + ",\"properties\":" + JSONWriter.string(properties)
        }
        try sink.write(end + "}]}\n")
        try sink.flush()
    }

    /// What each code means, for the run's rules: one entry per code of ``IssueCode/all``, each
    /// its own (a test holds the table to that, so a new code cannot borrow another's text).
    static let descriptions: [IssueCode: String] = [
        .required: "A required, visible field is empty",
        .type: "A value cannot be read as its field's type",
        .pattern: "A value does not match its field's pattern",
        .mask: "A value is not a complete masked value",
        .minLength: "A value is too short",
        .maxLength: "A value is too long",
        .min: "A value is below its field's minimum",
        .max: "A value is above its field's maximum",
        .option: "A value is not one of the options on offer",
        .items: "A list has too few or too many items",
        .unique: "Two items of a list have the same values of its unique_by fields",
        .check: "A cross-field check does not hold",
        .regexLimit: "A regex hit its match limit on a value",
        .overflow: "An expression's arithmetic gave a number beyond the range of numbers",
        .fileSize: "A file of a file field is larger than its max_size",
        .mediaType: "A file of a file field is not of a type among its media_types",
        .hiddenValue: "A hidden field has a value",
        .orphan: "A field has a value while a field it depends on is empty",
        .unknownColumn: "A column matches no field",
        .missingColumn: "A required field has no column",
        .computed: "A computed field's value differs from what the rules compute",
        .malformed: "The input could not be read there",
        .unreadable: "An input file could not be opened or read",
        .duplicateKey: "A JSON object has the same key more than once",
        .choiceColumns: "A select_multiple's 0/1 column says otherwise than its answer",
        .geopointColumns:
            "A geopoint's split column is no number, out of range, blank beside the others, or says otherwise than its answer",
        .external: "A server reported an issue with a value",
        .schema: "A value does not match its JSON Schema (anyOf, oneOf, not, a false schema), or could not be checked against it",
        .multipleOf: "A number is not a multiple of its JSON Schema's multipleOf",
        .format: "A text is not of its JSON Schema's format",
        .contains: "An array has too few or too many items of the kind its JSON Schema's contains asks for",
        .properties: "An object has fewer or more members than its JSON Schema allows",
        .additional: "A member or item that its JSON Schema does not allow",
        .propertyName: "An object member's name that its JSON Schema's propertyNames does not allow",
    ]

    /// The code's description; a code missing from ``descriptions`` is named by itself rather
    /// than described wrongly.
    private static func describe(_ code: IssueCode) -> String {
        descriptions[code] ?? code.rawValue
    }
}
