import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck mask` with the toolkit: alternatives, classes, digits of other scripts, the caret.
extension CLITests {
    @Test func maskAlternativesAndClasses() throws {
        let phones = try rulecheck(["mask", "+7 (000) 000-00-00", "--or", "8 (000) 000-00-00", "89161234567", "9161234567"])
        expectEqual(phones.status, 0)
        expectEqual(phones.stdout, "8 (916) 123-45-67\t9161234567\tcomplete\t1\n+7 (916) 123-45-67\t9161234567\tcomplete\t0\n")

        let plates = try rulecheck([
            "mask", "R 000 RR 00[0]", "--class", "R=АВЕКМНОРСТУХ", "--case", "upper",
            "а123вс777", "б123вс77",
        ])
        expectEqual(plates.stdout, "А 123 ВС 777\tА123ВС777\tcomplete\n\t\tinvalid\n")

        let kept = try rulecheck(["mask", "+{7} (000) 000-00-00", "۹۱۶۱۲۳۴۵۶۷", "--regex"])
        #expect(
            kept.stdout == #"^\+7\ \([0-9][0-9][0-9]\)\ [0-9][0-9][0-9]\-[0-9][0-9]\-[0-9][0-9]$"#
                + "\n+7 (916) 123-45-67\t79161234567\tcomplete\n")

        let ascii = try rulecheck(["mask", "00", "--ascii-digits", "١٢"])
        expectEqual(ascii.stdout, "\t\tinvalid\n")
    }

    @Test func maskCaretInJSON() throws {
        let run = try rulecheck(["mask", "+7 (000) 000-00-00", "--caret", "4", "9161", "--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = json?["results"] as? [[String: Any]]
        expectEqual(results?.first?["caret"] as? Int, 10)
        expectEqual(results?.first?["text"] as? String, "+7 (916) 1")
    }

    /// The JSON is written by the one JSON writer (sorted keys, no escaped slashes), byte for byte.
    @Test func maskJSONIsWrittenAsShown() throws {
        let run = try rulecheck(["mask", "00/00", "1234", "1", "--format", "json", "--regex"])
        expectEqual(run.status, 0)
        #expect(
            run.stdout
                == #"{"mask":"00/00","regex":"^[0-9][0-9]\\/[0-9][0-9]$","results":[{"input":"1234","raw":"1234","state":"complete","text":"12/34"},{"input":"1","raw":"1","state":"partial","text":"1"}]}"#
                + "\n")
    }

    @Test func maskBadClassIsAValidationError() throws {
        let run = try rulecheck(["mask", "R0", "--class", "R=z-a", "1"])
        #expect(run.status == 2)  // ArgumentParser's exit status for a usage error
        #expect(run.stderr.hasPrefix("Error: --class R=z-a: character class range ends before it starts\n"))
    }
}
