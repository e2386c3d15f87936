/// The kinds of export file ``RecordReader`` reads.
///
/// ```swift
/// RecordFormat(path: "people.tsv")        // .tsv
/// RecordFormat(path: "events.ndjson")     // .jsonl
/// RecordFormat(rawValue: "json")          // .json, as `--input json` gives it
/// ```
public enum RecordFormat: String, Sendable, Hashable, CaseIterable {
    /// Comma-separated values (RFC 4180); the first record is the header.
    case csv
    /// Tab-separated values, read with the same rules as CSV.
    case tsv
    /// One JSON array whose elements are the records (objects).
    case json
    /// JSON Lines: one JSON object per line.
    case jsonl

    /// The format a file name's extension implies: `.csv`, `.tsv`/`.tab`, `.json`, `.jsonl`/`.ndjson`
    /// (any case); nil for anything else, including `-` (standard input).
    ///
    /// ```swift
    /// RecordFormat(path: "/tmp/a.CSV")   // .csv
    /// RecordFormat(path: "-")            // nil
    /// ```
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        default: return nil
        }
    }

    /// Whether records are rows of cells under a header (CSV, TSV) rather than JSON objects.
    public var isDelimited: Bool { self == .csv || self == .tsv }
}
