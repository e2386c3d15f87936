@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What one field of a rules document costs in memory, and that the smaller representation still
/// says where everything was written. At 100,000 fields every byte of a ``FieldSpec`` is 100 kB
/// of a compile's peak memory (issue 25: under 300 MB at 100,000 fields).
@Suite("Rules document size")
struct RulesDocumentSizeTests {
    /// A field has a dozen optional scalars (`pattern`, `visible_if`, `min`, …), nearly all of
    /// them absent: each is as large as the scalar, written or not.
    @Test func anOptionalScalarIsAtMost48Bytes() {
        #expect(MemoryLayout<ScalarText?>.stride <= 48)
        #expect(MemoryLayout<ScalarLocator>.size <= 25)
    }

    /// The keys few fields write are out of line (1.8 KB a field when every key was inline).
    @Test func aFieldSpecIsUnderAKilobyte() {
        #expect(MemoryLayout<FieldSpec>.stride < 1024)
    }

    /// A key kept out of line reads back as written, and setting it in one copy of a field leaves
    /// the other copies as they were.
    @Test func outOfLineKeysAreValues() {
        let here = FileLocation(file: "t.yaml", line: 3, column: 5)
        var field = FieldSpec(id: Located(value: "a", location: here), location: here)
        #expect(field.letters == nil && field.uniqueBy.isEmpty)
        let copy = field
        field.letters = Located(value: "arabic_variants", location: here)
        field.uniqueBy.append(Located(value: "vin", location: here))
        #expect(field.letters?.value == "arabic_variants" && field.uniqueBy.map(\.value) == ["vin"])
        #expect(copy.letters == nil && copy.uniqueBy.isEmpty)
        let other = FieldSpec(id: Located(value: "b", location: here), location: here)
        #expect(other.letters == nil && other.uniqueBy.isEmpty)
    }

    /// The locator keeps its start's line and column in 32 bits each and takes its file from the
    /// source: the location and the places inside the scalar are those written.
    @Test func aScalarStillSaysWhereItIs() throws {
        let yaml = "form: t\nfields:\n  - id: a\n    pattern: '^a+$'\n    visible_if: \"b == 'x'\"\n  - id: b\n"
        let document = try ParsedRules.document(yaml, name: "rules/t.yaml")
        let field = try #require(document.sections.first?.fields.first)
        let pattern = try #require(field.pattern)
        expectEqual(pattern.location, FileLocation(file: "rules/t.yaml", line: 4, column: 14))
        #expect(pattern.isQuoted && pattern.text == "^a+$")
        let visible = try #require(field.visibleIf)
        expectEqual(visible.location, FileLocation(file: "rules/t.yaml", line: 5, column: 17))
        // 'x' inside the double-quoted scalar: column 17 is the quote, `b` is 18, `'` of 'x' is 23.
        expectEqual(visible.location(of: 5), FileLocation(file: "rules/t.yaml", line: 5, column: 23))
    }

    /// A location far along one line (a minified JSON file is one line) keeps its column.
    @Test func aColumnPast65535IsKept() throws {
        let padding = String(repeating: " ", count: 70_000)
        let json = "{\"form\": \"t\", \"fields\": [\(padding){\"id\": \"a\", \"pattern\": \"^a$\"}]}"
        let document = try ParsedRules.document(json, name: "t.json")
        let pattern = try #require(document.sections.first?.fields.first?.pattern)
        let column = json.utf8.count - "\"^a$\"}]}".utf8.count + 1
        expectEqual(pattern.location, FileLocation(file: "t.json", line: 1, column: column))
    }
}
