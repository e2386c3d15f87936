import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A snapshot is read and written as `JSONValue` directly (issue 23 item 2): no detour through
/// `JSONEncoder`'s text and back, and nothing lost on the way.
@Suite struct FormSnapshotJSONTests {
    static let rules = """
        form: crew
        fields:
          - id: kind
            type: choice
            options: [a, b]
          - id: note
            depends_on: [kind]
          - id: amount
            type: number
          - id: members
            type: list
            item:
              - id: name
        """

    /// The JSON the server and `replay` answer with is the JSON Foundation's encoder writes for
    /// the same snapshot (absent optionals left out, counts as numbers).
    @Test func theJSONIsWhatJSONEncoderWrites() throws {
        var form = Form(try RuleSet(yaml: Self.rules, source: "crew.yaml"), today: Day(iso: "2026-11-22")!)
        try form.set("kind", to: "a")
        try form.set("note", to: "first")
        try form.set("kind", to: "b")  // clears note: cause, parent and edit are written
        try form.set("amount", to: 12.5)
        try form.append("members")
        try form.set("members[0].name", to: "Ann")
        let encoded = try JSONParser().parse(Array(try JSONEncoder().encode(form.snapshot)))
        expectEqual(form.snapshot.json, encoded)
        expectEqual(
            form.snapshot.json["fields"]?["note"], ["source": "cleared", "cause": "depends_on", "parent": "kind", "edit": "set kind"])
        expectEqual(try FormSnapshot(json: form.snapshot.json), form.snapshot)
    }

    /// A number with more digits than a `Double` holds kept only its `Double` when read (the
    /// reader wrote the JSON out as text for `JSONDecoder`); it keeps its digits, as text, as the
    /// snapshot of such a value writes it.
    @Test func aNumberWithManyDigitsKeepsThem() throws {
        let json = try JSONParser().parse(
            #"{"form": "crew", "fields": {"amount": {"value": 12345678901234567890.5, "source": "user"}}, "items": {}}"#)
        let snapshot = try FormSnapshot(json: json)
        expectEqual(snapshot.fields["amount"]?.value, .string("12345678901234567890.5"))
        let form = try Form(try RuleSet(yaml: Self.rules, source: "crew.yaml"), snapshot: snapshot, today: Day(iso: "2026-11-22")!)
        expectEqual(form.displayText("amount"), "12345678901234567890.5")
    }
}
