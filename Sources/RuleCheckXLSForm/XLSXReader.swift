import Foundation

/// Reads an `.xlsx` workbook (Office Open XML: a ZIP of XML parts) into a ``Workbook``: the
/// sheets the workbook lists, in its order, each cell's text — shared strings, inline strings,
/// formula results, booleans (`TRUE`/`FALSE`), numbers as written (`1`, `0.5`), and numbers in a
/// date or time format as the day or time they stand for (`2024-03-01`, `13:30:00`,
/// `2024-03-01T13:30:00`), under the workbook's 1900 or 1904 date system.
///
/// Bounded, so that a hostile file costs little: at most ``maxEntries`` entries in the ZIP, at
/// most ``maxPartBytes`` uncompressed bytes for one part and ``maxTotalBytes`` for all the parts
/// read (counted as they are inflated, whatever the ZIP's directory claims), at most
/// ``maxCells`` cells. Anything past them, or malformed, is a ``WorkbookError``.
public struct XLSXReader: Sendable {
    public var maxEntries = 10_000
    public var maxPartBytes = 64 << 20
    public var maxTotalBytes = 256 << 20
    public var maxCells = 2_000_000

    public init() {}

    /// Whether `bytes` start as a ZIP archive does (`PK\u{3}\u{4}`).
    public static func looksLikeZIP(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    public func read(_ bytes: [UInt8]) throws(WorkbookError) -> Workbook {
        var session = Session(archive: try ZIPArchive(bytes, maxEntries: maxEntries), reader: self)
        return try session.workbook()
    }

    /// One reading: the parts inflated so far count towards ``maxTotalBytes``.
    private struct Session {
        let archive: ZIPArchive
        let reader: XLSXReader
        var inflated = 0

        mutating func part(_ path: String) throws(WorkbookError) -> Data? {
            guard let entry = archive.entries[path] ?? archive.entries["/" + path] else { return nil }
            let limit = min(reader.maxPartBytes, reader.maxTotalBytes - inflated)
            let bytes: [UInt8]
            do throws(ZIPArchive.ZIPFailure) {
                bytes = try archive.contents(entry, limit: limit)
            } catch {
                switch error {
                case .exceeded where limit == reader.maxPartBytes:
                    throw WorkbookError("\(path) inflates to more than \(reader.maxPartBytes) bytes; the workbook is not read")
                case .exceeded:
                    throw WorkbookError("the workbook inflates to more than \(reader.maxTotalBytes) bytes; it is not read")
                case .damaged(let reason):
                    throw WorkbookError(reason)
                }
            }
            inflated += bytes.count
            return Data(bytes)
        }

        mutating func events(_ path: String) throws(WorkbookError) -> [XMLEvent]? {
            guard let data = try part(path) else { return nil }
            return try XMLElements.events(data, part: path)
        }

        mutating func workbook() throws(WorkbookError) -> Workbook {
            // The workbook part: where the package's relationships say, or where it always is.
            var workbookPath = "xl/workbook.xml"
            if let rels = try events("_rels/.rels") {
                for (_, type, target) in Self.relationships(rels) where type.hasSuffix("/officeDocument") {
                    workbookPath = Self.resolve(target, from: "")
                }
            }
            guard let workbookEvents = try events(workbookPath) else {
                throw WorkbookError("the ZIP archive has no \(workbookPath): it is not an .xlsx workbook")
            }
            let folder = workbookPath.split(separator: "/").dropLast().joined(separator: "/")
            let relsPath =
                (folder.isEmpty ? "" : folder + "/") + "_rels/"
                + (workbookPath.split(separator: "/").last.map(String.init) ?? "workbook.xml") + ".rels"
            var targets: [String: String] = [:]
            var sharedStringsPath = (folder.isEmpty ? "" : folder + "/") + "sharedStrings.xml"
            var stylesPath = (folder.isEmpty ? "" : folder + "/") + "styles.xml"
            if let rels = try events(relsPath) {
                for (id, type, target) in Self.relationships(rels) {
                    let path = Self.resolve(target, from: folder)
                    targets[id] = path
                    if type.hasSuffix("/sharedStrings") { sharedStringsPath = path }
                    if type.hasSuffix("/styles") { stylesPath = path }
                }
            }
            var date1904 = false
            var listed: [(name: String, path: String)] = []
            for event in workbookEvents {
                guard case .start(let name, let attributes) = event else { continue }
                if name == "workbookPr", let value = attributes["date1904"] {
                    date1904 = value == "1" || value.lowercased() == "true"
                }
                if name == "sheet", let sheetName = attributes["name"] {
                    guard let id = attributes["id"], let path = targets[id] else {
                        throw WorkbookError("\(workbookPath): the sheet '\(sheetName)' names no part of the workbook")
                    }
                    listed.append((sheetName, path))
                }
            }
            let strings = try sharedStrings(sharedStringsPath)
            let formats = try dateFormats(stylesPath)
            var sheets: [Sheet] = []
            var cells = 0
            for (name, path) in listed {
                guard let sheetEvents = try events(path) else {
                    throw WorkbookError("the sheet '\(name)' is missing from the workbook (\(path))")
                }
                let sheet = try Self.sheet(
                    name: name, path: path, sheetEvents, strings: strings, formats: formats, date1904: date1904,
                    cells: &cells, maxCells: reader.maxCells)
                sheets.append(sheet)
            }
            return Workbook(sheets: sheets)
        }

        /// `(Id, Type, Target)` of each relationship.
        static func relationships(_ events: [XMLEvent]) -> [(String, String, String)] {
            events.compactMap { event in
                guard case .start("Relationship", let attributes) = event, let target = attributes["Target"] else { return nil }
                return (attributes["Id"] ?? "", attributes["Type"] ?? "", target)
            }
        }

        /// A relationship's target as a path in the ZIP: absolute (`/xl/sheet1.xml`) or relative to `folder`.
        static func resolve(_ target: String, from folder: String) -> String {
            if target.hasPrefix("/") { return String(target.dropFirst()) }
            var parts = folder.split(separator: "/").map(String.init)
            for component in target.split(separator: "/") {
                if component == ".." {
                    _ = parts.popLast()
                } else if component != "." {
                    parts.append(String(component))
                }
            }
            return parts.joined(separator: "/")
        }

        mutating func sharedStrings(_ path: String) throws(WorkbookError) -> [String] {
            guard let events = try events(path) else { return [] }
            var strings: [String] = []
            var current = ""
            var inItem = false, inText = false, phonetic = 0
            for event in events {
                switch event {
                case .start("si", _):
                    inItem = true
                    current = ""
                case .end("si"):
                    inItem = false
                    strings.append(current)
                case .start("rPh", _): phonetic += 1
                case .end("rPh"): phonetic -= 1
                case .start("t", _): inText = true
                case .end("t"): inText = false
                case .text(let text) where inItem && inText && phonetic == 0: current += text
                default: break
                }
            }
            return strings
        }

        /// For each cell style (`s="3"`), whether its number format shows a date, a time or both.
        mutating func dateFormats(_ path: String) throws(WorkbookError) -> [DateKind?] {
            guard let events = try events(path) else { return [] }
            var custom: [Int: String] = [:]
            var styles: [DateKind?] = []
            var inCellXfs = false
            for event in events {
                switch event {
                case .start("numFmt", let attributes):
                    if let id = attributes["numFmtId"].flatMap(Int.init), let code = attributes["formatCode"] { custom[id] = code }
                case .start("cellXfs", _): inCellXfs = true
                case .end("cellXfs"): inCellXfs = false
                case .start("xf", let attributes) where inCellXfs:
                    let id = attributes["numFmtId"].flatMap(Int.init) ?? 0
                    styles.append(DateKind.of(formatID: id, code: custom[id]))
                default: break
                }
            }
            return styles
        }

        static func sheet(
            name: String, path: String, _ events: [XMLEvent], strings: [String], formats: [DateKind?], date1904: Bool,
            cells: inout Int, maxCells: Int
        ) throws(WorkbookError) -> Sheet {
            var rows: [Sheet.Row] = []
            var rowNumber = 0
            var rowCells: [Sheet.Cell] = []
            var column = 0
            var cellType = "n", cellStyle = 0
            var value: String?, inline = ""
            var inValue = false, inInline = false, inText = false, phonetic = 0
            for event in events {
                switch event {
                case .start("row", let attributes):
                    rowNumber = attributes["r"].flatMap(Int.init) ?? rowNumber + 1
                    rowCells = []
                    column = 0
                case .end("row"):
                    if !rowCells.isEmpty { rows.append(Sheet.Row(number: rowNumber, cells: rowCells)) }
                case .start("c", let attributes):
                    column = attributes["r"].flatMap { CellReference.column(of: Substring($0)) } ?? column + 1
                    cellType = attributes["t"] ?? "n"
                    cellStyle = attributes["s"].flatMap(Int.init) ?? 0
                    value = nil
                    inline = ""
                case .end("c"):
                    let text = try cellText(
                        type: cellType, value: value, inline: inline, strings: strings,
                        dateKind: formats.indices.contains(cellStyle) ? formats[cellStyle] : nil, date1904: date1904,
                        at: "\(name)!\(CellReference.columnName(column))\(rowNumber)")
                    if let text, !text.isEmpty {
                        cells += 1
                        guard cells <= maxCells else {
                            throw WorkbookError("the workbook has more than \(maxCells) cells; it is not read")
                        }
                        rowCells.append(Sheet.Cell(column: column, text: text))
                    }
                case .start("v", _):
                    inValue = true
                    value = ""
                case .end("v"): inValue = false
                case .start("is", _): inInline = true
                case .end("is"): inInline = false
                case .start("rPh", _): phonetic += 1
                case .end("rPh"): phonetic -= 1
                case .start("t", _): inText = true
                case .end("t"): inText = false
                case .text(let text):
                    if inValue {
                        value = (value ?? "") + text
                    } else if inInline, inText, phonetic == 0 {
                        inline += text
                    }
                default: break
                }
            }
            return Sheet(name: name, rows: rows)
        }

        static func cellText(
            type: String, value: String?, inline: String, strings: [String], dateKind: DateKind?, date1904: Bool, at place: String
        ) throws(WorkbookError) -> String? {
            switch type {
            case "s":
                guard let value, let index = Int(value.trimmingCharacters(in: .whitespaces)), strings.indices.contains(index) else {
                    throw WorkbookError("\(place): the cell names shared string \(value ?? "(none)"), which the workbook does not have")
                }
                return strings[index]
            case "inlineStr": return inline
            case "str", "e": return value
            case "b": return value.map { $0 == "1" ? "TRUE" : "FALSE" }
            case "d":
                // An ISO 8601 date cell: its day, or its day and time.
                guard let value else { return nil }
                return value.hasSuffix("T00:00:00") ? String(value.prefix(10)) : value
            default:
                guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
                guard let number = Double(value), number.isFinite else { return value }
                if let dateKind, let date = ExcelDate.text(serial: number, kind: dateKind, date1904: date1904) { return date }
                return ExcelDate.numberText(value, number)
            }
        }
    }
}

/// What a number format shows of a serial number.
enum DateKind: Equatable {
    case date, time, dateTime

