import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What an app reads from an edit's ChangeSet, compares and hashes, written out by hand; and a
/// ChangeSet is a value: a copy never sees another copy's changes. (Written for a ChangeSet that
/// built its dictionaries when first read, issue 25; that design did not pay and was reverted,
/// and these tests hold for any way of building it.)
@Suite("ChangeSet: what an app reads, compares and hashes")
struct ChangeSetTests {
    static let yaml = """
        form: f
        fields:
          - {id: switch, type: bool}
          - {id: a, type: text, visible_if: switch, required: true}
          - {id: b, type: text, visible_if: switch, required: true}
          - {id: c, type: text, max_length: 2}
        """

    /// The form with `switch` set to true: `a` and `b` appear, required and empty, so the form's
    /// one section (`main`) is no longer complete.
    private func switchedOn() throws -> ChangeSet {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "f.yaml"), today: Fixtures.today)
        return try form.set("switch", to: true)
    }

    /// What the edit changed, written out.
    private func expected() -> ChangeSet {
        var changes = ChangeSet()
        changes.values = ["switch": .some(true)]
        changes.visible = ["a": true, "b": true]
        changes.required = ["a": true, "b": true]
        changes.sections = ["main": false]  // the form's one section: now incomplete
        changes.issues = [
            "a": [FieldIssue(code: .required, message: "a is required", rule: "required: true")],
            "b": [FieldIssue(code: .required, message: "b is required", rule: "required: true")],
        ]
        return changes
    }

    @Test func everyDictionaryReadsWhatTheEditChanged() throws {
        let changes = try switchedOn()
        expectEqual(changes.visible, ["a": true, "b": true])
        expectEqual(changes.required, ["a": true, "b": true])
        expectEqual(changes.values, ["switch": .some(true)])
        expectEqual(changes.issues.mapValues { $0.map(\.code) }, ["a": [.required], "b": [.required]])
        #expect(changes.enabled.isEmpty && changes.shownIssues.isEmpty && changes.interaction.isEmpty)
        #expect(changes.visible == ["a": true, "b": true])  // read again: the same
        #expect(!changes.isEmpty)
    }

    @Test func equalAndHashedAsTheSameDictionariesWrittenOut() throws {
        let expected = expected()
        let recorded = try switchedOn()
        expectEqual(recorded.issues.mapValues { $0.map(\.message) }, expected.issues.mapValues { $0.map(\.message) })
        expectEqual(recorded, expected)
        expectEqual(recorded.hashValue, expected.hashValue)
        // Equal whichever of the two was read first.
        let unread = try switchedOn()
        expectEqual(expected, unread)
        #expect(Set([try switchedOn(), expected]).count == 1)
    }

    @Test func aCopyDoesNotSeeTheOthersChanges() throws {
        let original = try switchedOn()
        var copy = original
        copy.visible["c"] = false
        copy.values = [:]
        expectEqual(original.visible, ["a": true, "b": true])
        expectEqual(original.values, ["switch": .some(true)])
        expectEqual(copy.visible, ["a": true, "b": true, "c": false])
        #expect(copy.values.isEmpty)
        expectEqual(copy.required, ["a": true, "b": true])
        #expect(copy != original)

        // A copy made after a read: the same.
        var read = try switchedOn()
        _ = read.required
        let before = read
        read.required = [:]
        expectEqual(before.required, ["a": true, "b": true])
        #expect(read.required.isEmpty && read.visible == ["a": true, "b": true])
    }

    @Test func emptyOnceEveryDictionaryIsEmptied() throws {
        var changes = try switchedOn()
        changes.values = [:]
        changes.visible = [:]
        changes.required = [:]
        #expect(!changes.isEmpty)
        changes.issues = [:]
        #expect(!changes.isEmpty)  // the section is still incomplete
        changes.sections = [:]
        #expect(changes.isEmpty)
        expectEqual(changes, ChangeSet())
    }

    /// One ChangeSet read from many tasks at once, none having read it before: each builds or
    /// finds the same dictionaries.
    @Test func readFromManyTasksAtOnce() async throws {
        let shared = try switchedOn()
        let expected = expected()
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    switch task % 4 {
                    case 0: shared.visible == expected.visible
                    case 1: shared.required == expected.required
                    case 2: shared.issues == expected.issues
                    default: shared == expected
                    }
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        expectEqual(results, Array(repeating: true, count: 16))
    }
}
