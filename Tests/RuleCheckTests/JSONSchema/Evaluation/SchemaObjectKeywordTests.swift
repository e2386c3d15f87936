@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `required`, the member keywords, `propertyNames`, and `dependencies` before 2019-09 against
/// `dependentRequired`/`dependentSchemas` after; members exactly by code point.
@Suite("JSON Schema evaluator: objects")
struct SchemaObjectKeywordTests {
    @Test(arguments: [
        (SchemaDialect.draft2020_12, #"{"required": ["a", "b"]}"#, #"{"a": 1, "b": null}"#, true),
        (.draft2020_12, #"{"required": ["a", "b"]}"#, #"{"a": 1}"#, false),
        (.draft2020_12, #"{"required": ["\u00e9"]}"#, #"{"e\u0301": 1}"#, false),
        (.draft2020_12, #"{"properties": {"a": {"type": "string"}}}"#, #"{"a": 1}"#, false),
        (.draft2020_12, #"{"properties": {"a": {"type": "string"}}}"#, #"{"b": 1}"#, true),
        (.draft2020_12, #"{"patternProperties": {"^x-": {"type": "string"}}}"#, #"{"x-a": 1}"#, false),
        (.draft2020_12, #"{"patternProperties": {"^x-": {"type": "string"}}}"#, #"{"ax-": 1}"#, true),
        (
            .draft2020_12, #"{"properties": {"a": true}, "patternProperties": {"^b": true}, "additionalProperties": false}"#,
            #"{"a": 1, "bc": 2}"#, true
        ),
        (
            .draft2020_12, #"{"properties": {"a": true}, "patternProperties": {"^b": true}, "additionalProperties": false}"#, #"{"c": 1}"#,
            false
        ),
        (.draft2020_12, #"{"minProperties": 1, "maxProperties": 2}"#, "{}", false),
        (.draft2020_12, #"{"minProperties": 1, "maxProperties": 2}"#, #"{"a": 1, "b": 2, "c": 3}"#, false),
        (.draft2020_12, #"{"propertyNames": {"maxLength": 2}}"#, #"{"ab": 1}"#, true),
        (.draft2020_12, #"{"propertyNames": {"maxLength": 2}}"#, #"{"abc": 1}"#, false),
        (.draft2020_12, #"{"propertyNames": false}"#, "{}", true),
        (.draft4, #"{"propertyNames": false}"#, #"{"a": 1}"#, true),
        // dependencies (to draft-07) and its successors.
        (.draft7, #"{"dependencies": {"a": ["b"]}}"#, #"{"a": 1}"#, false),
        (.draft7, #"{"dependencies": {"a": {"required": ["b"]}}}"#, #"{"a": 1}"#, false),
        (.draft7, #"{"dependencies": {"a": ["b"]}}"#, #"{"b": 1}"#, true),
        (.draft2019_09, #"{"dependencies": {"a": ["b"]}}"#, #"{"a": 1}"#, true),
        (.draft2019_09, #"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#, false),
        (.draft2020_12, #"{"dependentSchemas": {"a": {"required": ["b"]}}}"#, #"{"a": 1}"#, false),
        (.draft7, #"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#, true),
    ])
    func members(_ dialect: SchemaDialect, _ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance, dialect: dialect), valid)
    }

    /// `required` at the object with the missing name; `additionalProperties: false` once per
    /// extra member, at the member; `propertyNames` at the object with the name.
    @Test func objectFailuresAreWhereTheBriefSays() throws {
        let schema = ##"""
            {"required": ["id", "name"], "properties": {"id": {"type": "integer"}}, "additionalProperties": false,
             "propertyNames": {"pattern": "^[a-z]+$"}}
            """##
        let evaluator = try EvaluatorTest.evaluator(schema)
        let failures = evaluator.failures(try EvaluatorTest.value(#"{"zeta": 1, "Extra": 2, "id": "7"}"#))
        expectEqual(
            failures.map(EvaluatorTest.summary),
            [
                ": /required", "/Extra: /additionalProperties", "/id: /properties/id/type", "/zeta: /additionalProperties",
                ": /propertyNames",
            ])
        expectEqual(
            failures.map(\.kind),
            [
                .required("name"), .additionalProperty("Extra"), .type(expected: ["integer"], actual: "string"),
                .additionalProperty("zeta"),
                .propertyName("Extra"),
            ])
        expectEqual(failures[0].message, #"is missing the required property "name""#)
        expectEqual(failures[1].message, #"has the property "Extra", which is not allowed"#)
        expectEqual(failures[4].message, #"has a property name that is not allowed: "Extra""#)
    }

    @Test func dependentRequiredNamesBothMembers() throws {
        let failures = try EvaluatorTest.evaluator(#"{"dependentRequired": {"card": ["cvv", "expiry"]}}"#)
            .failures(EvaluatorTest.value(#"{"card": "4111", "expiry": "12/30"}"#))
        expectEqual(failures.map(\.kind), [.dependentRequired(property: "card", missing: "cvv")])
        expectEqual(failures.map(\.message), [#"must have the property "cvv" when it has "card""#])
    }

    @Test func failuresOfNestedMembersNameTheirPath() throws {
        let schema = ##"""
            {"properties": {"updates": {"type": "array", "items": {"$ref": "#/$defs/update"}}},
             "$defs": {"update": {"required": ["package-ecosystem"], "properties": {"interval": {"enum": ["daily", "weekly"]}}}}}
            """##
        let failures = try EvaluatorTest.evaluator(schema).failures(EvaluatorTest.value(#"{"updates": [{"interval": "hourly"}]}"#))
        expectEqual(
            failures.map(EvaluatorTest.summary),
            [
                "/updates/0: /properties/updates/items/$ref/required",
                "/updates/0/interval: /properties/updates/items/$ref/properties/interval/enum",
            ])
        expectEqual(
            failures.map(\.absoluteKeywordLocation),
            ["urn:rulecheck:root#/$defs/update/required", "urn:rulecheck:root#/$defs/update/properties/interval/enum"])
        expectEqual(failures.map(\.rootSchemaPointer), ["/$defs/update/required", "/$defs/update/properties/interval/enum"])
        expectEqual(failures[0].instanceLocation.tokens, [.key("updates"), .index(0)])
    }
}
