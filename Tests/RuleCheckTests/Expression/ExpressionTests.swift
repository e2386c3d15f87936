@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A scope with one field of each type: n, m (number), t, u (text), d, e (date), b (bool),
/// c (choice of text), tags (multi_choice).
private struct TestScope: NameResolver {
    static let fields: [String: (index: Int, type: ExprType)] = [
        "n": (0, .number), "m": (1, .number), "t": (2, .text), "u": (3, .text), "d": (4, .date), "e": (5, .date),
        "b": (6, .bool), "c": (7, .text), "tags": (8, .list(.text)),
    ]

    func resolve(_ parts: [String]) -> NameResolution {
        let name = parts.joined(separator: ".")
        guard let field = Self.fields[name] else {
            return .notFound(suggestion: NearMiss.suggestion(for: name, among: Self.fields.keys.sorted()))
        }
        return .field(FieldID(field.index), field.type)
    }
}

private struct TestContext: EvaluationContext {
    var values: [Int: Value] = [:]
    var today = Fixtures.today
    var numbers: NumberSymbols? = nil
    var option: ChoiceOption? { nil }
    func value(of field: FieldID) -> Value? { values[field.index] }
    func itemCount(of list: FieldID) -> Int { 0 }
}

private func evaluate(_ text: String, _ values: [String: Value] = [:], today: Day = Fixtures.today) throws -> Value? {
    var compiler = ExpressionCompiler(resolver: TestScope())
    let (expr, _) = try compiler.compile(try Parser.parse(text))
    var context = TestContext(today: today)
    for (name, value) in values {
        context.values[TestScope.fields[name]!.index] = value
    }
    return expr.evaluate(context)
}

private func compileError(_ text: String) -> ExpressionError? {
    var compiler = ExpressionCompiler(resolver: TestScope())
    do {
        _ = try compiler.compileCondition(try Parser.parse(text))
        return nil
    } catch {
        return error
    }
}

private func day(_ iso: String) -> Value { .date(Day(iso: iso)!) }

