/// The single byte that separates cells in a CSV or TSV file.
///
/// ```swift
/// var options = RecordReader.Options()
/// options.delimiter = .semicolon
/// CSVDelimiter(";")      // .semicolon
/// CSVDelimiter("\"")     // nil: a quote cannot separate cells
/// ```
public struct CSVDelimiter: Sendable, Hashable, CustomStringConvertible {
    /// The delimiter's byte.
    public let byte: UInt8

    /// `,`
    public static let comma = CSVDelimiter(uncheckedByte: UInt8(ascii: ","))
    /// `;`
    public static let semicolon = CSVDelimiter(uncheckedByte: UInt8(ascii: ";"))
    /// A tab.
    public static let tab = CSVDelimiter(uncheckedByte: 0x09)
    /// `|`
    public static let pipe = CSVDelimiter(uncheckedByte: UInt8(ascii: "|"))

    private init(uncheckedByte byte: UInt8) { self.byte = byte }

    /// A delimiter from a byte: any ASCII byte except `"`, a line break or NUL.
    ///
    /// ```swift
    /// CSVDelimiter(byte: 0x3B)   // ;
    /// ```
    public init?(byte: UInt8) {
        guard byte != 0, byte < 0x80, byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D else { return nil }
        self.byte = byte
    }

    /// A delimiter from a one-character string, e.g. `","`, `";"`, `"\t"`, `"|"`.
    ///
    /// ```swift
    /// CSVDelimiter("|")   // .pipe
    /// ```
    public init?(_ text: String) {
        guard text.utf8.count == 1, let byte = text.utf8.first else { return nil }
        self.init(byte: byte)
    }

    /// A delimiter as given on a command line: one character, or `tab` (also `\t`), `comma`,
    /// `semicolon`, `pipe`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "tab", "\\t", "\t": self = .tab
        case "comma": self = .comma
        case "semicolon": self = .semicolon
        case "pipe": self = .pipe
        default: self.init(argument)
        }
    }

    /// The delimiter as text; a tab shows as `\t`.
    public var description: String {
        byte == 0x09 ? "\\t" : String(decoding: [byte], as: UTF8.self)
    }
}