    /// Excel's built-in date and time formats (14–22, 45–47, and the East Asian 27–36, 50–58), or
    /// a custom format code with day, month, year, hour or second parts outside quotes and brackets.
    static func of(formatID: Int, code: String?) -> DateKind? {
        switch formatID {
        case 14...17, 27...31, 34...36, 50...58: return .date
        case 18...21, 32, 33, 45...47: return .time
        case 22: return .dateTime
        default: break
        }
        guard let code else { return nil }
        var plain = ""
        var quoted = false, bracketed = false, escaped = false
        for character in code {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "\"": quoted.toggle()
            case "[": bracketed = true
            case "]": bracketed = false
            default: if !quoted && !bracketed { plain.append(character) }
            }
        }
        let lower = plain.lowercased()
        // The first section only (positive numbers); `General` has none of these letters that count.
        let section = lower.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? lower
        let hasDate =
            section.contains("d") || section.contains("y") || (section.contains("m") && !section.contains("h") && !section.contains("s"))
        let hasTime = section.contains("h") || section.contains("s")
        switch (hasDate, hasTime) {
        case (true, true): return .dateTime
        case (true, false): return .date
        case (false, true): return .time
        default: return nil
        }
    }
}

/// Excel's serial numbers: days since 1899-12-30 (the 1900 system, with its phantom 1900-02-29 at
/// serial 60) or since 1904-01-01 (the 1904 system), the fraction the time of day.
enum ExcelDate {
    static func text(serial: Double, kind: DateKind, date1904: Bool) -> String? {
        guard serial >= 0, serial < 2_958_466 else { return nil }  // 9999-12-31 is 2,958,465.
        var days = Int(serial.rounded(.down))
        var seconds = Int(((serial - Double(days)) * 86_400).rounded())
        if seconds >= 86_400 {
            days += 1
            seconds -= 86_400
        }
        let time = String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        if kind == .time { return time }
        let day: String
        if date1904 {
            day = civil(daysSince1970: days - 24_107)  // 1904-01-01 is 24,107 days before 1970-01-01.
        } else if days == 60 {
            day = "1900-02-29"  // Lotus 1-2-3's leap day, which Excel keeps.
        } else if days == 0 {
            day = "1900-01-00"
        } else {
            day = civil(daysSince1970: (days < 60 ? days + 1 : days) - 25_569)  // 1899-12-30 is 25,569 days before.
        }
        return kind == .date ? day : day + "T" + time
    }

    /// `yyyy-MM-dd` of a day counted from 1970-01-01 (Howard Hinnant's civil_from_days).
    static func civil(daysSince1970 days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// A number cell's text: as stored when it is plain decimal (`12`, `0.5`); a value Excel
    /// stored with binary noise (`0.10000000000000001`) or an exponent, as the shortest decimal
    /// of its double (`0.1`); a whole number without `.0`.
    static func numberText(_ stored: String, _ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        let shortest = "\(number)"
        if !shortest.contains("e") { return shortest }
        return stored
    }
}
