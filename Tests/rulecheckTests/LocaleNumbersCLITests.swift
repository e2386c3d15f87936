import Foundation
import Testing
import _RuleCheckTestSupport

/// Numbers written as each locale writes them, through `check` (a `;`-separated spreadsheet
/// export, by `--locale` or the rules' `defaults.locale`) and `replay` (typed text).
extension CLITests {
    static let amountRules = """
        form: n
        fields:
          - id: amount
            type: number
            checks:
              - expr: amount == expected
          - id: expected
            type: number
        """

    /// Per locale: cells as a spreadsheet of that locale exports them, and the plain number.
    static let localeCells: [(String, [(String, String)])] = [
        ("en", [("1,200.5", "1200.5"), ("12.5", "12.5")]),
        ("ru", [("12,5", "12.5"), ("1\u{A0}200,5", "1200.5"), ("1 200", "1200")]),
        ("fr", [("12,5", "12.5"), ("1\u{202F}200", "1200"), ("1\u{A0}200,25", "1200.25")]),
        ("de", [("12,5", "12.5"), ("1.200,5", "1200.5"), ("1.200", "1200")]),
        ("es", [("12,5", "12.5"), ("1.000.000,5", "1000000.5")]),
        ("fa", [("۱۲٫۵", "12.5"), ("۵۰۰٬۰۰۰", "500000"), ("\u{200E}−۱۰٫۵", "-10.5")]),
        ("zh-Hans", [("1,200.5", "1200.5"), ("１２.５", "12.5")]),
        ("ar", [("١٢٫٥", "12.5"), ("١٬٢٠٠", "1200")]),
    ]

    @Test(arguments: localeCells)
    func aSpreadsheetExportIsCheckedInItsLocale(_ locale: String, _ cells: [(String, String)]) throws {
        let rules = try temporary(Self.amountRules, "yaml")
        let csv = try temporary("amount;expected\n" + cells.map { "\($0.0);\($0.1)\n" }.joined(), "csv")
        let run = try rulecheck(["check", "--rules", rules, csv, "--delimiter", ";", "--locale", locale, "--format", "jsonl"])
        expectEqual(
            run.stdout,
            #"{"summary":{"errors":0,"files":1,"invalid":0,"records":\#(cells.count),"valid":\#(cells.count),"warnings":0}}"# + "\n")
        expectEqual(run.status, 0)
        // The rules' own locale reads them the same.
        let own = try temporary("form: n\ndefaults: {locale: \(locale)}\n" + Self.amountRules.dropFirst("form: n\n".count), "yaml")
        let byDefault = try rulecheck(["check", "--rules", own, csv, "--delimiter", ";", "--format", "jsonl"])
        expectEqual(byDefault.status, 0)
        expectEqual(byDefault.stdout, run.stdout)
        // Typed in replay, each is its number.
        let edits = cells.map { #"{"type": "amount", "text": "\#($0.0)"}"# + "\n" }.joined()
        let replay = try rulecheck(["replay", rules, try temporary(edits, "jsonl"), "--locale", locale])
        expectEqual(replay.status, 0)
        let values = replay.stdout.split(separator: "\n").map { line -> String in
            let change = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return ((change?["values"] as? [String: Any])?["amount"] as? NSNumber)?.stringValue ?? "?"
        }
        expectEqual(values, cells.map { $0.1 })
    }

    /// With no locale, `1,200` is a `type` violation saying why, never 1200 or 1.2.
    @Test func withoutALocaleACellWithACommaIsAFinding() throws {
        let rules = try temporary(Self.amountRules, "yaml")
        let csv = try temporary("amount,expected\n\"1,200\",1200\n", "csv")
        let run = try rulecheck(["check", "--rules", rules, csv, "--format", "jsonl"])
        expectEqual(run.status, 1)
        #expect(run.stdout.contains(#""code":"type","field":"amount""#))
        #expect(run.stdout.contains("no locale is given to read a comma or a space in it"))
        let english = try rulecheck(["check", "--rules", rules, csv, "--format", "jsonl", "--locale", "en"])
        expectEqual(english.status, 0)
    }
}
