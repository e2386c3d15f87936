/// Where an input lies in a larger file it was cut from (by `rulecheck split`, see
/// ``SlicePlan``), so that reading the slice gives the records that reading the whole file gives
/// there: the same numbers, lines and findings.
///
/// ```swift
/// var options = RecordReader.Options()
/// options.slice = InputSlice(firstRecord: 1001, firstLine: 1203, header: .columns(["id", "name"]))
/// let reader = try RecordReader(path: "part-00001.csv", format: .csv, options: options)
/// ```
///
/// - Records are numbered from ``firstRecord`` and lines counted from ``firstLine``.
/// - A CSV or TSV slice holds no header: ``header`` gives the whole file's.
/// - A JSON array's slices hold runs of its elements: ``arrayPart`` says which run.
/// - A UTF-8 byte-order mark is skipped only where the file starts: when ``firstLine`` is 1 and
///   the slice is not a later part of a JSON array. Elsewhere those bytes are data.
public struct InputSlice: Sendable, Hashable {
    /// The header of a CSV or TSV slice, which holds none of its own.
    public enum Header: Sendable, Hashable {
        /// The column names.
        case columns([String])
        /// A file whose first record is the header (read as the whole file's header is: a
        /// byte-order mark and blank lines before it skipped). A header that cannot be read there
        /// is the same finding as in the whole file.
        case file(String)
    }

    /// Which run of a JSON array's elements a slice holds. Slices are cut right after the comma
    /// that follows an element.
    public enum ArrayPart: String, Sendable, Hashable, CaseIterable {
        /// From the start of the file (with its `[`) to a cut.
        case first
        /// From a cut to a cut: the input ends inside the array, and its end is no finding.
        case middle
        /// From a cut to the end of the file (with its `]`).
        case last

        /// Whether the slice starts inside the array, after a comma.
        var startsInside: Bool { self != .first }
        /// Whether the slice ends inside the array, before more elements.
        var endsInside: Bool { self != .last }
    }

    /// The number of the slice's first record in the whole file (from 1).
    public var firstRecord: Int
    /// The line of the whole file where the slice starts (from 1).
    public var firstLine: Int
    /// CSV and TSV: the whole file's header (nil: the slice starts with its own header).
    public var header: Header?
    /// The line of the whole file where its header is, for the findings about the header when
    /// it is given as ``Header/columns(_:)`` (nil: line 1); a header file says its own line.
    public var headerLine: Int?
    /// JSON arrays: which run of elements the slice holds (nil: the whole array).
    public var arrayPart: ArrayPart?

    public init(
        firstRecord: Int = 1, firstLine: Int = 1, header: Header? = nil, headerLine: Int? = nil, arrayPart: ArrayPart? = nil
    ) {
        self.firstRecord = firstRecord
        self.firstLine = firstLine
        self.header = header
        self.headerLine = headerLine
        self.arrayPart = arrayPart
    }

    /// Whether the slice starts where its file starts, so that a byte-order mark is skipped.
    var startsFile: Bool { firstLine <= 1 && arrayPart?.startsInside != true }
}
