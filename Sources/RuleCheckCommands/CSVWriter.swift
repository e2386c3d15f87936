import Foundation

/// Writes records as CSV (RFC 4180): cells that hold the delimiter, a quote or a line break are
/// quoted, quotes doubled; lines end with LF. `rulecheck sample` writes its CSV with it; it is
/// not part of the library's API (an app writes its own exports).
struct CSVWriter: Sendable {
    let delimiter: Character

    init(delimiter: Character = ",") {
        self.delimiter = delimiter
    }

    /// One line: the cells joined by the delimiter, with a line break.
    func line(_ cells: [String]) -> String {
        cells.map(quoted).joined(separator: String(delimiter)) + "\n"
    }

    private func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
