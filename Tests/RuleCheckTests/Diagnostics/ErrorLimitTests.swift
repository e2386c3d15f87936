import Testing
import _RuleCheckTestSupport
@testable import RuleCheck

/// A rules file with thousands of errors: 10,000 `visible_if`s naming an unknown field took 63 s
/// to lint (each looked for a did-you-mean among every field, and each snippet decoded the whole
/// one-line minified file) and printed 29,997 lines. Errors are capped as compilers cap theirs,
/// with the exact number of the others; only the errors shown look for a suggestion.
@Suite("Error limit")
struct ErrorLimitTests {
    /// `fields` fields on one line; each but the first has a `visible_if` naming `nope`.
    static func unknownNames(fields: Int) -> String {
        var text = #"{"form":"t","fields":[{"id":"f0","type":"bool"}"#
        for index in 1..<fields {
            text += #",{"id":"f\#(index)","type":"text","visible_if":"f0 and nope != \"x\""}"#
        }
        return text + "]}"
    }

    @Test func manyErrorsAreCappedAndTheRestCounted() throws {
        let text = Self.unknownNames(fields: 3_000)
        let scanned = SourceText.ScanCounter()
        let compared = SourceText.ScanCounter()
        let error = try #require(throws: RulesError.self) {
            try SourceText.$scanCounter.withValue(scanned) {
                try NearMiss.$comparisons.withValue(compared) {
                    try RuleSet(yaml: text, source: "t.json")
                }
            }
        }
        expectEqual(error.errors.count, RulesError.shownErrorLimit)
        expectEqual(error.diagnostics.count, 100)
        expectEqual(error.omittedErrors, 2_999 - 100)
        let first = try #require(error.errors.first)
        expectEqual(first.message, "unknown field 'nope'")
        let column = text.split(separator: "nope", maxSplits: 1)[0].count + 1  // ASCII: a column a character
        expectEqual(first.location, FileLocation(file: "t.json", line: 1, column: column))
        expectEqual(first.snippet?.hasPrefix("    …"), true)
        let lines = error.description.split(separator: "\n")
        expectEqual(lines.count, 100 * 3 + 1)
        expectEqual(lines.last, "note: 2899 more errors were found and are not shown (the first 100 are)")
        #if DEBUG
        // Each byte looked at a bounded number of times, whatever the number of errors; names
        // compared for a suggestion only for the errors shown.
        #expect(scanned.bytes <= 2 * text.utf8.count, "\(scanned.bytes) bytes looked at for \(text.utf8.count)")
        #expect(compared.bytes > 0)
        #expect(compared.bytes <= 100 * 3_000, "\(compared.bytes) names compared")
        #endif
    }

    @Test func oneErrorMoreThanTheLimitIsCountedInTheSingular() throws {
        let error = try #require(throws: RulesError.self) {
            try RuleSet(yaml: Self.unknownNames(fields: 102), source: "t.json")
        }
        expectEqual(error.errors.count, 100)
        expectEqual(error.omittedErrors, 1)
        #expect(error.description.hasSuffix("\nnote: 1 more error was found and is not shown (the first 100 are)"))
    }

    @Test func errorsUpToTheLimitAreAllShown() throws {
        let error = try #require(throws: RulesError.self) {
            try RuleSet(yaml: Self.unknownNames(fields: 101), source: "t.json")
        }
        expectEqual(error.errors.count, 100)
        expectEqual(error.omittedErrors, 0)
        #expect(!error.description.contains("not shown"))
        #expect(error.errors.allSatisfy { $0.message == "unknown field 'nope'" })
    }

    /// The snippet read around the column is the one cut from the whole line.
    @Test(arguments: [1, 5, 9, 10, 11, 50, 109, 110, 111, 112, 500, 1_000, 1_001, 1_002, 1_003, 1_050])
    func aSnippetReadAroundTheColumnIsTheOneCutFromTheWholeLine(_ column: Int) throws {
        let line = (0..<1_000).map { index in ["a", "é", "\u{1B}", "\t", "日", "🙂"][index * 7 % 6] }.joined()
        let source = SourceText(name: "t", text: "first\n" + line + "\r\nlast")
        let whole = VisibleText.excerpt(Substring(line), column: column)
        let read = try #require(source.excerpt(line: 2, column: column))
        expectEqual(read.text, whole.text)
        expectEqual(read.caretPad, whole.caretPad)
    }
}