@Suite("Expressions")
struct ExpressionTests {
    @Test(arguments: [
        // Precedence: or < and < not < comparison < + - < * / < unary -.
        ("1 + 2 * 3", Value.number(7)),
        ("(1 + 2) * 3", .number(9)),
        ("-2 * 3", .number(-6)),
        ("10 / 4", .number(2.5)),
        ("7 - 2 - 1", .number(4)),
        ("not 1 == 2", .bool(true)),
        ("true or false and false", .bool(true)),
        ("(true or false) and false", .bool(false)),
        ("! false && true", .bool(true)),
        ("false || 2 >= 2", .bool(true)),
        ("'a' + \"b\"", .text("ab")),
        ("3 in [1, 2, 3]", .bool(true)),
        ("'x' in ['a', 'b']", .bool(false)),
        ("'b' < 'c'", .bool(true)),
        ("len('ёжик')", .number(4)),
        ("len('🙂')", .number(1)),
        ("upper('ёж') + lower('ЖУК')", .text("ЁЖжук")),
        ("trim('  a b  ')", .text("a b")),
        ("matches('abc123', '[0-9]+')", .bool(true)),
        ("matches('abc', '^[0-9]+$')", .bool(false)),
        (#"matches('2024', '^\d{4}$')"#, .bool(true)),
        ("empty('')", .bool(true)),
        ("empty('x')", .bool(false)),
    ])
    func evaluation(_ text: String, _ expected: Value) throws {
        expectEqual(try evaluate(text), expected)
    }

    @Test(arguments: [
        // Null rules: == and != treat null as a value, ordering with null is false,
        // arithmetic with null is null, and null is false as a condition.
        ("n == null", Value?.some(.bool(true))),
        ("n != null", .bool(false)),
        ("n > 1", .bool(false)),
        ("n <= 1", .bool(false)),
        ("n + 1", nil),
        ("-n", nil),
        ("t == 'x'", .bool(false)),
        ("t != 'x'", .bool(true)),
        ("n == m", .bool(true)),
        ("not b", .bool(true)),
        ("b and true", .bool(false)),
        ("b or true", .bool(true)),
        ("t in ['a', 'b']", .bool(false)),
        ("t + 'x'", nil),
        ("len(t)", nil),
        ("empty(t)", .bool(true)),
        ("empty(tags)", .bool(true)),
        ("count(tags)", .number(0)),
        ("d + 1y", nil),
        ("age(d)", nil),
        ("matches(t, 'a')", .bool(false)),
        ("1 / 0", nil),
    ])
    func nullRules(_ text: String, _ expected: Value?) throws {
        expectEqual(try evaluate(text), expected)
    }

    @Test(arguments: [
        // Month arithmetic clamps to the month's last day.
        ("2024-02-29 + 1y", "2025-02-28"),
        ("2024-02-29 - 1y", "2023-02-28"),
        ("2024-02-29 + 4y", "2028-02-29"),
        ("2024-01-31 + 1m", "2024-02-29"),
        ("2023-01-31 + 1m", "2023-02-28"),
        ("2023-03-31 - 1m", "2023-02-28"),
        ("2023-12-15 + 1m", "2024-01-15"),
        ("2024-01-15 - 13m", "2022-12-15"),
        ("2024-02-28 + 2d", "2024-03-01"),
        ("2024-01-01 + 2w", "2024-01-15"),
        ("today - 18y", "2008-11-22"),
        ("today + 60d", "2027-01-21"),
        ("18y + 2000-01-01", "2018-01-01"),
        ("today - 1y - 6m", "2025-05-22"),
    ])
    func dateArithmetic(_ text: String, _ iso: String) throws {
        expectEqual(try evaluate(text), day(iso))
    }

    @Test func dateFunctionsAndDifferences() throws {
        expectEqual(try evaluate("2024-03-01 - 2024-02-01"), .number(29))
        expectEqual(try evaluate("age(d)", ["d": day("2008-11-22")]), .number(18))
        expectEqual(try evaluate("age(d)", ["d": day("2008-11-23")]), .number(17))
        expectEqual(try evaluate("year(d)", ["d": day("1999-12-31")]), .number(1999))
        // age(d) >= 18 exactly when d <= today - 18y: a Feb 29 birthday comes on Mar 1 in common years.
        let feb28 = Day(iso: "2026-02-28")!, mar1 = Day(iso: "2026-03-01")!
        expectEqual(try evaluate("age(d)", ["d": day("2008-02-29")], today: feb28), .number(17))
        expectEqual(try evaluate("d <= today - 18y", ["d": day("2008-02-29")], today: feb28), .bool(false))
        expectEqual(try evaluate("age(d)", ["d": day("2008-02-29")], today: mar1), .number(18))
        expectEqual(try evaluate("d <= today - 18y", ["d": day("2008-02-29")], today: mar1), .bool(true))
        expectEqual(try evaluate("d > e", ["d": day("2024-01-02"), "e": day("2024-01-01")]), .bool(true))
    }

    @Test func listMembership() throws {
        expectEqual(try evaluate("'a' in tags", ["tags": ["a", "b"]]), .bool(true))
        expectEqual(try evaluate("'z' in tags", ["tags": ["a", "b"]]), .bool(false))
        expectEqual(try evaluate("count(tags)", ["tags": ["a", "b"]]), .number(2))
        expectEqual(try evaluate("c in ['x', 'y']", ["c": "y"]), .bool(true))
    }

    @Test(
        arguments: [
            ("d > 5", "cannot compare date with number using '>'", 0..<5),
            ("n > 'x'", "cannot compare number with text using '>'", 0..<7),
            ("n == 'x'", "cannot compare number with text", 0..<8),
            ("t", "expected a condition (bool), but this is text; write 't != null' or 'not empty(t)'", 0..<1),
            // Conditions stay strictly bool; the usual mistake, `not t` for "t is empty", gets its fix.
            ("not t", "expected a condition (bool), but this is text; write 'empty(t)' or 't == null'", 4..<5),
            ("b and not n", "expected a condition (bool), but this is a number; write 'empty(n)' or 'n == null'", 10..<11),
            ("n + 1", "expected a condition (bool), but this is a number", 0..<5),
            ("nn > 1", "unknown field 'nn'; did you mean 'n'?", 0..<2),
            ("n > ", "expected a value, found the end of the expression", 4..<4),
            ("n = 1", "'=' is not an operator; use '==' to compare", 2..<3),
            ("1 < n < 3", "comparisons do not chain: use 'and' between '<' and '<'", 6..<7),
            ("matches(t, '(a')", "invalid regex: missing closing parenthesis", 14..<15),
            (
                "lowr(t) == 'a'",
                "unknown function 'lowr'; did you mean 'lower'? (functions are empty(), len(), count(), age(), year(), lower(), upper(), trim(), round(), floor(), ceil(), trunc(), matches(), multiple_of(), json_type(), json(), number(), sum(), min(), max(), any(), all())",
                0..<7
            ),
            ("len(t, t) > 1", "len() takes 1 argument, not 2", 0..<9),
            ("age(n) > 1", "age() needs a date, but this is a number", 4..<5),
            ("d + 5 > d", "add a duration to a date, such as 10d or 1y, not a number", 4..<5),
            ("n + 1y > 0", "a duration can only be added to or subtracted from a date, but this is a number", 0..<1),
            ("18y", "a duration can only be added to or subtracted from a date, as in today - 18y", 0..<3),
            ("n > null", "'>' with null is always false; use '== null' or '!= null'", 0..<8),
            ("2024-02-30 < d", "'2024-02-30' is not a date", 0..<10),
            ("1.5y > d", "a duration needs a whole number, as in 18y", 0..<4),
            ("t == 'abc", "unterminated text: missing closing '", 5..<9),
            ("[1, 2]", "a list [a, b, …] can only follow 'in'", 0..<6),
            ("tags in ['a']", "'in' needs a single value on its left, but this is a list of text", 0..<4),
            ("option.x == 1", "'option' can only be used in options_filter", 0..<8),
            ("n > 1 n", "unexpected name 'n' after the expression", 6..<7),
        ] as [(String, String, Range<Int>)])
    func compileErrors(_ text: String, _ message: String, _ range: Range<Int>) {
        let error = compileError(text)
        expectEqual(error?.message, message)
        expectEqual(error?.range, range)
    }
}

/// `type: integer` with `value: a / 3` type-checked and computed 0.333… (so no record could pass):
/// `/` gives a number, and an integer field's value must be whole whatever the inputs.
@Suite("Integer values")
struct IntegerValueTests {
    private static func rules(_ value: String) -> String {
        """
        form: t
        fields:
          - id: a
            type: number
          - id: i
            type: integer
          - id: t
          - id: b
            type: integer
            value: \(value)
        """
    }

