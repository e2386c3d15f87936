import Foundation
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// `XLSXWriter`: what it writes, the workbook reader reads back cell for cell.
@Suite struct WorkbookWritingTests {
    @Test func cellsComeBackAsWritten() throws {
        let workbook = Workbook(sheets: [
            Sheet(
                name: "survey",
                rows: [
                    Sheet.Row(number: 1, cells: [Sheet.Cell(column: 1, text: "type"), Sheet.Cell(column: 27, text: "AA")]),
                    Sheet.Row(
                        number: 4,
                        cells: [
                            Sheet.Cell(column: 1, text: "a & b < c > \"d\" 'e'"),
                            Sheet.Cell(column: 2, text: "line\r\nbreak\ttab"),
                            Sheet.Cell(column: 3, text: "Фамилия 🙂 ${x}"),
                            Sheet.Cell(column: 4, text: "  spaces kept  "),
                        ]),
                ]),
            Sheet(name: "settings", rows: [Sheet.Row(number: 1, cells: [Sheet.Cell(column: 2, text: "form_id")])]),
        ])
        let bytes = try XLSXWriter.write(workbook)
        #expect(XLSXReader.looksLikeZIP(bytes))
        expectEqual(try XLSXReader().read(bytes), workbook)
        // The same workbook, the same bytes.
        expectEqual(try XLSXWriter.write(workbook), bytes)
    }

    @Test func aTextXMLCannotCarryIsRefusedAtItsCell() throws {
        let workbook = Workbook(sheets: [
            Sheet(name: "survey", rows: [Sheet.Row(number: 2, cells: [Sheet.Cell(column: 3, text: "bell\u{7}")])])
        ])
        #expect(throws: WorkbookError("survey!C2: the character U+7 cannot be written in an .xlsx workbook")) {
            try XLSXWriter.write(workbook)
        }
    }

    @Test func aSheetNameExcelRefusesIsRefused() throws {
        let workbook = Workbook(sheets: [Sheet(name: "a/b", rows: [])])
        #expect(throws: WorkbookError("'a/b' cannot be a sheet's name (1 to 31 characters, none of []:*?/\\)")) {
            try XLSXWriter.write(workbook)
        }
    }
}
