import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Values of several JSON types: `type: [string, number]`, `const`/`enum` of objects and arrays,
/// properties without a schema, and names a schema constrains without declaring them. Each
/// becomes a field that holds any JSON value, so the schema's answer is the import's.
@Suite("JSON Schema: values of several types")
struct JSONSchemaSeveralTypesTests {
    @Test func aTypeArrayAdmitsEachOfItsTypes() throws {
        let (rules, _) = try SchemaTest.importing(#"{"properties": {"v": {"type": ["integer", "string"], "minLength": 2}}}"#)
        #expect(try SchemaTest.errors(rules, #"{"v": 1}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"v": 1.0}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"v": "ab"}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"v": "a"}"#) == ["v min_length"])
        #expect(try SchemaTest.errors(rules, #"{"v": 1.5}"#) == ["v type"])
        #expect(try SchemaTest.errors(rules, #"{"v": true}"#) == ["v type"])
        #expect(try SchemaTest.errors(rules, #"{"v": [1]}"#) == ["v type"])
        #expect(try SchemaTest.errors(rules, #"{"v": {}}"#) == ["v type"])
    }

    @Test func constAndEnumOfObjectsAndArraysCompareAsJSON() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"properties": {"c": {"const": {"a": [1, true]}}, "e": {"enum": [6, "foo", [], true, {"foo": 12}]}}}"#)
        #expect(try SchemaTest.errors(rules, #"{"c": {"a": [1.0, true]}}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"c": {"a": [true, 1]}}"#) == ["c check"])
        #expect(try SchemaTest.errors(rules, #"{"c": {"a": [1, true], "b": 0}}"#) == ["c check"])
        for good in ["6", "6.0", #""foo""#, "[]", "true", #"{"foo": 12}"#] {
            #expect(try SchemaTest.errors(rules, #"{"e": \#(good)}"#) == [], "\(good)")
        }
        for bad in [#""6""#, "[6]", "false", #"{"foo": false}"#, #"{"foo": 12, "boo": 42}"#] {
            #expect(try SchemaTest.errors(rules, #"{"e": \#(bad)}"#) == ["e check"], "\(bad)")
        }
    }

    /// A property without a schema takes any JSON value; one that `required`, `dependencies` or
    /// an `if`/`then` names without declaring it is such a property too.
    @Test func untypedAndUndeclaredPropertiesTakeAnyJSON() throws {
        let (rules, findings) = try SchemaTest.importing(
            #"""
            {"properties": {"any": {}},
             "required": ["__proto__", "any"],
             "dependencies": {"bar": ["foo"]},
             "if": {"properties": {"kind": {"const": "x"}}, "required": ["kind"]}, "then": {"required": ["extra"]}}
            """#)
        #expect(!findings.contains { $0.message.contains("not listed in 'properties'") })
        #expect(try SchemaTest.errors(rules, #"{"__proto__": 1, "any": {"a": [1]}}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"any": "x"}"#) == ["__proto__ required"])
        #expect(try SchemaTest.errors(rules, #"{"__proto__": [], "any": 0, "bar": {"x": 1}}"#) == ["foo required"])
        #expect(try SchemaTest.errors(rules, #"{"__proto__": [], "any": 0, "bar": 2, "foo": "y"}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"__proto__": 1, "any": 0, "kind": "x"}"#) == ["extra required"])
        #expect(try SchemaTest.errors(rules, #"{"__proto__": 1, "any": 0, "kind": "y"}"#) == [])
    }

    /// A pattern of digits folds digits typed in any script on a text field only: a `json`
    /// field and an array's elements (a `values` field) have no `digits`, so the rules file the
    /// import prints compiles (it printed `digits: 'fold'` on both, which does not).
    @Test func aPatternOfDigitsFoldsDigitsOnATextFieldOnly() throws {
        let schema = #"""
            {"properties": {
              "text": {"type": "string", "pattern": "^[0-9]+$"},
              "code": {"type": ["string", "number"], "pattern": "^[0-9]+$"},
              "tags": {"type": "array", "items": {"type": "string", "pattern": "^[0-9]+$"}},
              "any": {"type": "array", "items": {"pattern": "^[0-9]+$"}}}}
            """#
        let printed = try SchemaTest.rulesFile(schema)
        #expect(printed.components(separatedBy: "digits: 'fold'").count == 2, "\(printed)")
        let rules = try RuleSet(yaml: printed, source: "printed.yaml")
        #expect(rules.field("text")?.foldsDigits == true)
        #expect(SchemaTest.errors(rules, ["text": "12", "code": "12", "tags": ["1"], "any": ["3"]]) == [])
        #expect(
            SchemaTest.errors(rules, ["code": "1a", "tags": ["1a"], "any": ["3a"]]) == ["any pattern", "code pattern", "tags pattern"])
    }

    /// An array's elements are held to their `format` as a field is: with a `pattern` too, the
    /// format's shape is a check of each element in the form (it was "not checked"); the
    /// schema's own verdict asserts the format when formats assert, as for a field.
    @Test func anElementsFormatBesideAPatternIsChecked() throws {
        let schema =
            #"{"properties": {"mails": {"type": "array", "items": {"type": "string", "pattern": "^[a-z@.]+$", "format": "email"}}}}"#
        let (_, findings) = try SchemaTest.importing(schema)
        #expect(!findings.contains { $0.message.contains("not checked") }, "\(findings)")
        let printed = try SchemaTest.rulesFile(schema)
        #expect(
            printed.contains(
                "    type: values\n    pattern: '[a-z\\x{40}\\x{2E}]+'\n    checks:\n      - pattern: '[^\\s@]+@[^\\s@]+\\.[^\\s@]+'\n"),
            "\(printed)")
    }

    /// `anyOf`/`oneOf` of schemas of different types on a value of several types.
    @Test func combinatorsSeeEachValuesType() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"properties": {"a": {"anyOf": [{"type": "integer"}, {"minimum": 2}]}, "o": {"oneOf": [{"type": "integer"}, {"minimum": 2}]}}}"#
        )
        #expect(try SchemaTest.errors(rules, #"{"a": 1, "o": 1}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"a": 2.5, "o": 2.5}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"a": "x", "o": "x"}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"a": 3, "o": 3}"#) == ["o check"])
        #expect(try SchemaTest.errors(rules, #"{"a": 1.5, "o": 1.5}"#) == ["a check", "o check"])
    }

    /// `anyOf`/`oneOf` of object schemas at the root: a check on the object's fields.
    @Test func combinatorsOfObjectSchemas() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"type": "object", "oneOf": [{"required": ["foo", "bar"]}, {"required": ["foo", "baz"]}]}"#)
        #expect(try SchemaTest.errors(rules, #"{"foo": 1, "bar": 2}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"foo": 1, "baz": 3}"#) == [])
        #expect(try SchemaTest.errors(rules, #"{"bar": 2}"#) != [])
        #expect(try SchemaTest.errors(rules, #"{"foo": 1, "bar": 2, "baz": 3}"#) != [])
    }

    /// In CSV a cell of a field of several types is JSON text when it reads as JSON, else a string.
    @Test func csvCellsAreJSONText() throws {
        let (rules, _) = try SchemaTest.importing(#"{"properties": {"v": {"type": ["number", "string", "array"], "maxItems": 1}}}"#)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let columns = checker.columns(["v"])
        func errors(_ cell: String) -> [String] {
            checker.check(cells: [cell], columns: columns).filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(errors("12"), [])
        expectEqual(errors("abc"), [])
        #expect(errors(#""12""#) == [])
        expectEqual(errors("[1]"), [])
        expectEqual(errors("[1, 2]"), ["v items"])
        expectEqual(errors("true"), ["v type"])
        #expect(errors(#"{"a": 1}"#) == ["v type"])
    }

    /// A CSV cell that does not read as its field's type is judged as written: the schema sees
    /// the text, never an absent member (which an optional property would let pass).
    @Test func csvCellsOfAnotherTypeAreErrorsUnderTheSchema() throws {
        let (rules, _) = try SchemaTest.importing(
            #"{"properties": {"n": {"type": "integer"}, "ok": {"type": "boolean"}, "d": {"type": "string", "format": "date"}}}"#)
        let checker = RecordChecker(rules, today: Fixtures.today)
        let columns = checker.columns(["n", "ok", "d"])
        func errors(_ cells: [String]) -> [String] {
            checker.check(cells: cells, columns: columns).filter { $0.severity == .error }.map { "\($0.field) \($0.code.rawValue)" }
        }
        expectEqual(errors(["12", "true", "2024-01-31"]), [])
        expectEqual(errors(["abc", "", ""]), ["n type"])
        expectEqual(errors(["", "maybe", ""]), ["ok type"])
        expectEqual(errors(["1.5", "", ""]), ["n type"])
    }
}

/// The rules file an import prints reads back as the same rules.
@Suite("JSON Schema: the printed rules file")
struct JSONSchemaPrintedRulesTests {
    /// Negative numbers were printed quoted (`value: '-2'`), which a rules file reads as text:
    /// the printed rules then refused the number -2 that the schema allows.
    @Test func negativeNumbersStayNumbers() throws {
        let schema = #"{"properties": {"v": {"const": -2.0}, "w": {"enum": [-1, -2.5]}, "n": {"type": "integer", "minimum": -5}}}"#
        let printed = try RuleSet(yaml: SchemaTest.rulesFile(schema), source: "printed.yaml")
        expectEqual(SchemaTest.errors(printed, ["v": -2, "w": -2.5, "n": -5]), [])
        expectEqual(SchemaTest.errors(printed, ["v": 2, "w": "-1", "n": -6]), ["n min", "v option", "w option"])
    }
}
