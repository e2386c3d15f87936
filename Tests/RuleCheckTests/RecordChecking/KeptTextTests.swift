@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A text that no expression reads as text stays the bytes the record wrote (``RecordKeys/keepsBytes``):
/// the value table holds nothing for it, and every reader of the slots learns from the slot's
/// state (``WrittenText/keptBytes(_:)``) that it is there — the expressions' `x != null`,
/// `required`, `depends_on`, a group's emptiness — while a rule or a message reads its bytes.
@Suite("Texts kept as bytes")
struct KeptTextTests {
    static let yaml = """
        defaults:
          hidden_values: clear
        fields:
          - id: flag
            type: bool
          - id: note
            type: text
            max_length: 5
            message: 'note is "{value}"'
          - id: asked
            type: text
            required: note != null
          - id: both
            type: text
            required: note != null and flag == true
          - id: child
            type: text
            depends_on: [note]
          - id: blank
            type: bool
            value: empty(note)
          - id: card
            type: group
            required: true
            fields:
              - id: holder
                type: text
                pattern: '[A-Z]+'
          - id: hidden
            type: text
            visible_if: flag == true
          - id: after
            type: text
            required: hidden != null
        """

    private static func checker() throws -> RecordChecker {
        RecordChecker(try RuleSet(yaml: yaml, source: "kept.yaml"), today: Fixtures.today)
    }

    private static let header = ["flag", "note", "asked", "both", "child", "blank", "card.holder", "hidden", "after"]

    /// A CSV record's texts (the cells read from bytes) and the same record as texts by key.
    private static func bothWays(_ record: [String: String]) throws -> (cells: [String], texts: [String]) {
        let checker = try checker()
        let columns = checker.columns(header)
        let cells = checker.check(cells: header.map { record[$0] ?? "" }, columns: columns)
        let texts = checker.check(record.filter { !$0.value.isEmpty })
        func lines(_ violations: [Violation]) -> [String] {
            violations.map { "\($0.field) \($0.code): \($0.message)" }
        }
        return (lines(cells), lines(texts))
    }

    @Test func theValueTableHoldsNothingForAKeptText() throws {
        let checker = try Self.checker()
        let rules = checker.rules
        let note = try #require(rules.field("note")).id
        let holder = try #require(rules.field("card.holder")).id
        #expect(checker.keys.keepsBytes[note.index] && checker.keys.keepsBytes[holder.index])
        let cells = ["true", "hello", "x", "y", "z", "false", "ABC", "", ""]
        var evaluator = RecordEvaluator(checker: checker)
        var arena: [UInt8] = []
        var spans: [Range<Int>] = []
        for cell in cells {
            let start = arena.count
            arena.append(contentsOf: cell.utf8)
            spans.append(start..<arena.count)
        }
        let violations = arena.withUnsafeBufferPointer {
            evaluator.check(cells: spans, in: $0, columns: checker.columns(Self.header))
        }
        #expect(violations.isEmpty)
        expectEqual(evaluator.written[Slot(note)], .keptBytes(spans[1]))
        expectEqual(evaluator.written[Slot(holder)], .keptBytes(spans[6]))
        // No placeholder value: the slot's state says that the text is there.
        expectEqual(evaluator.values[Slot(note)], nil)
        expectEqual(evaluator.values[Slot(holder)], nil)
        // Every reader of the slots sees the text: there, with its own text as its value.
        let seen = arena.withUnsafeBufferPointer { buffer in
            evaluator.written.withKeptTexts(in: buffer) { kept in
                evaluator.values.withContext(Slot(note), today: Fixtures.today, numbers: nil, kept: kept) { context in
                    (context.hasValue(note), context.value(of: note), context.value(of: holder), context.hasValue(holder))
                }
            }
        }
        #expect(seen.0 && seen.3)
        expectEqual(seen.1, .text("hello"))
        expectEqual(seen.2, .text("ABC"))
    }

    /// A kept text is there for `x != null` (by shape and inside a larger expression),
    /// `required`, `depends_on`, `empty()` and its group's emptiness; its message shows the text.
    @Test func aKeptTextIsPresentForEveryReader() throws {
        let given = try Self.bothWays(["flag": "true", "note": "toolong", "blank": "true", "card.holder": "abc"])
        let expected = [
            "note max_length: note is \"toolong\"",
            "asked required: asked is required",
            "both required: both is required",
            "blank computed: blank is 'true' but the rules compute 'false'",
            "card.holder pattern: holder has the wrong format",
        ]
        expectEqual(given.cells, expected)
        expectEqual(given.texts, expected)
        let empty = try Self.bothWays(["flag": "true", "child": "c", "blank": "false"])
        let expectedEmpty = [
            "child orphan: child has a value but note is empty",
            "blank computed: blank is 'false' but the rules compute 'true'",
            "card required: card is required",
        ]
        expectEqual(empty.cells, expectedEmpty)
        expectEqual(empty.texts, expectedEmpty)
    }

    /// Under `hidden_values: clear` a hidden kept text counts as empty for the fields after it.
    @Test func aHiddenKeptTextIsClearedForTheFieldsAfterIt() throws {
        let given = try Self.bothWays(["flag": "false", "note": "n", "asked": "a", "blank": "false", "card.holder": "AB", "hidden": "h"])
        let expected = ["hidden hidden_value: hidden has a value but is hidden"]
        expectEqual(given.cells, expected)
        expectEqual(given.texts, expected)
        let shown = try Self.bothWays([
            "flag": "true", "note": "n", "asked": "a", "both": "b", "blank": "false", "card.holder": "AB", "hidden": "h",
        ])
        expectEqual(shown.cells, ["after required: after is required"])
        expectEqual(shown.texts, shown.cells)
    }

    /// JSON Lines read from their bytes keep texts as CSV cells do, items' texts included.
    @Test func jsonBytesKeepTextsToo() throws {
        let checker = try Self.checker()
        let line = #"{"flag": true, "note": "toolong", "blank": true, "hidden": "h", "after": "a", "asked": "x", "both": "y"}"#
        let session = checker.session()
        let fromBytes = Array(line.utf8).withUnsafeBufferPointer { session.check(json: $0, maxDepth: 64) }
        let object = try #require(try JSONParser().parse(line).object)
        let fromValues = checker.check(json: object).violations
        expectEqual(fromBytes?.map(\.code), [.maxLength, .computed, .required])
        expectEqual(fromBytes, fromValues)
    }
}
