import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Imports a schema and checks records with the normal RecordChecker.
private struct Imported {
    let rules: RuleSet
    let findings: [ImportFinding]

    init(_ schema: String, strict: Bool = false) throws {
        let result = try RuleSet.importing(
            jsonSchema: Data(schema.utf8), source: "s.json",
            options: JSONSchemaImportOptions(strict: strict))
        rules = result.rules
        findings = result.findings
    }

    /// The (field, code) pairs of the errors for a JSON record.
    func verdict(_ record: String) throws -> [String] {
        try Self.verdict(rules, record)
    }

    static func verdict(_ rules: RuleSet, _ record: String) throws -> [String] {
        let value = try JSONParser().parse(record)
        let checker = RecordChecker(rules, today: Fixtures.today)
        return checker.check(json: value.object ?? [:]).violations.filter { $0.severity == .error }
            .map { "\($0.field) \($0.code.rawValue)" }.sorted()
    }

    func pointers(_ kind: ImportFinding.Kind? = nil) -> [String] {
        findings.filter { kind == nil || $0.kind == kind }.map(\.pointer)
    }
}

private func yaml(_ schema: String) throws -> String {
    try JSONSchemaImport.rulesFile(jsonSchema: Array(schema.utf8), uiSchema: nil, source: "s.json").text
}

