/// The kinds of export file ``RecordReader`` reads.
///
/// ```swift
/// RecordFormat(path: "people.tsv")        // .tsv
/// RecordFormat(path: "events.ndjson")     // .jsonl
/// RecordFormat(rawValue: "json")          // .json, as `--input json` gives it
/// ```
///
/// Every format: a UTF-8 byte-order mark at the start is skipped; lines end at `\n`, `\r\n` or a
/// lone `\r` in CSV, TSV and JSON Lines (so LF, CRLF and old Mac files read the same), and at `\n`
/// in a JSON array (where a `\r` is whitespace, as JSON says); a record longer than ``RecordReader/Options-swift.struct/maxRecordSize``
/// is malformed and skipped without being held in memory; a malformed record keeps its number.
public enum RecordFormat: String, Sendable, Hashable, CaseIterable {
    /// Comma-separated values (RFC 4180); the first record is the header.
    ///
    /// Quoted cells may hold delimiters, `""` and line breaks (a record's line is where it starts).
    /// Empty lines are skipped, so a one-column file writes an empty value as `""`. Malformed: a
    /// cell that is not UTF-8, a quote inside an unquoted cell (`ab"c`), text after a closing quote
    /// (`"ab"c`), a cell count that differs from the header's, and an unterminated quote: a quote
    /// still open at the end of the file or after `maxRecordSize` bytes. After an unterminated
    /// quote, reading resumes at the line after the record's first line, and so it does after a
    /// record that spans lines and is badly quoted or counted (a stray quote that a later line
    /// closes). A malformed header is an
    /// ``InputError`` (`check` reports it as a malformed finding); lines of only spaces and tabs
    /// before the header are skipped, and an empty or blank file has an empty header and no records.
    case csv
    /// Tab-separated values, read with the same rules as CSV.
    case tsv
    /// One JSON array whose elements are the records (objects).
    ///
    /// Elements are cut out while streaming, never loading the file. An element that does not parse
    /// or is not an object is malformed, and reading goes on with the next element: after a missing
    /// comma, at the next top-level `{`; after a line break inside a string, at the next line that
    /// starts with `{`; when a `{` stands where an object key should (an element without its `}`),
    /// at that `{`. A file that does not start with `[` gives one malformed record (a single
    /// top-level object is not accepted: use JSON Lines); a trailing comma, a missing `]` or content
    /// after it each give a malformed record; an empty file has no records.
    case json
    /// JSON Lines: one JSON object per line.
    ///
    /// Blank and whitespace-only lines are skipped. A line that does not parse, or holds a value that
    /// is not an object, is malformed (`record is a number, not an object`).
    case jsonl

    /// The format a file name's extension implies: `.csv`, `.tsv`/`.tab`, `.json`, `.jsonl`/`.ndjson`
    /// (any case), also before a compression suffix (`.gz`, `.zst`, `.zstd`, and `.xz`, `.bz2`,
    /// `.zip`, which the reader then refuses by their first bytes); nil for anything else,
    /// including `-` (standard input). (Whether a file is compressed is told by its first bytes,
    /// not by its name: see ``InputCompression``.)
    ///
    /// ```swift
    /// RecordFormat(path: "/tmp/a.CSV")        // .csv
    /// RecordFormat(path: "export.jsonl.gz")   // .jsonl
    /// RecordFormat(path: "-")                 // nil
    /// ```
    public init?(path: String) {
        var name = Substring(path)
        guard var dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        if Self.compressionSuffixes.contains(name[name.index(after: dot)...].lowercased()) {
            name = name[..<dot]
            guard let before = name.lastIndex(of: "."), !name[before...].contains("/") else { return nil }
            dot = before
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        default: return nil
        }
    }

    /// The suffixes of compressed files that ``init(path:)`` looks past: those read, and those
    /// refused with a clear error once their first bytes are read.
    private static let compressionSuffixes: Set<String> = ["gz", "zst", "zstd", "xz", "bz2", "zip"]

    /// Whether records are rows of cells under a header (CSV, TSV) rather than JSON objects.
    public var isDelimited: Bool { self == .csv || self == .tsv }
}
