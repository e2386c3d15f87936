extension InputError {
    /// What kind of ``InputError`` this is; new codes may be added.
    ///
    /// ```swift
    /// catch InputError.Code.cannotOpen { … }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Raw: Hashable, Sendable { case cannotOpen, cannotRead, unreadableHeader, corruptStream, unsupportedCompression }
        private let raw: Raw
        private init(_ raw: Raw) { self.raw = raw }

        /// `open(2)` failed, or the path is a directory.
        public static let cannotOpen = Code(.cannotOpen)
        /// `read(2)` failed.
        public static let cannotRead = Code(.cannotRead)
        /// A gzip or zstd input is corrupt, or cut short (it ends inside the stream). The records
        /// before the fault were read.
        public static let corruptStream = Code(.corruptStream)
        /// The input is compressed in a format that is not read (xz, bzip2, zip): decompress it first.
        public static let unsupportedCompression = Code(.unsupportedCompression)
        /// The CSV or TSV header record is malformed (bad quoting, not UTF-8), so no column has a name.
        public static let unreadableHeader = Code(.unreadableHeader)

        /// Lets `catch InputError.Code.cannotOpen` match an error by its code.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? InputError)?.code == code
        }

        public var description: String {
            switch raw {
            case .cannotOpen: "cannot_open"
            case .cannotRead: "cannot_read"
            case .unreadableHeader: "unreadable_header"
            case .corruptStream: "corrupt_stream"
            case .unsupportedCompression: "unsupported_compression"
            }
        }
    }
}