@Suite("JSON Schema import")
struct JSONSchemaImportTests {
    @Test func typesRequiredAndBounds() throws {
        let s = try Imported(
            ##"""
            {"type": "object", "required": ["name", "age"],
             "properties": {
               "name": {"type": "string", "minLength": 2, "maxLength": 5},
               "age": {"type": "integer", "minimum": 18, "maximum": 99},
               "score": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 10},
               "ok": {"type": "boolean"},
               "nick": {"type": ["string", "null"]}}}
            """##)
        expectEqual(s.rules.field("age")?.type, .integer)
        expectEqual(s.rules.field("ok")?.type, .bool)
        #expect(try s.verdict(##"{"name": "ann", "age": 30, "score": 5, "ok": true, "nick": null}"##) == [])
        #expect(try s.verdict(##"{}"##) == ["age required", "name required"])
        #expect(try s.verdict(##"{"name": "a", "age": 17}"##) == ["age min", "name min_length"])
        #expect(try s.verdict(##"{"name": "abcdef", "age": 100}"##) == ["age max", "name max_length"])
        #expect(try s.verdict(##"{"name": "ann", "age": 20, "score": 0}"##) == ["score check"])
        #expect(try s.verdict(##"{"name": "ann", "age": 20, "score": 10}"##) == ["score check"])
        #expect(try s.verdict(##"{"name": "ann", "age": 20.5}"##) == ["age type"])
    }

    @Test func draft04ExclusiveBooleans() throws {
        let s = try Imported(
            ##"""
            {"properties": {"n": {"type": "number", "minimum": 1, "exclusiveMinimum": true,
                                  "maximum": 3, "exclusiveMaximum": true}}}
            """##)
        #expect(try s.verdict(##"{"n": 1}"##) == ["n check"])
        #expect(try s.verdict(##"{"n": 3}"##) == ["n check"])
        #expect(try s.verdict(##"{"n": 2}"##) == [])
    }

    @Test func multipleOfOneIsIntegerOthersAreChecks() throws {
        let s = try Imported(
            ##"""
            {"properties": {"a": {"type": "number", "multipleOf": 1},
                            "b": {"type": "number", "multipleOf": 0.5, "errorMessage": {"multipleOf": "halves only"}}}}
            """##)
        expectEqual(s.rules.field("a")?.type, .integer)
        #expect(s.findings.isEmpty)
        #expect(try s.verdict(##"{"a": 2, "b": 1.5}"##) == [])
        #expect(try s.verdict(##"{"b": 1.25}"##) == ["b check"])
        let checker = RecordChecker(s.rules)
        expectEqual(checker.check(json: ["b": 1.25]).violations.map(\.message), ["halves only"])
    }

    @Test func nestedObjectsBecomeGroups() throws {
        let s = try Imported(
            ##"""
            {"type": "object", "required": ["owner"], "properties": {
              "owner": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}},
              "spare": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}}
            """##)
        expectEqual(s.rules.field("owner.name")?.type, .text)
        #expect(try s.verdict(##"{"owner": {"age": 3}}"##) == ["owner.name required"])
        // An optional object's required members apply only once the object is present.
        #expect(try s.verdict(##"{"owner": {"name": "x"}}"##) == [])
        // …and once it is, its member is required, where the schema says.
        #expect(try s.verdict(##"{"owner": {"name": "x"}, "spare": {"b": "y"}}"##) == ["spare.a required"])
    }

    @Test func enumConstAndLabelledOptions() throws {
        let s = try Imported(
            ##"""
            {"properties": {
              "color": {"type": "string", "enum": ["red", "green"]},
              "size": {"type": "integer", "enum": [1, 2, 3]},
              "fixed": {"const": "x"},
              "kind": {"type": "string", "oneOf": [{"const": "car", "title": "Car"}, {"const": "flat", "title": "Flat"}]},
              "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "uniqueItems": true, "minItems": 1, "maxItems": 2}}}
            """##)
        expectEqual(s.rules.field("kind")?.options.map(\.title), ["Car", "Flat"])
        expectEqual(s.rules.field("tags")?.type, .multiChoice)
        // An empty array is a value under JSON Schema, which minItems judges: nothing to report.
        expectEqual(s.findings.filter { $0.pointer.hasPrefix("/properties/tags") }.map(\.pointer), [])
        #expect(try s.verdict(##"{"tags": []}"##) == ["tags items"])
        #expect(try s.verdict(##"{"color": "red", "size": 2, "fixed": "x", "kind": "car", "tags": ["a"]}"##) == [])
        #expect(
            try s.verdict(##"{"color": "blue", "size": 4, "fixed": "y", "kind": "boat"}"##)
                == ["color option", "fixed option", "kind option", "size option"])
        #expect(try s.verdict(##"{"tags": ["a", "b", "c"]}"##) == ["tags items"])
    }

    @Test func arraysOfObjectsBecomeLists() throws {
        let s = try Imported(
            ##"""
            {"properties": {"drivers": {"type": "array", "maxItems": 2, "items": {"$ref": "#/definitions/driver"}}},
             "definitions": {"driver": {"type": "object", "required": ["name"],
                                        "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 18}}}}}
            """##)
        expectEqual(s.rules.field("drivers")?.type, .list)
        #expect(try s.verdict(##"{"drivers": [{"name": "a", "age": 20}]}"##) == [])
        #expect(try s.verdict(##"{"drivers": [{"age": 17}]}"##).contains("drivers[0].name required"))
        #expect(try s.verdict(##"{"drivers": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}"##) == ["drivers items"])
    }

    @Test func arraysOfPlainValuesBecomeValuesFields() throws {
        let s = try Imported(##"{"properties": {"name": {"type": "string"}, "photos": {"type": "array", "items": {"type": "string"}}}}"##)
        expectEqual(s.rules.field("photos")?.type, .values)
        expectEqual(s.rules.field("photos")?.itemType, .text)
        #expect(s.findings.isEmpty)
        #expect(try s.verdict(##"{"photos": ["a.jpg"]}"##) == [])
        #expect(try s.verdict(##"{"photos": [1]}"##) == ["photos type"])
    }

    @Test func dependenciesBothFormsAndDraft2019Spellings() throws {
        let properties = ##"""
            "properties": {"card": {"type": "string"}, "cvv": {"type": "string"}, "zip": {"type": "string"},
                           "name": {"type": "string"}, "email": {"type": "string"}}
            """##
        // `dependencies` (draft-07 and before): a schema without `$schema` that uses it is read as draft-07.
        let old = try Imported(##"{\##(properties), "dependencies": {"card": ["cvv"], "name": {"required": ["email"]}}}"##)
        #expect(try old.verdict(##"{}"##) == [])
        #expect(try old.verdict(##"{"card": "1"}"##) == ["cvv required"])
        #expect(try old.verdict(##"{"name": "a"}"##) == ["email required"])
        // In 2020-12, `dependencies` is no keyword: it checks nothing.
        let later = try Imported(
            ##"{"$schema": "https://json-schema.org/draft/2020-12/schema", \##(properties), "dependencies": {"card": ["cvv"]}}"##)
        #expect(try later.verdict(##"{"card": "1"}"##) == [])
        // Its 2019-09 spellings.
        let new = try Imported(
            ##"{\##(properties), "dependentRequired": {"cvv": ["zip"]}, "dependentSchemas": {"zip": {"required": ["name"]}}}"##)
        #expect(try new.verdict(##"{"cvv": "1"}"##) == ["zip required"])
        #expect(try new.verdict(##"{"zip": "a"}"##) == ["name required"])
    }

    @Test func ifThenElseOnProperties() throws {
        let s = try Imported(
            ##"""
            {"properties": {"country": {"type": "string", "enum": ["us", "ca"]}, "zip": {"type": "string"}, "postal": {"type": "string"},
                            "price": {"type": "number"}},
             "if": {"properties": {"country": {"const": "us"}}, "required": ["country"]},
             "then": {"required": ["zip"], "properties": {"price": {"minimum": 10}}},
             "else": {"required": ["postal"]}}
            """##)
        #expect(try s.verdict(##"{"country": "us"}"##) == ["zip required"])
        #expect(try s.verdict(##"{"country": "us", "zip": "1", "price": 5}"##) == ["price min"])
        #expect(try s.verdict(##"{"country": "ca", "price": 5}"##) == ["postal required"])
        #expect(try s.verdict(##"{}"##) == ["postal required"])
    }

    @Test func ifThenElseOnOneValue() throws {
        let s = try Imported(
            ##"""
            {"properties": {"v": {"type": "number", "if": {"exclusiveMaximum": 0}, "then": {"minimum": -10}, "else": {"maximum": 100}}}}
            """##)
        #expect(try s.verdict(##"{"v": -5}"##) == [])
        #expect(try s.verdict(##"{"v": -11}"##) == ["v check"])
        #expect(try s.verdict(##"{"v": 101}"##) == ["v check"])
    }

    @Test func allOfMergesAndRefsResolve() throws {
        let s = try Imported(
            ##"""
            {"allOf": [{"properties": {"a": {"type": "integer"}}, "required": ["a"]},
                       {"properties": {"a": {"maximum": 5}, "b": {"$ref": "#/$defs/short"}}}],
             "$defs": {"short": {"type": "string", "maxLength": 2}}}
            """##)
        #expect(try s.verdict(##"{}"##) == ["a required"])
        #expect(try s.verdict(##"{"a": 6, "b": "abc"}"##) == ["a max", "b max_length"])
    }

    /// A schema that refers to itself is checked to any depth; the form stops at the cycle (a
    /// finding names it) and a cycle of references alone never ends, so it fails closed.
    @Test func refCyclesAreCheckedAndTheFormStopsAtThem() throws {
        let loop = try Imported(
            ##"{"properties": {"a": {"$ref": "#/definitions/x"}}, "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"$ref": "#/definitions/x"}}}"##
        )
        #expect(loop.findings.map(\.message).contains { $0.hasPrefix("$ref cycle: #/definitions/x → #/definitions/y → #/definitions/x") })
        #expect(try loop.verdict(##"{"a": 1}"##) == ["a schema"])
        #expect(try loop.verdict(##"{}"##) == [])
        let tree = try Imported(
            ##"{"properties": {"node": {"$ref": "#/$defs/node"}}, "$defs": {"node": {"type": "object", "properties": {"name": {"type": "string"}, "child": {"$ref": "#/$defs/node"}}}}}"##
        )
        #expect(tree.findings.map(\.message).contains { $0.hasPrefix("$ref cycle: #/$defs/node → #/$defs/node") })
        #expect(
            try tree.verdict(##"{"node": {"name": "a", "child": {"name": "b", "child": {"name": 3}}}}"##) == ["node.child.child.name type"])
        #expect(try tree.verdict(##"{"node": {"name": "a", "child": {"name": "b", "child": {"name": "c"}}}}"##) == [])
    }

    @Test func titleDefaultReadOnlyAndMessages() throws {
        let s = try Imported(
            ##"""
            {"title": "Listing", "properties": {
              "city": {"type": "string", "title": "City", "default": "Kazan", "readOnly": true},
              "n": {"type": "integer", "default": 3, "minimum": 1, "errorMessage": {"minimum": "At least one", "type": "A number"}},
              "code": {"type": "string", "pattern": "^[0-9]+$", "errorMessage": {"pattern": "Digits only"}},
              "all": {"type": "string", "maxLength": 1, "errorMessage": "Bad"}}}
            """##)
        expectEqual(s.rules.title, "Listing")
        expectEqual(s.rules.field("city")?.title, "City")
        let checker = RecordChecker(s.rules, today: Fixtures.today)
        let messages = checker.check(json: ["n": .number(0), "code": .string("x1"), "all": .string("ab")]).violations.map(\.message)
            .sorted()
        expectEqual(messages, ["At least one", "Bad", "Digits only"])
        let text = try yaml(##"{"properties": {"city": {"type": "string", "default": "Kazan", "readOnly": true}}}"##)
        #expect(text.contains("initial: 'Kazan'"))
        #expect(text.contains("enabled_if: false"))
    }

    @Test func formatsAndDates() throws {
        let properties = ##"""
            "properties": {"born": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"},
                           "mail": {"type": "string", "format": "email"}, "site": {"type": "string", "format": "uri"},
                           "host": {"type": "string", "format": "hostname"}}
            """##
        // 2020-12 (no `$schema`): format is an annotation, so the schema takes any string.
        let s = try Imported("{\(properties)}")
        expectEqual(s.rules.field("born")?.type, .date)
        #expect(try s.verdict(##"{"born": "2020-02-30", "host": "-x-"}"##) == [])
        #expect(s.findings.isEmpty)
        // Draft-07 asserts it: the date field's own check and the schema agree.
        let d7 = try Imported(##"{"$schema": "http://json-schema.org/draft-07/schema#", \##(properties)}"##)
        #expect(try d7.verdict(##"{"born": "2020-02-30"}"##) == ["born type"])
        #expect(try d7.verdict(##"{"at": "2020-01-01T10:00:00Z", "mail": "a@b.co", "site": "https://x.org", "host": "x.org"}"##) == [])
        #expect(
            try d7.verdict(##"{"at": "2020-01-01", "mail": "a.b.co", "site": "no scheme", "host": "-x-"}"##) == [
                "at pattern", "host format", "mail pattern", "site pattern",
            ])
        // --formats assert makes 2020-12 assert too.
        let asserted = try RuleSet.importing(
            jsonSchema: Data("{\(properties)}".utf8), source: "s.json", options: JSONSchemaImportOptions(formats: .assert))
        #expect(try Imported.verdict(asserted.rules, ##"{"host": "-x-"}"##) == ["host format"])
    }

    /// Keywords that are not JSON Schema's are annotations: the schema ignores them, and so does
    /// the import (no finding); what the form cannot show, the schema still checks.
    @Test func unknownKeywordsAreAnnotations() throws {
        let s = try Imported(
            """
            {"properties": {
              "a": {"type": "string", "x-widget": "big", "description": "help"},
              "b": {"type": "object", "properties": {"c": {"type": "string", "contains": {"const": "z"}}}}},
             "additionalProperties": false}
            """)
        #expect(s.findings.isEmpty)
        expectEqual(s.rules.field("a")?.ui, ["description": "help"])
        // `contains` applies to arrays only; `additionalProperties: false` holds.
        #expect(try s.verdict(##"{"a": "x", "b": {"c": "y"}}"##) == [])
        #expect(try s.verdict(##"{"a": "x", "z": 1}"##) == ["z additional"])
        #expect(throws: Never.self) { try Imported(##"{"properties": {"a": {"type": "string", "x": 1}}}"##, strict: true) }
    }

    /// Rules the importer makes that do not compile (a condition reading a field of another
    /// type) simplify the form, with a finding at the keyword; the schema still decides.
    @Test func compileErrorsPointAtTheKeyword() throws {
        let s = try Imported(
            """
            {"properties": {"a": {"type": "string"}, "b": {"type": "string"}},
             "if": {"properties": {"a": {"minimum": 3}}},
             "then": {"required": ["b"]}}
            """)
        let simplified = try #require(s.findings.first { $0.message.hasPrefix("the form is simplified") })
        expectEqual(simplified.location, FileLocation(file: "s.json", line: 3, column: 11))
        // `minimum` does not apply to a string, so `if` holds and `then` requires b.
        #expect(try s.verdict(##"{"a": "x"}"##) == ["b required"])
        #expect(try s.verdict(##"{"a": "x", "b": "y"}"##) == [])
    }

    @Test func invalidJSONIsAnErrorWithItsPosition() {
        #expect {
            _ = try Imported("{\"properties\": {\n  \"a\": }}")
        } throws: { error in
            "\(error)".hasPrefix("s.json:2:8: error: the JSON Schema is not valid JSON")
        }
    }

    /// The imported rules give the same verdicts as the same rules written by hand.
    @Test func sameVerdictsAsHandWrittenRules() throws {
        let s = try Imported(
            ##"""
            {"type": "object", "required": ["title", "category"],
             "properties": {
               "title": {"type": "string", "minLength": 3, "maxLength": 20},
               "category": {"type": "string", "enum": ["cars", "flats"]},
               "mileage": {"type": "integer", "minimum": 0},
               "rooms": {"type": "integer", "minimum": 1, "maximum": 9}},
             "if": {"properties": {"category": {"const": "cars"}}, "required": ["category"]},
             "then": {"required": ["mileage"]},
             "else": {"required": ["rooms"]}}
            """##)
        let written = try RuleSet(
            yaml: """
                fields:
                  - {id: title, required: true, min_length: 3, max_length: 20}
                  - {id: category, type: choice, required: true, options: [cars, flats]}
                  - {id: mileage, type: integer, min: 0, required: "category == 'cars'"}
                  - {id: rooms, type: integer, min: 1, max: 9, required: "category != 'cars'"}
                """, source: "hand.yaml")
        let records = [
            #"{"title": "Lada", "category": "cars", "mileage": 10}"#,
            #"{"title": "La", "category": "cars"}"#,
            #"{"title": "Flat", "category": "flats", "rooms": 12}"#,
            #"{"category": "boats", "rooms": 0}"#,
            #"{}"#,
        ]
        for record in records {
            #expect(try s.verdict(record) == Imported.verdict(written, record), "\(record)")
        }
    }

    @Test func printedRulesFileCompilesToTheSameVerdicts() throws {
        let schema = ##"""
            {"properties": {"code": {"type": "string", "pattern": "^\\d{3}$", "title": "It's a 'code'"},
                            "kind": {"enum": ["yes", "no", "1"]}, "n": {"type": "number", "exclusiveMinimum": 0.5}},
             "required": ["code"]}
            """##
        let s = try Imported(schema)
        let printed = try yaml(schema)
        let reparsed = try RuleSet(yaml: printed, source: "printed.yaml")
        for record in [#"{"code": "123", "kind": "yes", "n": 1}"#, #"{"code": "12", "kind": "1", "n": 0.5}"#, #"{"kind": "maybe"}"#] {
            #expect(try s.verdict(record) == Imported.verdict(reparsed, record), "\(record)")
        }
        let json = try JSONSchemaImport.rulesFile(jsonSchema: Array(schema.utf8), uiSchema: nil, source: "s.json", json: true).text
        let fromJSON = try RuleSet(yaml: json, source: "printed.json")
        #expect(try Imported.verdict(fromJSON, ##"{"code": "12"}"##) == ["code pattern"])
    }

    @Test func notAnyOfOneOfOfValueSchemasBecomeChecks() throws {
        let s = try Imported(
            ##"""
            {"properties": {
              "code": {"type": "string", "anyOf": [{"maxLength": 2}, {"pattern": "^x"}]},
              "n": {"type": "integer", "oneOf": [{"minimum": 5}, {"maximum": 10}]},
              "word": {"type": "string", "not": {"enum": ["admin", "root"]}},
              "m": {"type": "number", "anyOf": [{"type": "string"}, {"minimum": 3}]}}}
            """##)
        #expect(s.findings.isEmpty)
        #expect(try s.verdict(##"{"code": "ab", "n": 3, "word": "ann", "m": 3}"##) == [])
        #expect(try s.verdict(##"{"code": "xyz", "n": 11}"##) == [])
        #expect(try s.verdict(##"{"code": "abc", "n": 7, "word": "root", "m": 2}"##) == ["code check", "m check", "n check", "word check"])
    }

    /// `required` means the member is there: null is a value an enum may allow.
    @Test func enumWithNullAllowsNullButRequiredStillNeedsTheMember() throws {
        let s = try Imported(##"{"required": ["a"], "properties": {"a": {"enum": ["x", null]}}}"##)
        expectEqual(try s.verdict("{}"), ["a required"])
        expectEqual(try s.verdict(##"{"a": null}"##), [])
        expectEqual(try s.verdict(##"{"a": "y"}"##), ["a option"])
        #expect(s.findings.isEmpty)
    }
}

@Suite("JSON Schema import limits")
struct JSONSchemaImportLimitTests {
    /// Long generated conditions stay within the expression nesting limit (100 levels).
    @Test func wideOptionalObjectsCompile() throws {
        let members = (0..<300).map { #""f\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        let required = (0..<300).map { #""f\#($0)""# }.joined(separator: ", ")
        let schema = #"{"properties": {"g": {"type": "object", "required": [\#(required)], "properties": {\#(members)}}}}"#
        let rules = try RuleSet(jsonSchema: Data(schema.utf8))
        let checker = RecordChecker(rules, today: Fixtures.today)
        #expect(checker.check(json: [:]).violations.isEmpty)
        let violations = checker.check(json: ["g": .object(["f0": .string("x")])]).violations
        expectEqual(violations.count, 299)
        expectEqual(violations.first?.message, "f1 is required")
    }

    /// Definitions reused at every level would make 2^30 fields: the form stops at its limit (a
    /// finding says where), and the schema checks records all the same.
    @Test func exponentialSchemasStopTheFormNotTheCheck() throws {
        var definitions: [String] = [#""d30": {"type": "string"}"#]
        for level in 0..<30 {
            definitions.append(
                ##""d\##(level)": {"type": "object", "properties": {"a": {"$ref": "#/$defs/d\##(level + 1)"}, "b": {"$ref": "#/$defs/d\##(level + 1)"}}}"##
            )
        }
        let schema = ##"{"properties": {"root": {"$ref": "#/$defs/d0"}}, "$defs": {\##(definitions.joined(separator: ", "))}}"##
        let s = try Imported(schema)
        #expect(s.findings.contains { $0.message.hasPrefix("the schema becomes more than 10000 fields") })
        #expect(try s.verdict(##"{"root": {"a": {"b": 1}}}"##) == ["root.a.b type"])
        #expect(try s.verdict(##"{"root": {"a": {"b": {}}}}"##) == [])
    }
}
