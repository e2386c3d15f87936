public import ArgumentParser
import RuleCheck
import RuleCheckBatch

extension InputSlice.ArrayPart: ExpressibleByArgument {}

/// `check`'s options for a slice of a larger file (as `rulecheck split` cuts it), so that the
/// slice is reported as part of that file: its name, global record and line numbers, the header
/// it lacks. `split` prints them for each slice.
struct SliceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The name the report gives the input (default: its path), e.g. the whole file's.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("The number of the input's first record in the whole file.", valueName: "n"))
    var firstRecord: Int?

    @Option(help: ArgumentHelp("The line of the whole file where the input starts.", valueName: "n"))
    var firstLine: Int?

    @Option(help: ArgumentHelp("CSV/TSV without a header: read the header from this file's first record.", valueName: "file"))
    var headerFrom: String?

    @Option(help: ArgumentHelp("CSV/TSV without a header: the column names, as one CSV record (a,b,\"c,d\").", valueName: "names"))
    var columns: String?

    @Option(
        help: ArgumentHelp(
            "With --columns: the line of the whole file where its header is (default 1), where findings about it are reported.",
            valueName: "n"))
    var headerLine: Int?

    @Option(
        help: "A slice of a JSON array: first (from the file's start to a comma), middle (comma to comma), last (comma to the file's end).")
    var arrayPart: InputSlice.ArrayPart?

    /// Whether any option says the input is a slice (which must then be the only input).
    var isSlice: Bool {
        name != nil || firstRecord != nil || firstLine != nil || headerFrom != nil || columns != nil || headerLine != nil
            || arrayPart != nil
    }

    func validate(files: [String], input: RecordFormat?, report: ReportFormat, maxViolations: Int?) throws {
        if report == .slice, maxViolations != nil {
            throw ValidationError("--max-violations cuts the merged report: give it to 'rulecheck merge', not to a slice's check")
        }
        guard isSlice else { return }
        guard files.count == 1 else { throw ValidationError("--name and the slice options take one input, not \(files.count)") }
        if let firstRecord, firstRecord < 1 { throw ValidationError("--first-record must be 1 or more") }
        if let firstLine, firstLine < 1 { throw ValidationError("--first-line must be 1 or more") }
        if headerFrom != nil, columns != nil { throw ValidationError("give --header-from or --columns, not both") }
        if let headerLine {
            guard columns != nil else { throw ValidationError("--header-line goes with --columns (a --header-from file says its own)") }
            if headerLine < 1 { throw ValidationError("--header-line must be 1 or more") }
        }
        let format = input ?? RecordFormat(path: files[0])
        if headerFrom != nil || columns != nil, format?.isDelimited != true {
            throw ValidationError("--header-from and --columns are for CSV and TSV input (give --input csv or tsv)")
        }
        if arrayPart != nil, format != .json {
            throw ValidationError("--array-part is for a JSON array (give --input json)")
        }
        if let columns { _ = try Self.columns(columns) }
    }

    /// Where the input lies in its file; nil for a whole file.
    var inputSlice: InputSlice? {
        get throws {
            guard firstRecord != nil || firstLine != nil || headerFrom != nil || columns != nil || arrayPart != nil else { return nil }
            let header: InputSlice.Header? = try headerFrom.map { .file($0) } ?? columns.map { .columns(try Self.columns($0)) }
            return InputSlice(
                firstRecord: firstRecord ?? 1, firstLine: firstLine ?? 1, header: header, headerLine: headerLine, arrayPart: arrayPart)
        }
    }

    /// The names of `--columns`, read as a CSV header is.
    private static func columns(_ text: String) throws -> [String] {
        do {
            return try RecordReader(bytes: Array(text.utf8), name: "--columns", format: .csv).header ?? []
        } catch let error as InputError {
            throw ValidationError("--columns: \(error.message)")
        }
    }
}
