import RuleCheck

/// Checks a well-formed record where its bytes lie in a batch: a CSV record's cells as ranges of
/// the batch's buffer (or of a scratch copy when a cell has doubled quotes), a JSON record read
/// straight into the checker's slots. Nil for a record that is not well-formed or not of the usual
/// kind; ``BatchCheck`` then decodes it and checks what it decodes to, which gives the same
/// violations for a record this check takes, and says what is wrong with the others.
struct RecordBytesCheck {
    let decoder: RecordDecoder
    let columns: ColumnMap?
    private var spans: [Range<Int>] = []
    private var scratch: [UInt8] = []

    init(decoder: RecordDecoder, columns: ColumnMap?) {
        self.decoder = decoder
        self.columns = columns
    }

    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, _ session: RecordChecker.Session) -> [Violation]? {
        switch decoder.kind {
        case .delimited(let csv):
            guard let columns else { return nil }
            switch csv.cellSpans(bytes, into: &spans, scratch: &scratch) {
            case .record?:
                return session.check(cells: spans, in: bytes, columns: columns)
            case .scratch?:
                return scratch.withUnsafeBufferPointer { session.check(cells: spans, in: $0, columns: columns) }
            case nil:
                return nil
            }
        case .json(let json):
            return session.check(json: bytes, maxDepth: json.parser.maxDepth)
        }
    }
}
