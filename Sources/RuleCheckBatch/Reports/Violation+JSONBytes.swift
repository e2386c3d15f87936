import RuleCheck

extension Violation {
    /// Appends the violation as in `--format json` (``json(in:)``, written by `JSONWriter`: keys in
    /// byte order, no spaces; `pointer` and `schemaPath` only for a JSON Schema's failures, `recordId` only for a record that has one), without building the object and sorting its keys for every
    /// violation of a large report.
    func writeJSON(in record: CheckedRecord, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"code":"#.utf8)
        JSONWriter.writeString(code.rawValue, to: &output)
        output.append(contentsOf: #","field":"#.utf8)
        JSONWriter.writeString(field, to: &output)
        output.append(contentsOf: #","file":"#.utf8)
        JSONWriter.writeString(record.file, to: &output)
        output.append(contentsOf: #","line":"#.utf8)
        output.append(contentsOf: JSONWriter.formatNumber(Double(record.line)).utf8)
        output.append(contentsOf: #","message":"#.utf8)
        JSONWriter.writeString(message, to: &output)
        if let pointer {
            output.append(contentsOf: #","pointer":"#.utf8)
            JSONWriter.writeString(pointer, to: &output)
        }
        output.append(contentsOf: #","record":"#.utf8)
        output.append(contentsOf: JSONWriter.formatNumber(Double(record.record)).utf8)
        if let recordID = record.recordID {
            output.append(contentsOf: #","recordId":"#.utf8)
            JSONWriter.writeString(recordID, to: &output)
        }
        if let schemaPath {
            output.append(contentsOf: #","schemaPath":"#.utf8)
            JSONWriter.writeString(schemaPath, to: &output)
        }
        output.append(contentsOf: #","severity":"#.utf8)
        JSONWriter.writeString(severity.rawValue, to: &output)
        output.append(contentsOf: #","value":"#.utf8)
        if let value { JSONWriter.writeString(value, to: &output) } else { output.append(contentsOf: "null".utf8) }
        output.append(UInt8(ascii: "}"))
    }
}
