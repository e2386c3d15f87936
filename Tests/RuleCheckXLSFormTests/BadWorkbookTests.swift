import Foundation
import RuleCheck
import RuleCheckXLSForm
import Testing
import _RuleCheckTestSupport

/// Workbooks broken on purpose: each a clear error, never a crash.
@Suite struct BadWorkbookTests {
    func readError(_ bytes: [UInt8], _ reader: XLSXReader = XLSXReader()) -> String? {
        do {
            _ = try reader.read(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func notAZIP() throws {
        #expect(readError(try fixture("not-a-zip.xlsx")) == "not a ZIP archive, which an .xlsx workbook is (no end of central directory)")
    }

    @Test func aSheetPartMissing() throws {
        #expect(
            readError(try fixture("missing-sheet.xlsx")) == "the sheet 'survey' is missing from the workbook (xl/worksheets/sheet1.xml)")
    }

    @Test func aPartThatInflatesPastTheBound() throws {
        var reader = XLSXReader()
        reader.maxPartBytes = 1 << 20
        #expect(
            readError(try fixture("bomb.xlsx"), reader)
                == "xl/sharedStrings.xml inflates to more than 1048576 bytes; the workbook is not read")
        reader.maxPartBytes = 64 << 20
        reader.maxTotalBytes = 2 << 20
        #expect(readError(try fixture("bomb.xlsx"), reader) == "the workbook inflates to more than 2097152 bytes; it is not read")
        // Within the default bounds it is read.
        #expect(readError(try fixture("bomb.xlsx")) == nil)
    }

    @Test func tooManyParts() throws {
        var reader = XLSXReader()
        reader.maxEntries = 20
        #expect(readError(try fixture("many-parts.xlsx"), reader) == "the workbook has more than 20 parts; it is not read")
    }

    @Test func aDTDIsRefused() throws {
        #expect(
            readError(try fixture("entities.xlsx")) == "xl/sharedStrings.xml declares a DTD, which no workbook part has; it is not read")
    }

    @Test func noSurveySheet() throws {
        #expect(throws: RulesError.self) { try XLSFormTranslator().translate(fixture("no-survey.xlsx"), name: "f.xlsx") }
        do {
            _ = try XLSFormTranslator().translate(fixture("no-survey.xlsx"), name: "f.xlsx")
        } catch let error as RulesError {
            #expect(error.description == "f.xlsx: error: the workbook has no 'survey' sheet (its sheets: Sheet1) [RC8001]")
        }
    }

    @Test func anUnclosedGroupIsAnErrorAtItsRow() throws {
        do {
            _ = try XLSFormTranslator().translate(fixture("unclosed-group.xlsx"), name: "f.xlsx")
            Issue.record("an unclosed group was accepted")
        } catch let error as RulesError {
            #expect(error.description == "f.xlsx:2:1: error: survey!A2: the group 'g' is never closed (end group) [RC8001]")
        }
    }

    @Test func anOldXLSWorkbookIsNamedAsSuch() {
        let ole: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 64)
        do {
            _ = try XLSFormTranslator().translate(ole, name: "old.xls")
            Issue.record("an .xls workbook was accepted")
        } catch {
            #expect(
                error.description
                    == "old.xls: error: cannot read the XLSForm: an .xls workbook (Excel 97-2003) is not read; save it as .xlsx [RC1001]")
        }
    }

    /// Truncated and corrupted copies of a good workbook (seeded): each an error or rules, never a crash.
    @Test func corruptedWorkbooksNeverCrash() throws {
        let good = try fixture("household.xlsx")
        var generator = SeededBytes(seed: 40)
        var refused = 0
        for round in 0..<60 {
            var bytes = good
            if round < 20 {
                bytes = Array(bytes.prefix(round * bytes.count / 20))
            } else {
                for _ in 0..<(1 + round % 8) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            do {
                _ = try XLSFormTranslator().translate(bytes, name: "corrupt.xlsx")
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        // Every truncated copy is refused (a ZIP's directory is at its end).
        #expect(refused >= 20)
    }
}

/// SplitMix64: the same bytes for the same seed.
struct SeededBytes {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
