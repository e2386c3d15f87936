import Foundation

/// Reads the text forms of a workbook that pyxform reads: every sheet stacked in one table, a row
/// whose first cell is written starting the sheet of that name, the other columns holding the
/// sheet's rows. Two spellings:
///
/// * **CSV** (pyxform's `.csv` XLSForm): `"survey",,,` then `,"type","name","label"` …; values
///   trimmed, as pyxform trims them.
/// * **Markdown** (pyxform's test format): `| survey |      |      |` then `| | type | name |` …;
///   separator rows (`|---|---|`) skipped.
///
/// A cell's place is its line in the file and its column in the table (the sheet-name column is A),
/// so a finding points at the text as written.
public enum StackedSheetsReader {
    public enum Syntax: Sendable {
        case csv, markdown
    }

    /// The most rows read (each line is one; a file is at most the rules loader's cap anyway).
    static let maxRows = 1_000_000

    public static func read(_ bytes: [UInt8], syntax: Syntax) throws(WorkbookError) -> Workbook {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let table: [(line: Int, cells: [String])]
        switch syntax {
        case .csv: table = try csvRows(text)
        case .markdown: table = markdownRows(text)
        }
        var sheets: [Sheet] = []
        for (line, cells) in table {
            guard let first = cells.first else { continue }
            let name = first.trimmingCharacters(in: .whitespaces)
            if !name.isEmpty {
                if let index = sheets.firstIndex(where: { $0.name == name }) {
                    // pyxform appends to a sheet named again.
                    let sheet = sheets.remove(at: index)
                    sheets.append(sheet)
                } else {
                    sheets.append(Sheet(name: name, rows: []))
                }
            }
            guard !sheets.isEmpty else {
                if cells.dropFirst().contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    throw WorkbookError(
                        "line \(line): a row before any sheet name; the first column names the sheet (survey, choices, settings)")
                }
                continue
            }
            var rowCells: [Sheet.Cell] = []
            for (index, cell) in cells.enumerated().dropFirst() {
                let value = cell.trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { rowCells.append(Sheet.Cell(column: index + 1, text: value)) }
            }
            if !rowCells.isEmpty { sheets[sheets.count - 1].rows.append(Sheet.Row(number: line, cells: rowCells)) }
        }
        return Workbook(sheets: sheets)
    }

    /// Whether `bytes` look like pyxform's markdown: a line that is a table row naming the survey sheet.
    public static func looksLikeMarkdown(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).contains { line in
            let cells = line.trimmingCharacters(in: .whitespaces)
            guard cells.hasPrefix("|") else { return false }
            return cells.split(separator: "|").first?.trimmingCharacters(in: .whitespaces).lowercased() == "survey"
        }
    }

    /// Whether `bytes` look like pyxform's CSV: its first row that has anything names the survey sheet.
    public static func looksLikeCSV(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        guard let first = text.split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy { $0 == "," || $0 == " " } })
        else { return false }
        let cell = first.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
        return cell.trimmingCharacters(in: CharacterSet(charactersIn: "\" \u{FEFF}")).lowercased() == "survey"
    }

    static func markdownRows(_ text: String) -> [(line: Int, cells: [String])] {
        var rows: [(Int, [String])] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count >= 2 else { continue }
            let inner = trimmed.dropFirst().dropLast()
            if inner.allSatisfy({ $0 == "|" || $0 == "-" || $0 == ":" || $0 == " " }) { continue }
            rows.append((index + 1, inner.split(separator: "|", omittingEmptySubsequences: false).map(String.init)))
        }
        return rows
    }

    /// RFC 4180 CSV: quoted cells may hold commas, doubled quotes and line breaks; a row's line is
    /// the line it starts on.
    static func csvRows(_ text: String) throws(WorkbookError) -> [(line: Int, cells: [String])] {
        var rows: [(Int, [String])] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false, wasQuoted = false
        var line = 1, rowLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func endRow() throws(WorkbookError) {
            cells.append(cell)
            if cells.count > 1 || !cells[0].isEmpty || wasQuoted { rows.append((rowLine, cells)) }
            guard rows.count <= maxRows else { throw WorkbookError("more than \(maxRows) rows") }
            cells = []
            cell = ""
            wasQuoted = false
            rowLine = line
        }
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        cell.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.trimmingCharacters(in: .whitespaces).isEmpty:
                cell = ""
                quoted = true
                wasQuoted = true
            case ",":
                cells.append(cell)
                cell = ""
            case "\r":
                continue
            case "\n":
                line += 1
                try endRow()
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw WorkbookError("line \(rowLine): a quoted cell is never closed") }
        if !cell.isEmpty || !cells.isEmpty { try endRow() }
        return rows
    }
}
