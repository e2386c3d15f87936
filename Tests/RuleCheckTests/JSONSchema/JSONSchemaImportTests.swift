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
        // …checked by the group (its checks run only while one of its fields has a value).
        #expect(try s.verdict(##"{"owner": {"name": "x"}, "spare": {"b": "y"}}"##) == ["spare check"])
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
        let s = try Imported(
            ##"""
            {"properties": {"card": {"type": "string"}, "cvv": {"type": "string"}, "zip": {"type": "string"},
                            "name": {"type": "string"}, "email": {"type": "string"}},
             "dependencies": {"card": ["cvv"], "name": {"required": ["email"]}},
             "dependentRequired": {"cvv": ["zip"]},
             "dependentSchemas": {"zip": {"required": ["name"]}}}
            """##)
        #expect(try s.verdict(##"{}"##) == [])
        #expect(try s.verdict(##"{"card": "1"}"##) == ["cvv required"])
        #expect(try s.verdict(##"{"cvv": "1"}"##) == ["zip required"])
        #expect(try s.verdict(##"{"name": "a"}"##) == ["email required"])
        #expect(try s.verdict(##"{"zip": "a"}"##) == ["name required"])
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

    @Test func refCyclesAreRefusedClearly() {
        #expect {
            _ = try Imported(
                ##"{"properties": {"a": {"$ref": "#/definitions/x"}}, "definitions": {"x": {"$ref": "#/definitions/y"}, "y": {"$ref": "#/definitions/x"}}}"##
            )
        } throws: { error in
            "\(error)".contains("$ref cycle: #/definitions/x → #/definitions/y → #/definitions/x")
        }
        #expect {
            _ = try Imported(
                ##"{"properties": {"node": {"$ref": "#/$defs/node"}}, "$defs": {"node": {"type": "object", "properties": {"name": {"type": "string"}, "child": {"$ref": "#/$defs/node"}}}}}"##
            )
        } throws: { error in
            "\(error)".contains("$ref cycle: #/$defs/node → #/$defs/node")
        }
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
        let s = try Imported(
            ##"""
            {"properties": {"born": {"type": "string", "format": "date"}, "at": {"type": "string", "format": "date-time"},
                            "mail": {"type": "string", "format": "email"}, "site": {"type": "string", "format": "uri"},
                            "host": {"type": "string", "format": "hostname"}}}
            """##)
        expectEqual(s.rules.field("born")?.type, .date)
        #expect(try s.verdict(##"{"born": "2020-02-30"}"##) == ["born type"])
        #expect(try s.verdict(##"{"at": "2020-01-01T10:00:00Z", "mail": "a@b.co", "site": "https://x.org"}"##) == [])
        #expect(
            try s.verdict(##"{"at": "2020-01-01", "mail": "a.b.co", "site": "no scheme"}"##) == [
                "at pattern", "mail pattern", "site pattern",
            ])
        expectEqual(s.pointers(.unsupported), ["/properties/host/format"])
    }

    @Test func unknownKeywordsAreReportedWithPointers() throws {
        let s = try Imported(
            """
            {"properties": {
              "a": {"type": "string", "x-widget": "big", "description": "help"},
              "b": {"type": "object", "properties": {"c": {"type": "string", "contains": {"const": "z"}}}}},
             "additionalProperties": false}
            """)
        expectEqual(Set(s.pointers()), ["/properties/a/x-widget", "/properties/b/properties/c/contains", "/additionalProperties"])
        expectEqual(s.rules.field("a")?.ui, ["description": "help"])
        let widget = try #require(s.findings.first { $0.pointer == "/properties/a/x-widget" })
        expectEqual(widget.location, FileLocation(file: "s.json", line: 2, column: 27))
        #expect(throws: RulesError.self) { try Imported(##"{"properties": {"a": {"type": "string", "x": 1}}}"##, strict: true) }
    }

    @Test func compileErrorsPointAtTheKeyword() {
        // A condition that reads a field of the wrong type: the compiler's error is at the keyword.
        #expect {
            _ = try Imported(
                """
                {"properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                 "if": {"properties": {"a": {"minimum": 3}}},
                 "then": {"required": ["b"]}}
                """)
        } throws: { error in
            guard let error = error as? RulesError, let first = error.errors.first else { return false }
            return first.location == FileLocation(file: "s.json", line: 3, column: 11)
        }
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

    @Test func enumWithNullMakesRequiredOptional() throws {
        let s = try Imported(##"{"required": ["a"], "properties": {"a": {"enum": ["x", null]}}}"##)
        expectEqual(try s.verdict("{}"), [])
        expectEqual(s.findings.map(\.pointer), ["/required"])
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

    /// Definitions reused at every level would make 2^30 fields: refused, not expanded.
    @Test func exponentialSchemasAreRefused() {
        var definitions: [String] = [#""d30": {"type": "string"}"#]
        for level in 0..<30 {
            definitions.append(
                ##""d\##(level)": {"type": "object", "properties": {"a": {"$ref": "#/$defs/d\##(level + 1)"}, "b": {"$ref": "#/$defs/d\##(level + 1)"}}}"##
            )
        }
        let schema = ##"{"properties": {"root": {"$ref": "#/$defs/d0"}}, "$defs": {\##(definitions.joined(separator: ", "))}}"##
        #expect {
            _ = try RuleSet(jsonSchema: Data(schema.utf8))
        } throws: { error in
            "\(error)".contains("objects nest deeper than 32 levels") || "\(error)".contains("more than 10000 fields")
        }
    }
}
