import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Issue 38, item 8: arithmetic past the range of a `Double` (about ±1.8 × 10³⁰⁸) is an
/// `overflow` finding of the rule that computes it — never a silent null that a `max` lets
/// through, or that a computed field's message calls "its inputs are empty". Division by zero
/// stays null, as documented.
@Suite("Arithmetic overflow")
struct ArithmeticOverflowTests {
    static let yaml = """
        form: o
        fields:
          - id: items
            type: list
            item:
              - {id: x, type: number}
          - id: total
            type: number
            value: sum(items.x)
            max: 1000
          - id: y
            type: number
            checks:
              - expr: y * 2 > 0
          - id: half
            type: number
            value: y / 0
        """

    static let huge = "1" + String(repeating: "0", count: 308)

    private func check(_ record: JSONObject) throws -> [String] {
        let checker = RecordChecker(try RuleSet(yaml: Self.yaml, source: "o.yaml"), today: Fixtures.today)
        return checker.check(json: record).violations.map { "\($0.field) \($0.code): \($0.message)" }
    }

    @Test func aSumPastTheRangeIsAFinding() throws {
        let items: JSONValue = .array([.object(["x": .number(1e308)]), .object(["x": .number(1e308)])])
        expectEqual(
            try check(["items": items]),
            ["total overflow: total: the arithmetic of value: sum(items.x) goes beyond the range of numbers"])
        // The record writes a total: the rules compute none they can tell, so only the overflow is said.
        expectEqual(
            try check(["items": items, "total": .number(1e308)]),
            ["total overflow: total: the arithmetic of value: sum(items.x) goes beyond the range of numbers"])
        // Within the range, as before: the total is over its max.
        let small: JSONValue = .array([.object(["x": .number(600)]), .object(["x": .number(600)])])
        expectEqual(try check(["items": small, "total": .number(1200)]), ["total max: total must be at most 1000"])
    }

    @Test func aProductPastTheRangeIsAFinding() throws {
        expectEqual(
            try check(["y": .number(1e308)]),
            [
                "y overflow: y: the arithmetic of expr: y * 2 > 0 goes beyond the range of numbers",
                "y check: y has a value that is not accepted",
            ])
        expectEqual(try check(["y": .number(1e307)]), [])
        // Division by zero is null, not an overflow.
        expectEqual(try check(["y": .number(5)]), [])
    }

    /// Typing into a form: the same finding, on the field whose rule overflowed.
    @Test func aFormSaysItToo() throws {
        var form = Form(try RuleSet(yaml: Self.yaml, source: "o.yaml"), today: Fixtures.today)
        try form.set("y", text: Self.huge)
        expectEqual(form["y"].issues.map(\.code), [.overflow, .check])
        try form.set("y", text: "7")
        expectEqual(form["y"].issues.map(\.code), [])
        for _ in 0..<2 { try form.append("items") }
        try form.set("items[0].x", text: Self.huge)
        try form.set("items[1].x", text: Self.huge)
        expectEqual(form["total"].issues.map(\.code), [.overflow])
        expectEqual(form["total"].value, nil)
        try form.set("items[1].x", text: "-" + Self.huge)
        expectEqual(form["total"].issues.map(\.code), [])
        expectEqual(form["total"].value, .number(0))
    }
}
