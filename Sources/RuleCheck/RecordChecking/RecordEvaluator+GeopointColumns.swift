/// A geopoint written in split columns (``ColumnMap/GeopointColumns``): ODK Central's
/// `loc-Latitude`, `loc-Longitude`, `loc-Altitude`, `loc-Accuracy`; KoboToolbox's
/// `_loc_latitude` … beside `loc`.
extension RecordEvaluator {
    /// The answer of a geopoint without a column of its own: its parts up to the last one that
    /// is not blank, joined with spaces (`12.5 -8.1 100 5`; `` when every part is blank). Called
    /// while ``buffer`` holds the record.
    func geopointAnswer(_ geopoint: ColumnMap.GeopointColumns, cells: [Range<Int>]) -> String {
        var parts = geopoint.parts.map { geopointCell($0, cells: cells) ?? "" }
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts.joined(separator: " ")
    }

    /// A `geopoint_columns` violation for each part that is wrong: not a number, a latitude
    /// beyond ±90 or a longitude beyond ±180, blank while a later part (or, for a latitude or a
    /// longitude, any other part) is not; under a column of its own (Kobo's `loc`), a part that
    /// says otherwise than that answer, or stands for an answer that is blank. Called while
    /// ``buffer`` holds the record, before the evaluation clears any answer.
    func geopointFindings(cells: [Range<Int>], columns: ColumnMap) -> [Violation] {
        var violations: [Violation] = []
        for geopoint in columns.geopoints {
            let field = rules.fields[geopoint.field.index]
            let texts = geopoint.parts.map { geopointCell($0, cells: cells) ?? "" }
            let answer = geopoint.hasOwnColumn ? writtenText(Slot(geopoint.field)) ?? "" : nil
            let answerParts = answer?.split(whereSeparator: \.isWhitespace) ?? []
            for (part, column) in geopoint.parts.enumerated() {
                guard let column else { continue }
                let text = texts[part]
                var parameters = ["column": columns.header[column], "title": field.title(in: checker.evaluator.messages.locale)]
                let variant: String?
                if text.isEmpty {
                    let othersWritten = texts.indices.contains { other in
                        other != part && !texts[other].isEmpty && (other > part || part < 2)
                    }
                    guard othersWritten else { continue }
                    variant = "missing"
                } else if let number = Self.coordinate(text) {
                    let bound = part == 0 ? 90.0 : part == 1 ? 180.0 : nil
                    if let bound, abs(number) > bound {
                        variant = "range"
                        let locale = checker.evaluator.messages.messageLocale
                        parameters["min"] = locale.number("-\(Int(bound))")
                        parameters["max"] = locale.number("\(Int(bound))")
                    } else if let answer {
                        if answer.isEmpty {
                            variant = "blank"
                        } else if part < answerParts.count, Self.coordinate(String(answerParts[part])) == number {
                            continue
                        } else {
                            variant = nil
                        }
                        parameters["cell"] = text
                        parameters["answer"] = answer
                    } else {
                        continue
                    }
                } else {
                    variant = "number"
                }
                let message = checker.evaluator.messages.message(.geopointColumns, variant: variant, parameters)
                violations.append(
                    Violation(field: field.path, code: .geopointColumns, value: text.isEmpty ? nil : text, message: message))
            }
        }
        return violations
    }

    /// The text of the cell of `column`, nil when the header has no such column or the record
    /// is short of it.
    private func geopointCell(_ column: Int?, cells: [Range<Int>]) -> String? {
        guard let column, column < cells.count else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[cells[column]]), as: UTF8.self)
    }

    /// A part written as a geopoint writes it (`-8.1`, `100`): an optional minus, digits and an
    /// optional fraction; nil for any other text.
    static func coordinate(_ text: String) -> Double? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let pieces = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Double(text)
    }
}
