@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Keyword values checked while compiling, every problem with its pointer; annotations never
/// refuse a schema, whatever they hold.
@Suite("JSON Schema evaluator: compile errors")
struct SchemaCompileErrorTests {
    @Test(arguments: [
        (#"{"properties": {"a": {"minLength": "a"}}}"#, #"/properties/a/minLength: minLength must be a non-negative integer, not "a""#),
        (#"{"maxItems": -1}"#, "/maxItems: maxItems must be a non-negative integer, not -1"),
        (#"{"minProperties": 1.5}"#, "/minProperties: minProperties must be a non-negative integer, not 1.5"),
        (#"{"required": "a"}"#, #"/required: required must be an array of strings, not "a""#),
        (#"{"required": ["a", 1]}"#, #"/required: required must be an array of strings, not ["a",1]"#),
        (#"{"type": "text"}"#, #"/type: type "text" is not a JSON Schema type (null, boolean, object, array, number, string, integer)"#),
        (#"{"type": ["string", "string"]}"#, #"/type: type names "string" twice"#),
        (#"{"multipleOf": 0}"#, "/multipleOf: multipleOf must be a number greater than 0, not 0"),
        (#"{"minimum": "5"}"#, #"/minimum: minimum must be a number, not "5""#),
        (#"{"enum": 1}"#, "/enum: enum must be an array, not 1"),
        (#"{"pattern": "(?i)a"}"#, #"/pattern: "(?i)a" is not an ECMA-262 regex: "#),
        (#"{"patternProperties": {"[": true}}"#, #"/patternProperties/[: "[" is not an ECMA-262 regex: "#),
        (#"{"allOf": []}"#, "/allOf: allOf must be a non-empty array of schemas, not []"),
        (#"{"properties": {"a": 5}}"#, "/properties/a: a schema must be an object or a boolean, not 5"),
        (#"{"properties": []}"#, "/properties: properties must be an object, not []"),
        (#"{"items": [true]}"#, "/items: items must be a schema in 2020-12 (a tuple is prefixItems), not an array"),
        (#"{"uniqueItems": 1}"#, "/uniqueItems: uniqueItems must be a boolean, not 1"),
        (#"{"format": 5}"#, "/format: format must be a string, not 5"),
        (#"{"$ref": 5}"#, "/$ref: $ref must be a string, not 5"),
        (#"{"$id": 5}"#, "/$id: $id must be a string, not 5"),
        (#"{"dependentRequired": {"a": "b"}}"#, #"/dependentRequired/a: dependentRequired of "a" must be an array of strings, not "b""#),
    ])
    func problem(_ schema: String, _ expected: String) throws {
        let problems = try EvaluatorTest.compileProblems(schema)
        expectEqual(problems.count, 1, "\(problems)")
        #expect(problems.first?.hasPrefix(expected) == true, "\(problems)")
    }

    @Test func everyProblemIsReportedInPointerOrder() throws {
        let problems = try EvaluatorTest.compileProblems(
            ##"{"properties": {"b": {"maxLength": "x"}, "a": {"minimum": null}}, "$defs": {"unused": {"minItems": -2}}, "required": 3}"##)
        expectEqual(
            problems,
            [
                "/$defs/unused/minItems: minItems must be a non-negative integer, not -2",
                "/properties/a/minimum: minimum must be a number, not null",
                #"/properties/b/maxLength: maxLength must be a non-negative integer, not "x""#,
                "/required: required must be an array of strings, not 3",
            ])
    }

    @Test func annotationsAndUnknownKeywordsNeverRefuse() throws {
        let schema = ##"""
            {"title": 5, "description": [], "default": {"x": 1}, "examples": "not an array", "readOnly": "yes",
             "deprecated": 3, "$comment": {"a": 1}, "x-custom": {"minLength": "a"}, "contentMediaType": 7,
             "properties": {"a": {"title": null}}}
            """##
        expectEqual(try EvaluatorTest.compileProblems(schema), [])
    }

    @Test func dialectShapesWhatIsAnError() throws {
        expectEqual(
            try EvaluatorTest.compileProblems(#"{"not": true}"#, dialect: .draft4),
            ["/not: a schema must be an object in draft-04, not true"])
        expectEqual(try EvaluatorTest.compileProblems(#"{"additionalProperties": false}"#, dialect: .draft4), [])
        // Before 2019-09, `$ref`'s siblings are not read, and so not checked.
        expectEqual(
            try EvaluatorTest.compileProblems(
                ##"{"$ref": "#/definitions/a", "definitions": {"a": {}}, "minLength": "x"}"##, dialect: .draft7), [])
        expectEqual(try EvaluatorTest.compileProblems(#"{"prefixItems": "x", "unevaluatedItems": 1, "$defs": 2}"#, dialect: .draft7), [])
        let error = try #require(
            { () throws -> SchemaCompileError? in
                do {
                    _ = try EvaluatorTest.evaluator(#"{"minLength": "a"}"#)
                    return nil
                } catch let error as SchemaCompileError {
                    return error
                }
            }())
        expectEqual(error.problems.first?.documentURI, "urn:rulecheck:root")
        expectEqual(error.problems.first?.pointer, "/minLength")
        #expect(error.problems.first?.isInRootDocument == true)
    }
}
