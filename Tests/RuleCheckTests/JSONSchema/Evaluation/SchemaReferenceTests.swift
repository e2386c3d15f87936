@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `$ref` by RFC 3986 against the base URI, JSON pointers (percent-decoded, `~0`/`~1`), anchors,
/// embedded `$id` resources, the caller's documents and the embedded meta-schemas; `$ref`'s
/// siblings before 2019-09; dynamic references; references that resolve to nothing.
@Suite("JSON Schema evaluator: references")
struct SchemaReferenceTests {
    @Test(arguments: [
        (SchemaDialect.draft2020_12, ##"{"$defs": {"a~b/c%d": {"type": "integer"}}, "$ref": "#/$defs/a~0b~1c%25d"}"##, "1.5", false),
        (.draft2020_12, ##"{"$defs": {"n": {"$anchor": "num", "type": "number"}}, "$ref": "#num"}"##, #""x""#, false),
        (
            .draft2020_12,
            ##"{"$id": "https://example.com/root.json", "$defs": {"b": {"$id": "b.json", "type": "string"}}, "$ref": "b.json"}"##, "1",
            false
        ),
        (
            .draft2020_12,
            ##"{"$id": "https://example.com/root.json", "$defs": {"b": {"$id": "b.json", "type": "string"}}, "$ref": "https://example.com/b.json"}"##,
            #""s""#, true
        ),
        (
            .draft2020_12,
            ##"{"$defs": {"list": {"type": "array", "items": {"$ref": "#"}}}, "anyOf": [{"type": "integer"}, {"$ref": "#/$defs/list"}]}"##,
            "[1, [2, [3]]]", true
        ),
        (
            .draft2020_12,
            ##"{"$defs": {"list": {"type": "array", "items": {"$ref": "#"}}}, "anyOf": [{"type": "integer"}, {"$ref": "#/$defs/list"}]}"##,
            #"[1, [2, ["3"]]]"#, false
        ),
        // Draft-07 and before: `$ref` makes its siblings ignored, `$id` with them.
        (
            .draft7, ##"{"definitions": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 1}}}"##,
            #"{"a": "long"}"#, true
        ),
        (
            .draft2019_09, ##"{"$defs": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/s", "maxLength": 1}}}"##,
            #"{"a": "long"}"#, false
        ),
        (.draft7, ##"{"definitions": {"a": {"$id": "#foo", "type": "integer"}}, "$ref": "#foo"}"##, #""x""#, false),
        (.draft4, ##"{"definitions": {"a": {"id": "#foo", "type": "integer"}}, "$ref": "#foo"}"##, #""x""#, false),
        // The embedded meta-schemas.
        (.draft2020_12, #"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#, #"{"minLength": -1}"#, false),
        (
            .draft2020_12, #"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#,
            #"{"minLength": 1, "properties": {"a": {"type": "string"}}}"#, true
        ),
        (.draft7, #"{"$ref": "http://json-schema.org/draft-07/schema#"}"#, #"{"type": "nope"}"#, false),
        (.draft4, #"{"$ref": "http://json-schema.org/draft-04/schema#"}"#, #"{"exclusiveMinimum": 1}"#, false),
    ])
    func resolution(_ dialect: SchemaDialect, _ schema: String, _ instance: String, _ valid: Bool) throws {
        expectEqual(try EvaluatorTest.isValid(schema, instance, dialect: dialect), valid)
    }

    @Test func callerDocumentsAndBaseURI() throws {
        let address = #"{"type": "object", "required": ["city"], "properties": {"city": {"$ref": "types.json#/$defs/name"}}}"#
        let types = #"{"$defs": {"name": {"type": "string", "minLength": 1}}}"#
        let evaluator = try EvaluatorTest.evaluator(
            #"{"properties": {"home": {"$ref": "address.json"}}}"#,
            documents: ["https://example.com/address.json": address, "https://example.com/types.json": types],
            baseURI: "https://example.com/order.json")
        #expect(try EvaluatorTest.isValid(evaluator, #"{"home": {"city": "Oslo"}}"#))
        let failures = evaluator.failures(try EvaluatorTest.value(#"{"home": {"city": ""}}"#))
        expectEqual(failures.map(EvaluatorTest.summary), ["/home/city: /properties/home/$ref/properties/city/$ref/minLength"])
        expectEqual(failures.map(\.absoluteKeywordLocation), ["https://example.com/types.json#/$defs/name/minLength"])
        expectEqual(failures.map(\.rootSchemaPointer), [nil])
    }

    @Test func aReferenceToNothingIsACompileErrorAtItsPointer() throws {
        expectEqual(
            try EvaluatorTest.compileProblems(##"{"properties": {"a": {"$ref": "#/$defs/missing"}, "b": {"$ref": "#nowhere"}}}"##),
            [
                ##"/properties/a/$ref: $ref "#/$defs/missing" names "/$defs/missing", which is not in urn:rulecheck:root"##,
                ##"/properties/b/$ref: $ref "#nowhere" names "nowhere", which is not in urn:rulecheck:root"##,
            ])
        expectEqual(
            try EvaluatorTest.compileProblems(#"{"items": {"$ref": "https://example.com/other.json"}}"#),
            [
                #"/items/$ref: $ref "https://example.com/other.json" refers to https://example.com/other.json, a document this evaluator was not given"#
            ])
    }

    /// Allowed, a reference to a document not given compiles, is listed, and fails closed.
    @Test func unresolvedReferencesFailClosed() throws {
        let schema = #"{"properties": {"home": {"$ref": "https://example.com/address.json#/$defs/a"}, "n": {"type": "integer"}}}"#
        let evaluator = try EvaluatorTest.evaluator(schema, allowUnresolved: true)
        expectEqual(
            evaluator.unresolvedReferences,
            [
                UnresolvedSchemaReference(
                    uri: "https://example.com/address.json#/$defs/a", documentURI: "urn:rulecheck:root", isInRootDocument: true,
                    pointer: "/properties/home/$ref")
            ])
        #expect(try EvaluatorTest.isValid(evaluator, #"{"n": 1}"#))
        #expect(try !EvaluatorTest.isValid(evaluator, #"{"home": {}}"#))
        let failures = evaluator.failures(try EvaluatorTest.value(#"{"home": {}}"#))
        expectEqual(failures.map(EvaluatorTest.summary), ["/home: /properties/home/$ref"])
        expectEqual(failures.map(\.kind), [.unresolvedReference("https://example.com/address.json#/$defs/a")])
        #expect(failures[0].isIndeterminate)
        // Even where the verdict would not need it: inside `not`, quiet, it is still reported.
        let negated = try EvaluatorTest.evaluator(#"{"not": {"$ref": "https://example.com/x.json"}}"#, allowUnresolved: true)
        expectEqual(negated.failures(1).map(\.keywordLocation), ["/not/$ref"])
        #expect(!negated.isValid(1))
        // A missing target in a document that is there stays an error.
        expectEqual(
            try EvaluatorTest.compileProblems(##"{"$ref": "#/nothing"}"##).count, 1)
    }

    @Test func dynamicReferencesFollowTheDynamicScope() throws {
        let tree = ##"""
            {"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "object",
             "properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}
            """##
        let strict = ##"""
            {"$id": "https://example.com/strict-tree", "$dynamicAnchor": "node", "$ref": "tree", "unevaluatedProperties": false}
            """##
        let evaluator = try EvaluatorTest.evaluator(strict, documents: ["https://example.com/tree": tree])
        #expect(try EvaluatorTest.isValid(evaluator, #"{"children": [{"data": 1}]}"#))
        #expect(try !EvaluatorTest.isValid(evaluator, #"{"children": [{"daat": 1}]}"#))
        expectEqual(
            evaluator.failures(try EvaluatorTest.value(#"{"children": [{"daat": 1}]}"#)).map(EvaluatorTest.summary),
            ["/children/0/daat: /$ref/properties/children/items/$dynamicRef/unevaluatedProperties"])
        // The tree alone does not close its nodes.
        #expect(try EvaluatorTest.isValid(try EvaluatorTest.evaluator(tree), #"{"children": [{"daat": 1}]}"#))
    }

    @Test func recursiveReferencesIn2019() throws {
        let tree = ##"""
            {"$id": "https://example.com/tree", "$recursiveAnchor": true, "type": "object",
             "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}
            """##
        let strict = ##"""
            {"$id": "https://example.com/strict", "$recursiveAnchor": true, "$ref": "tree", "unevaluatedProperties": false}
            """##
        let evaluator = try EvaluatorTest.evaluator(strict, dialect: .draft2019_09, documents: ["https://example.com/tree": tree])
        #expect(try EvaluatorTest.isValid(evaluator, #"{"children": [{"children": []}]}"#))
        #expect(try !EvaluatorTest.isValid(evaluator, #"{"children": [{"extra": 1}]}"#))
    }

    /// A meta-schema's `$vocabulary`: keywords of a vocabulary it does not put in force are not
    /// checked; a vocabulary it requires that this evaluator does not know refuses the schema.
    @Test func vocabularies() throws {
        let noValidation = ##"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/meta",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                             "https://json-schema.org/draft/2020-12/vocab/applicator": true}}
            """##
        let evaluator = try EvaluatorTest.evaluator(
            #"{"$schema": "https://example.com/meta", "properties": {"a": {"minimum": 10}, "b": false}}"#,
            documents: ["https://example.com/meta": noValidation])
        #expect(try EvaluatorTest.isValid(evaluator, #"{"a": 1}"#))
        #expect(try !EvaluatorTest.isValid(evaluator, #"{"b": 1}"#))
        let unknown = ##"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/meta2",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/units": true,
                             "https://example.com/vocab/optional": false}}
            """##
        expectEqual(
            try EvaluatorTest.compileProblems(
                #"{"$schema": "https://example.com/meta2"}"#, documents: ["https://example.com/meta2": unknown]),
            [
                "/$schema: the meta-schema https://example.com/meta2 requires the vocabulary https://example.com/vocab/units, which this evaluator does not know"
            ])
    }

    @Test func dialectsAreDetectedFromSchema() throws {
        for (uri, dialect) in [
            ("http://json-schema.org/draft-04/schema#", SchemaDialect.draft4), ("https://json-schema.org/draft-06/schema", .draft6),
            ("http://json-schema.org/draft-07/schema", .draft7), ("https://json-schema.org/draft/2019-09/schema#", .draft2019_09),
            ("http://json-schema.org/draft/2020-12/schema", .draft2020_12),
        ] {
            expectEqual(SchemaDialect(schemaURI: uri), dialect)
            expectEqual(
                try EvaluatorTest.evaluator(#"{"$schema": "\#(uri)"}"#, dialect: .draft4 == dialect ? .draft7 : .draft4).dialect, dialect)
        }
        expectEqual(SchemaDialect(schemaURI: "https://example.com/schema"), nil)
        expectEqual(try EvaluatorTest.evaluator("{}", dialect: .draft6).dialect, .draft6)
    }
}
