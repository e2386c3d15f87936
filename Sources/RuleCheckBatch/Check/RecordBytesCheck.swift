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

    /// The record's violations and, when it has any, its id (`ColumnMap.recordIDColumn`).
    mutating func check(
        _ bytes: UnsafeBufferPointer<UInt8>, _ session: RecordChecker.Session
    ) -> (
        violations: [Violation], recordID: String?
    )? {
        switch decoder.kind {
        case .delimited(let csv):
            guard let columns else { return nil }
            switch csv.cellSpans(bytes, into: &spans, scratch: &scratch) {
            case .record?:
                let violations = session.check(cells: spans, in: bytes, columns: columns)
                return (violations, violations.isEmpty ? nil : Self.cell(columns.recordIDColumn, spans, in: bytes))
            case .scratch?:
                return scratch.withUnsafeBufferPointer { buffer in
                    let violations = session.check(cells: spans, in: buffer, columns: columns)
                    return (violations, violations.isEmpty ? nil : Self.cell(columns.recordIDColumn, spans, in: buffer))
                }
            case nil:
                return nil
            }
        case .json(let json):
            return session.check(json: bytes, maxDepth: json.parser.maxDepth).map { (violations: $0, recordID: nil) }
        }
    }

    /// The text of cell `column` (nil for none, or a blank cell).
    private static func cell(_ column: Int?, _ spans: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        guard let column, column < spans.count, !spans[column].isEmpty else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[spans[column]]), as: UTF8.self)
    }
}