    @Test(arguments: [
        ("a / 3", "a / 3", 12),
        ("i * 1.5", "1.5", 16),
        ("i + a", "a", 16),
        ("-(a)", "a", 14),
        ("round(a) + i / 2", "i / 2", 23),
    ])
    func aValueThatCanHaveAFractionIsAnError(_ value: String, _ part: String, _ column: Int) {
        #expect(
            Fixtures.diagnostics(Self.rules(value)) == [
                "test.yaml:10:\(column): error: the value of b must be a whole number, but '\(part)' can have a fraction; "
                    + "round it with round(), floor(), ceil() or trunc()"
            ])
    }

    @Test(arguments: ["round(a / 3)", "floor(a) * 2 - i", "len(t) * i + year(today)", "trunc(a) + 1", "-i", "2.0 * i"])
    func aWholeValueCompiles(_ value: String) {
        expectEqual(Fixtures.diagnostics(Self.rules(value)), [])
    }

    @Test(arguments: [
        ("round(a / 3)", 1.0, 0.0), ("round(a / 3)", 2.0, 1.0), ("round(a / 2)", 5.0, 3.0), ("round(a / 2)", -5.0, -3.0),
        ("floor(a / 2)", 7.0, 3.0), ("floor(a / 2)", -7.0, -4.0), ("ceil(a / 2)", 7.0, 4.0), ("ceil(a / 2)", -1.0, 0.0),
        ("trunc(a / 2)", -7.0, -3.0), ("trunc(a / 2)", 7.0, 3.0),
    ])
    func roundingFunctionsGiveWholeNumbers(_ value: String, _ a: Double, _ expected: Double) throws {
        var form = Form(try RuleSet(yaml: Self.rules(value), source: "t.yaml"), today: Fixtures.today)
        try form.set("a", to: .number(a))
        expectEqual(form["b"].value, .number(expected))
        // A record holding the rounded value passes; another whole number is a `computed` finding.
        let checker = RecordChecker(form.rules, today: Fixtures.today)
        expectEqual(checker.check(["a": Value.format(a), "b": Value.format(expected)]), [])
        expectEqual(checker.check(["a": Value.format(a), "b": Value.format(expected + 1)]).map(\.code), [.computed])
    }

    @Test func roundingNeedsANumber() {
        expectEqual(Fixtures.diagnostics(Self.rules("round(t)")), ["test.yaml:10:18: error: round() needs a number, but this is text"])
    }
}
