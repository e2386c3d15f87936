import Foundation
import Patterns
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The keywords the importer reads beyond the basics of JSONSchemaImportTests: arrays of plain
/// values (one schema, tuples, enum of arrays), uniqueItems, multipleOf in conditions,
/// if/then/else per schema object and as visibility, RJSF dependent-schema branches, anchored
/// patterns, annotations as hints, booleans that must be ticked, and every `x-rulecheck-*`.
@Suite("JSON Schema keywords")
struct JSONSchemaKeywordTests {
    @Test func arraysOfPlainValuesHoldEachValueToTheItemsSchema() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"properties": {
               "photos": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+\\.jpg$", "maxLength": 8},
                          "minItems": 1, "maxItems": 3, "uniqueItems": true},
               "scores": {"type": "array", "items": {"type": "integer", "minimum": 0, "exclusiveMaximum": 10}},
               "days": {"type": "array", "items": {"type": "string", "format": "date"}},
               "flags": {"type": "array", "items": {"type": "boolean"}},
               "words": {"type": "array", "items": {"type": "string", "pattern": "a"}},
               "nested": {"type": "array", "items": {"type": "array"}}},
             "required": ["photos"]}
            """##)
        #expect(rules.field("photos")?.type == .values && rules.field("photos")?.uniqueItems == true)
        expectEqual(rules.field("scores")?.itemType, .integer)
        expectEqual(rules.field("days")?.itemType, .date)
        expectEqual(rules.field("flags")?.itemType, .bool)
        // An array of arrays: a list of any JSON values (arrays here, as its items' type says).
        #expect(rules.field("nested")?.itemType == .json && rules.field("nested")?.jsonTypes == .array)
        expectEqual(findings.map(\.pointer), [])
        #expect(
            try SchemaTest.errors(
                rules, #"{"photos": ["a.jpg", "b.jpg"], "scores": [0, 9], "days": ["2024-02-29"], "flags": [true], "words": ["cat"]}"#)
                == [])
        #expect(
            try SchemaTest.errors(rules, #"{"photos": ["a.jpg", "a.jpg", "Bad.png", "toolong.jpg"]}"#)
                == ["photos items", "photos items", "photos max_length", "photos pattern"])
        #expect(
            try SchemaTest.errors(rules, #"{"photos": ["a.jpg"], "scores": [-1, 10], "days": ["2024-02-30"], "words": ["dog"]}"#)
                == ["scores max", "scores min", "words pattern"])  // 2020-12: `format` is an annotation
        #expect(try SchemaTest.errors(rules, #"{}"#) == ["photos required"])
    }

    /// Counts written in several merged schemas (`allOf`): the field holds the strictest of each,
    /// for item counts as for lengths (item counts took the first one written).
    @Test func theStrictestCountOfMergedSchemasHolds() throws {
        let (rules, _) = try SchemaTest.importing(
            #"""
            {"properties": {
               "tags": {"type": "array", "items": {"type": "string"},
                        "allOf": [{"minItems": 1, "maxItems": 5}, {"minItems": 3, "maxItems": 4}]},
               "code": {"type": "string", "allOf": [{"minLength": 2, "maxLength": 9}, {"minLength": 4, "maxLength": 6}]}}}
            """#)
        #expect(rules.field("tags")?.minItems == 3 && rules.field("tags")?.maxItems == 4)
        #expect(rules.field("code")?.minLength == 4 && rules.field("code")?.maxLength == 6)
    }

    @Test func tuplesOfOneSchemaAndEnumsOfArrays() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"properties": {
               "pair": {"type": "array", "items": [{"type": "number"}, {"type": "number"}], "additionalItems": false},
               "open": {"items": [{"type": "string"}]},
               "mixed": {"type": "array", "items": [{"type": "string"}, {"type": "number"}]},
               "exact": {"enum": [[false], [true, true]]},
               "several": {"enum": [[false], [1]]}}}
            """##)
        expectEqual(rules.field("pair")?.maxItems, 2)
        // Array `items` is a tuple (the schema is read as draft-07): every position is checked.
        #expect(findings.isEmpty)
        #expect(rules.field("exact")?.type == .json && rules.field("several")?.type == .json)
        #expect(try SchemaTest.errors(rules, #"{"pair": [1, 2.5], "open": ["a", "b"]}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"pair": [1, 2, 3]}"#) == ["pair items"])
        #expect(try SchemaTest.errors(rules, #"{"exact": [false]}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"exact": [0]}"#) == ["exact check"])
        #expect(try SchemaTest.errors(rules, #"{"exact": [true]}"#) == ["exact check"])
        #expect(try SchemaTest.errors(rules, #"{"exact": [true, true]}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"several": [1.0]}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"several": [true]}"#) == ["several check"])
        #expect(try SchemaTest.errors(rules, #"{"mixed": ["a", 1, true]}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"mixed": [1, "a", true]}"#) == ["mixed[0] type", "mixed[1] type"])
        #expect(try SchemaTest.errors(rules, #"{"open": [1]}"#) == ["open type"])
    }

    @Test func multipleOfAndItemCountsInConditionsAndCombinators() throws {
        let (rules, _) = try SchemaTest.importing(
            ##"""
            {"properties": {"n": {"type": "integer", "anyOf": [{"multipleOf": 3}, {"multipleOf": 5}],
                                  "if": {"minimum": 100}, "then": {"multipleOf": 10}},
                            "tags": {"type": "array", "items": {"type": "string"}}},
             "if": {"properties": {"tags": {"minItems": 2}}, "required": ["tags"]},
             "then": {"required": ["n"]}}
            """##)
        #expect(try SchemaTest.errors(rules, #"{"n": 9}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"n": 7}"#) == ["n check"])
        #expect(try SchemaTest.errors(rules, #"{"n": 105}"#) == ["n check"])
        #expect(try SchemaTest.errors(rules, #"{"n": 120}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"tags": ["a", "b"]}"#) == ["n required"])
        #expect(try SchemaTest.errors(rules, #"{"tags": ["a"]}"#) == [])
    }

    @Test func eachIfGoesWithItsOwnThenAndElse() throws {
        // allOf of separate if, then and else: none applies (non-interference).
        let (separate, _) = try SchemaTest.importing(
            ##"""
            {"properties": {"v": {"type": "number", "allOf": [{"if": {"exclusiveMaximum": 0}}, {"then": {"minimum": -10}}, {"else": {"multipleOf": 2}}]}}}
            """##)
        #expect(try SchemaTest.errors(separate, #"{"v": -100}"#) == [])
        #expect(try SchemaTest.errors(separate, #"{"v": 3}"#) == [])
        // Two conditions, each with its own branches; boolean schemas as conditions and branches.
        let (rules, _) = try SchemaTest.importing(
            ##"""
            {"properties": {"kind": {"enum": ["a", "b"]}, "x": {"type": "string"}, "y": {"type": "string"}, "z": {"type": "string"},
                            "w": {"type": "string", "if": true, "then": {"maxLength": 2}, "else": false}},
             "allOf": [{"if": {"properties": {"kind": {"const": "a"}}, "required": ["kind"]}, "then": {"required": ["x"]}},
                       {"if": {"properties": {"kind": {"const": "b"}}, "required": ["kind"]}, "then": {"required": ["y"]},
                        "else": {"properties": {"z": {"maxLength": 1}}}}]}
            """##)
        #expect(try SchemaTest.errors(rules, #"{"kind": "a", "z": "long"}"#) == ["x required", "z max_length"])
        #expect(try SchemaTest.errors(rules, #"{"kind": "b", "z": "long"}"#) == ["y required"])
        #expect(try SchemaTest.errors(rules, #"{"w": "abc"}"#) == ["w check"])
    }

    @Test func propertiesOnlyInBranchesAreVisibleOnlyThen() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"properties": {"has_car": {"type": "boolean"}, "kind": {"enum": ["flat", "house"]}},
             "if": {"properties": {"has_car": {"const": true}}, "required": ["has_car"]},
             "then": {"properties": {"plate": {"type": "string", "maxLength": 9}}, "required": ["plate"]},
             "dependencies": {"kind": {"oneOf": [
               {"properties": {"kind": {"const": "flat"}, "floor": {"type": "integer", "minimum": 1}, "sub": {"enum": ["studio", "loft"]}}},
               {"properties": {"kind": {"const": "house"}, "land": {"type": "number"}, "sub": {"enum": ["cottage"]}}, "required": ["land"]}]}}}
            """##)
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(rules.fields.map(\.path), ["has_car", "kind", "plate", "floor", "sub", "land"])
        expectEqual(rules.field("plate")?.visibleConditions.map(\.text), ["(has_car != null and has_car == true)"])
        #expect(try SchemaTest.errors(rules, #"{"has_car": true}"#) == ["plate required"])
        #expect(try SchemaTest.errors(rules, #"{"kind": "house", "sub": "studio"}"#) == ["land required", "sub option"])
        #expect(try SchemaTest.errors(rules, #"{"kind": "flat", "sub": "loft", "floor": 0}"#) == ["floor min"])
        let warnings = RecordChecker(rules).check(json: ["kind": "flat", "land": 5]).violations.map { "\($0.field) \($0.code)" }
        expectEqual(warnings, ["land hidden_value"])
        var form = Form(rules)
        _ = try form.set("kind", to: "house")
        expectEqual(form.options(for: "sub").map(\.value), ["cottage"])
    }

    @Test func anchoredPatternsAreTheFieldsPattern() throws {
        let (rules, _) = try SchemaTest.importing(
            ##"""
            {"properties": {"a": {"type": "string", "pattern": "^\\d{3}$", "errorMessage": {"pattern": "Three digits"}},
                            "b": {"type": "string", "pattern": "^a|b$"},
                            "c": {"type": "string", "pattern": "^x\\$"}}}
            """##)
        expectEqual(rules.field("a")?.pattern?.source, "[0-9]{3}")
        #expect(rules.field("b")?.pattern == nil && rules.field("c")?.pattern == nil)
        #expect(RecordChecker(rules).check(json: ["a": "12a"]).violations.map { "\($0.code) \($0.message)" } == ["pattern Three digits"])
        #expect(try SchemaTest.errors(rules, #"{"b": "ax", "c": "x$y"}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"b": "xax", "c": "x"}"#) == ["b check", "c check"])
    }

    @Test func annotationsAreHintsAndATickBoxIsACheck() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"description": "The whole form", "properties": {
               "bio": {"type": "string", "description": "About you", "examples": ["I sell cars"], "deprecated": true, "writeOnly": true},
               "terms": {"type": "boolean", "const": true, "errorMessage": {"const": "Accept the terms"}}}}
            """##)
        expectEqual(
            rules.field("bio")?.ui, ["description": "About you", "examples": ["I sell cars"], "deprecated": true, "writeOnly": true])
        expectEqual(findings.map(\.pointer), ["/description"])
        expectEqual(rules.field("terms")?.type, .bool)
        expectEqual(RecordChecker(rules).check(json: ["terms": false]).violations.map(\.message), ["Accept the terms"])
        #expect(try SchemaTest.errors(rules, #"{"terms": true}"#) == [])
    }

    /// A schema with no properties a form can show is still a schema: it imports with no
    /// fields (a rules file without `json_schema:` needs one), and checks records all the same.
    @Test func aSchemaWithoutFieldsChecksRecordsAllTheSame() throws {
        let (any, _) = try SchemaTest.importing(#"{"type": "object"}"#)
        #expect(any.fields.isEmpty)
        #expect(try SchemaTest.errors(any, #"{"x": 1}"#) == [])
        let (named, _) = try SchemaTest.importing(#"{"properties": {"a-b": {"type": "string"}}}"#)
        #expect(try SchemaTest.errors(named, #"{"a-b": "x"}"#) == [])
        #expect(try SchemaTest.errors(named, #"{"a-b": 1}"#) == ["a-b type"])
        // A rules file without a schema still needs a field.
        #expect(throws: RulesError.self) { try RuleSet(yaml: "form: f\nfields: []\n") }
    }

    @Test func ruleCheckKeywordsAreReadExactly() throws {
        let (rules, findings) = try SchemaTest.importing(
            ##"""
            {"x-rulecheck-form": "quote", "x-rulecheck-date-format": "dd.MM.yyyy", "x-rulecheck-hidden-values": "keep",
             "x-rulecheck-gates": {"go": "all", "some": ["plan"]},
             "x-rulecheck-sections": [{"id": "one", "title": "One", "fields": ["plan", "start"]}, {"id": "two", "fields": ["price", "code", "owner"]}],
             "properties": {
               "plan": {"type": "string", "enum": ["a", "b"], "x-rulecheck-options": [{"value": "a", "title": "A", "tier": 1}, {"value": "b", "tier": 2}],
                        "x-rulecheck-options-filter": "option.tier < 2"},
               "start": {"type": "string", "pattern": "^x$", "x-rulecheck-type": "date", "x-rulecheck-initial": "today", "x-rulecheck-max": "today + 30d"},
               "price": {"type": "number", "minimum": 5, "exclusiveMinimum": 7, "x-rulecheck-min": "10", "x-rulecheck-value": "20",
                         "readOnly": true, "x-rulecheck-checks": [{"when": "plan == 'a'", "max": "15", "message": {"en": "Too much", "ru": "Много"}}]},
               "code": {"type": "string", "pattern": "^y$", "x-rulecheck-mask": "00-00", "x-rulecheck-required": "plan != null",
                        "x-rulecheck-visible-if": "plan != null", "x-rulecheck-enabled-if": "plan == 'a'", "x-rulecheck-depends-on": ["plan"],
                        "errorMessage": "ignored", "x-rulecheck-messages": {"mask": {"en": "Like 12-34"}}},
               "owner": {"type": "object", "properties": {"first": {"type": "string"}, "last": {"type": "string", "x-rulecheck-required": "true"}},
                         "x-rulecheck-display": "{last}, {first}"}}}
            """##)
        #expect(findings.isEmpty, "\(findings)")
        #expect(rules.form == "quote" && rules.dateFormat.pattern == "dd.MM.yyyy" && rules.hiddenValues == .keep)
        expectEqual(rules.gates.map(\.name), ["go", "some"])
        expectEqual(SchemaTest.layout(rules), ["one (One): plan, start", "two (two): price, code, owner, owner.first, owner.last"])
        expectEqual(rules.field("plan")?.options.map(\.attributes), [["tier": 1], ["tier": 2]])
        #expect(rules.field("start")?.type == .date && rules.field("start")?.max?.text == "today + 30d")
        #expect(
            rules.field("price")?.isComputed == true && rules.field("price")?.min?.text == "10"
                && rules.field("price")?.enabledConditions.isEmpty == true)
        expectEqual(rules.field("price")?.checks.map(\.rule), ["max: 15 when plan == 'a'"])
        #expect(rules.field("code")?.mask?.notation == "00-00" && rules.field("code")?.pattern == nil)
        #expect(rules.field("code")?.dependsOn == [try #require(rules.field("plan")).id])
        var form = Form(rules, today: Fixtures.today)
        expectEqual(form["start"].value, .date(Fixtures.today))
        expectEqual(form["price"].value, 20)
        _ = try form.set("plan", to: "a")
        #expect(form["code"].isVisible && form["code"].isRequired && form["code"].isEnabled)
        expectEqual(form.options(for: "plan").map(\.value), ["a"])
        _ = try form.set("code", to: "12-3")
        expectEqual(form["code"].issues.map(\.message), ["Like 12-34"])
        _ = try form.set("owner.first", to: "Ann")
        expectEqual(form.display("owner"), ", Ann")
        expectEqual(form["owner.last"].issues.map(\.code), [.required])
    }

    @Test func badRuleCheckKeywordsAreErrorsAtTheirPlace() {
        #expect {
            _ = try SchemaTest.importing(
                ##"{"properties": {"a": {"type": "string", "x-rulecheck-checks": [{"expr": "a ==", "when": "true"}]}}}"##)
        } throws: { error in
            "\(error)".contains("s.json:1:65: error: expected a value, found the end of the expression")
        }
        #expect {
            _ = try SchemaTest.importing(##"{"properties": {"a": {"type": "string", "x-rulecheck-checks": {"expr": "true"}}}}"##)
        } throws: { error in
            "\(error)".contains("/properties/a/x-rulecheck-checks: x-rulecheck-checks must be an array of checks")
        }
    }
}
