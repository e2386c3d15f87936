import RuleCheck

extension RecordReader {
    /// How a ``RecordReader`` reads: delimiter, block and batch sizes, limits.
    ///
    /// ```swift
    /// var options = RecordReader.Options()
    /// options.delimiter = .semicolon
    /// options.maxRecordsPerBatch = 1_000
    /// let reader = try RecordReader(path: "export.csv", format: .csv, options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// The cell delimiter for CSV and TSV; nil means `,` for CSV and a tab for TSV.
        public var delimiter: CSVDelimiter?
        /// How many bytes one `read(2)` asks for (1 MiB by default; 1 byte to 1 GiB).
        public var blockSize: Int
        /// A batch ends after this many records (4,096 by default) …
        public var maxRecordsPerBatch: Int
        /// … or once its records hold this many bytes (1 MiB by default), whichever comes first.
        public var maxBatchBytes: Int
        /// A record longer than this many bytes (1 MiB by default) is malformed; reading goes on
        /// after it. It also bounds the memory one record can take.
        public var maxRecordSize: Int
        /// How deeply JSON records may nest.
        public var maxJSONDepth: Int
        /// Where the input lies in a larger file it was cut from; nil for a whole file.
        public var slice: InputSlice?

        public init(
            delimiter: CSVDelimiter? = nil,
            blockSize: Int = 1 << 20,
            maxRecordsPerBatch: Int = 4096,
            maxBatchBytes: Int = 1 << 20,
            maxRecordSize: Int = 1 << 20,
            maxJSONDepth: Int = 512,
            slice: InputSlice? = nil
        ) {
            self.delimiter = delimiter
            self.blockSize = blockSize
            self.maxRecordsPerBatch = maxRecordsPerBatch
            self.maxBatchBytes = maxBatchBytes
            self.maxRecordSize = maxRecordSize
            self.maxJSONDepth = maxJSONDepth
            self.slice = slice
        }
    }
}
