import Foundation
import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// The fixtures scripts/xlsform-fixtures.py writes: workbooks made part by part, read as Excel stores them.
func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Repository.file("Tests/RuleCheckXLSFormTests/Fixtures/\(name)")))
}

func cell(_ workbook: Workbook, _ sheet: String, _ row: Int, _ column: Int) -> String? {
    workbook.sheet(sheet)?.rows.first { $0.number == row }?.cells.first { $0.column == column }?.text
}

@Suite struct WorkbookReadingTests {
    @Test func sheetsSharedAndInlineStringsAndNumbers() throws {
        let workbook = try XLSXReader().read(fixture("household.xlsx"))
        #expect(workbook.sheets.map(\.name) == ["survey", "choices", "settings"])
        #expect(cell(workbook, "survey", 1, 1) == "type")
        #expect(cell(workbook, "survey", 2, 2) == "respondent")
        #expect(cell(workbook, "survey", 3, 4) == "Âge")
        // An inline string (t="inlineStr").
        #expect(cell(workbook, "survey", 25, 13) == "X-1")
        // Number cells: the choices' names 1 and 2, the settings' version.
        #expect(cell(workbook, "choices", 11, 2) == "1")
        #expect(cell(workbook, "settings", 2, 3) == "2026120101")
        // The sheet is named without regard to case.
        #expect(workbook.sheet("SURVEY")?.name == "survey")
    }

    @Test func datesUnderThe1900System() throws {
        let workbook = try XLSXReader().read(fixture("dates1900.xlsx"))
        #expect(cell(workbook, "survey", 2, 4) == "2024-03-01")  // built-in format 14
        #expect(cell(workbook, "survey", 3, 4) == "2024-03-01")  // custom dd/mm/yyyy
        #expect(cell(workbook, "survey", 4, 4) == "45352.5")  // a number without a date format
        #expect(cell(workbook, "survey", 6, 4) == "0.1")
        #expect(cell(workbook, "survey", 7, 4) == "TRUE")
    }

    @Test func datesUnderThe1904System() throws {
        let workbook = try XLSXReader().read(fixture("dates1904.xlsx"))
        #expect(cell(workbook, "survey", 2, 4) == "2028-03-02")
        #expect(cell(workbook, "survey", 5, 4) == "1904-01-01")
    }

    @Test(arguments: [
        (0.0, "1900-01-00"), (1.0, "1900-01-01"), (59.0, "1900-02-28"), (60.0, "1900-02-29"), (61.0, "1900-03-01"),
        (45352.0, "2024-03-01"), (2_958_465.0, "9999-12-31"),
    ])
    func excelSerialDays(serial: Double, day: String) {
        // A one-cell workbook made here, the cell in format 14 (a date); Excel's phantom 1900-02-29 kept.
        #expect(XLSXReaderProbe.day(serial: serial) == day)
    }

    @Test func pyxformCSVStacksItsSheets() throws {
        let text = #"""
            "survey",,,
            ,"type","name","label"
            ,"integer","age","Age, in years"
            ,"text","note_text","He said ""hi"""
            "choices",,,
            ,"list name","name","label"
            ,"yn","yes","Yes"
            """#
        let workbook = try StackedSheetsReader.read(Array(text.utf8), syntax: .csv)
        #expect(workbook.sheets.map(\.name) == ["survey", "choices"])
        #expect(cell(workbook, "survey", 3, 4) == "Age, in years")
        #expect(cell(workbook, "survey", 4, 4) == "He said \"hi\"")
        #expect(cell(workbook, "choices", 7, 3) == "yes")
    }

    @Test func pyxformMarkdownTables() throws {
        let text = """
            | survey |         |      |       |
            |        | type    | name | label |
            |--------|---------|------|-------|
            |        | text    | a    | A     |
            | choices |        |      |       |
            |        | list_name | name | label |
            |        | yn      | yes  | Yes   |
            """
        let workbook = try StackedSheetsReader.read(Array(text.utf8), syntax: .markdown)
        #expect(workbook.sheets.map(\.name) == ["survey", "choices"])
        // The sheet names' column is A: the type is in B.
        #expect(cell(workbook, "survey", 4, 2) == "text")
        #expect(cell(workbook, "choices", 7, 3) == "yes")
        #expect(StackedSheetsReader.looksLikeMarkdown(Array(text.utf8)))
    }

    @Test func anUnclosedQuoteInCSVIsAnError() {
        #expect(throws: WorkbookError("line 2: a quoted cell is never closed")) {
            try StackedSheetsReader.read(Array("survey,,\n,\"type,name\n".utf8), syntax: .csv)
        }
    }
}

/// Excel serial numbers as the reader turns them into days (the 1900 system).
enum XLSXReaderProbe {
    static func day(serial: Double) -> String? {
        let workbook = try? XLSXReader().read(Array(minimalWorkbook(serial: serial)))
        return workbook.flatMap { cell($0, "survey", 1, 1) }
    }

    /// A one-cell workbook whose cell A1 holds `serial` in format 14, written with ZIP's stored method.
    static func minimalWorkbook(serial: Double) -> [UInt8] {
        let parts: [(String, String)] = [
            (
                "xl/workbook.xml",
                #"<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="survey" sheetId="1" r:id="rId1"/></sheets></workbook>"#
            ),
            (
                "xl/_rels/workbook.xml.rels",
                #"<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#
            ),
            ("xl/styles.xml", #"<styleSheet><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>"#),
            (
                "xl/worksheets/sheet1.xml",
                #"<worksheet><sheetData><row r="1"><c r="A1" s="1"><v>\#(serial)</v></c></row></sheetData></worksheet>"#
            ),
        ]
        return StoredZIP.archive(parts.map { ($0.0, Array($0.1.utf8)) })
    }
}

/// A ZIP archive of stored (uncompressed) entries, for workbooks a test makes on the spot.
enum StoredZIP {
    static func archive(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        for (name, data) in entries {
            let offset = UInt32(out.count)
            let crc = crc32(data)
            let nameBytes = Array(name.utf8)
            let common =
                le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
                + le16(nameBytes.count) + le16(0)
            out += [0x50, 0x4B, 0x03, 0x04] + common + nameBytes + data
            central += [0x50, 0x4B, 0x01, 0x02] + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes
        }
        let start = UInt32(out.count)
        out += central
        out +=
            [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(entries.count) + le16(entries.count) + le32(UInt32(central.count))
            + le32(start) + le16(0)
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
