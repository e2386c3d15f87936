/// A spreadsheet as an XLSForm reads it: named sheets of text cells, each cell knowing its place
/// (`survey!C12`). What a cell holds is its text as the person typed it: a number cell's digits,
/// a date cell's day as `yyyy-MM-dd` (Excel stores dates as serial numbers; see ``XLSXReader``).
public struct Workbook: Sendable, Equatable {
    public var sheets: [Sheet]

    public init(sheets: [Sheet]) {
        self.sheets = sheets
    }

    /// The sheet named `name`, its name compared without case (`Survey` is `survey`), as pyxform does.
    public func sheet(_ name: String) -> Sheet? {
        sheets.first { $0.name.lowercased() == name.lowercased() }
    }
}

/// One sheet: its rows, each the cells written in it (empty cells left out).
public struct Sheet: Sendable, Equatable {
    public var name: String
    public var rows: [Row]

    public init(name: String, rows: [Row]) {
        self.name = name
        self.rows = rows
    }

    /// A row: its number as the spreadsheet shows it (1-based) and its cells.
    public struct Row: Sendable, Equatable {
        public var number: Int
        public var cells: [Cell]

        public init(number: Int, cells: [Cell]) {
            self.number = number
            self.cells = cells
        }
    }

    /// A cell: its column (1-based: A is 1) and its text.
    public struct Cell: Sendable, Equatable {
        public var column: Int
        public var text: String

        public init(column: Int, text: String) {
            self.column = column
            self.text = text
        }
    }
}

/// Where a cell is, as a spreadsheet names it: `survey!C12`.
public struct CellReference: Hashable, Sendable, CustomStringConvertible {
    public var sheet: String
    public var row: Int
    public var column: Int

    public init(sheet: String, row: Int, column: Int) {
        self.sheet = sheet
        self.row = row
        self.column = column
    }

    public var description: String { "\(sheet)!\(Self.columnName(column))\(row)" }

    /// `A` for 1, `Z` for 26, `AA` for 27.
    public static func columnName(_ column: Int) -> String {
        var number = max(column, 1)
        var letters: [Character] = []
        while number > 0 {
            let remainder = (number - 1) % 26
            letters.append(Character(Unicode.Scalar(UInt8(65 + remainder))))
            number = (number - 1) / 26
        }
        return String(letters.reversed())
    }

    /// The column of a cell reference's letters (`C12` → 3), or nil when it starts with none.
    static func column(of reference: Substring) -> Int? {
        var column = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            guard ("A"..."Z").contains(scalar) else { break }
            column = column * 26 + Int(scalar.value - 64)
            letters += 1
            // XFD (16,384) is Excel's last column.
            if letters > 3 { return nil }
        }
        return letters == 0 ? nil : column
    }
}

/// Why a workbook could not be read: not a workbook, a part missing or malformed, or past the
/// bounds that keep a hostile file from exhausting memory.
public struct WorkbookError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
