@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The items keywords as each dialect has them, `contains` with its bounds, `uniqueItems`.
@Suite("JSON Schema evaluator: arrays")
struct SchemaArrayKeywordTests {
    @Test(arguments: [
        // Before 2020-12: `items` as an array is a tuple, `additionalItems` the rest.
        (SchemaDialect.draft7, #"{"items": [{"type": "integer"}], "additionalItems": false}"#, "[1]", true),
        (.draft7, #"{"items": [{"type": "integer"}], "additionalItems": false}"#, "[1, 2]", false),
        (.draft7, #"{"items": {"type": "integer"}, "additionalItems": false}"#, "[1, 2]", true),
        (.draft2019_09, #"{"items": [{"type": "integer"}], "additionalItems": {"type": "string"}}"#, #"[1, "a"]"#, true),
        (.draft2019_09, #"{"items": [{"type": "integer"}], "additionalItems": {"type": "string"}}"#, "[1, 2]", false),
        // 2020-12: `prefixItems` and `items`; `additionalItems` is an unknown keyword.
        (.draft2020_12, #"{"prefixItems": [{"type": "integer"}], "items": false}"#, "[1, 2]", false),
        (.draft2020_12, #"{"prefixItems": [{"type": "integer"}], "additionalItems": false}"#, "[1, 2]", true),
        (.draft2020_12, #"{"items": {"type": "integer"}}"#, #"[1, "a"]"#, false),
        (.draft2020_12, #"{"minItems": 2, "maxItems": 3}"#, "[1]", false),
        (.draft2020_12, #"{"minItems": 2, "maxItems": 3}"#, "[1, 2, 3]", true),
        (.draft2020_12, #"{"uniqueItems": true}"#, "[1, 1.0]", false),
        (.draft2020_12, #"{"uniqueItems": true}"#, #"[{"a": 1}, {"a": 2}]"#, true),
        (.draft2020_12, #"{"uniqueItems": true}"#, "[[1], [true]]", true),
        (.draft2020_12, #"{"uniqueItems": false}"#, "[1, 1]", true),
        // contains, minContains, maxContains (the bounds from 2019-09).
        (.draft6, #"{"contains": {"const": 1}}"#, "[2, 3]", false),
        (.draft6, #"{"contains": {"const": 1}, "minContains": 2}"#, "[1]", true),
        (.draft2019_09, #"{"contains": {"const": 1}, "minContains": 2}"#, "[1]", false),
        (.draft2020_12, #"{"contains": {"const": 1}, "maxContains": 1}"#, "[1, 1]", false),
        (.draft2020_12, #"{"contains": {"const": 1}, "minContains": 0}"#, "[]", true),
        (.draft4, #"{"contains": {"const": 1}}"#, "[2]", true),
    ])
    func items(_ dialect: SchemaDialect, _ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance, dialect: dialect), valid)
    }

    @Test func itemFailuresAreAtTheItems() throws {
        let schema = #"{"prefixItems": [{"type": "integer"}], "items": false, "uniqueItems": true}"#
        expectEqual(
            try EvaluatorTest.failures(schema, #"["a", 2, 2]"#), [": /uniqueItems", "/0: /prefixItems/0/type", "/1: /items", "/2: /items"])
        let failures = try EvaluatorTest.evaluator(schema).failures(EvaluatorTest.value(#"["a", 2, 2]"#))
        expectEqual(
            failures.map(\.kind),
            [.uniqueItems(first: 1, second: 2), .type(expected: ["integer"], actual: "string"), .additionalItem(1), .additionalItem(2)])
        expectEqual(
            try EvaluatorTest.failures(#"{"items": [true], "additionalItems": {"maximum": 0}}"#, "[5, 6, 7]", dialect: .draft7),
            ["/1: /additionalItems/maximum", "/2: /additionalItems/maximum"])
    }

    @Test func containsReportsItsOwnFailureWithTheCount() throws {
        let evaluator = try EvaluatorTest.evaluator(#"{"contains": {"type": "string"}, "minContains": 2, "maxContains": 3}"#)
        let few = evaluator.failures(try EvaluatorTest.value(#"["a", 1, 2]"#))
        expectEqual(few.map(EvaluatorTest.summary), [": /minContains"])
        expectEqual(few.map(\.kind), [.contains(minimum: 2, maximum: 3, matches: 1)])
        expectEqual(few.map(\.message), ["must contain at least 2 matching items, not 1"])
        let many = evaluator.failures(try EvaluatorTest.value(#"["a", "b", "c", "d"]"#))
        expectEqual(many.map(EvaluatorTest.summary), [": /maxContains"])
        expectEqual(many.map(\.message), ["must contain at most 3 matching items, not 4"])
    }
}
