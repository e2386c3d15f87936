@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Names `n0`, `n1` … are number fields, `b…` bool, `t…` text and `d…` date fields.
private struct ChainScope: NameResolver {
    static let kinds: [Character: (offset: Int, type: ExprType)] = [
        "n": (0, .number), "b": (100_000, .bool), "t": (200_000, .text), "d": (300_000, .date),
    ]

    func resolve(_ parts: [String]) -> NameResolution {
        guard parts.count == 1, let first = parts[0].first, let kind = Self.kinds[first],
            let number = Int(parts[0].dropFirst())
        else { return .notFound(suggestion: nil) }
        return .field(FieldID(kind.offset + number), kind.type)
    }

    static func id(_ name: String) -> Int {
        guard case .field(let id, _) = ChainScope().resolve([name]) else { return -1 }
        return id.index
    }
}

/// Counts the field reads, to see and/or stop early.
private final class ReadCount: @unchecked Sendable {
    var reads = 0
}

private struct ChainContext: EvaluationContext {
    var values: [Int: Value] = [:]
    var today = Fixtures.today
    var numbers: NumberSymbols? = nil
    let count = ReadCount()
    var option: ChoiceOption? { nil }
    func value(of field: FieldID) -> Value? {
        count.reads += 1
        return values[field.index]
    }
    func itemCount(of list: FieldID) -> Int { 0 }
}

private func compiled(_ text: String) throws -> Expr {
    var compiler = ExpressionCompiler(resolver: ChainScope())
    return try compiler.compile(try Parser.parse(text)).0
}

private func context(_ values: [String: Value?]) -> ChainContext {
    var context = ChainContext()
    for case (let name, let value?) in values { context.values[ChainScope.id(name)] = value }
    return context
}

private func evaluate(_ text: String, _ values: [String: Value?] = [:]) throws -> Value? {
    try compiled(text).evaluate(context(values))
}

private func compileError(_ text: String) -> ExpressionError? {
    var compiler = ExpressionCompiler(resolver: ChainScope())
    do {
        _ = try compiler.compile(try Parser.parse(text))
        return nil
    } catch {
        return error
    }
}

private func day(_ iso: String) -> Value { .date(Day(iso: iso)!) }

/// A chain of operators of one precedence level (`a + b - c + d`, `x or y or z`) is not nesting:
/// it compiles whatever its length, and its value and type errors are those of the same
/// operators applied pairwise from the left, `((a + b) - c) + d`.
@Suite("Expression chains")
struct ExpressionChainTests {
    private static let terms = 5_000

    /// A form summing 5,000 fields: the form and the record checker agree on the known sum.
    @Test func aSumOfFiveThousandFieldsComputes() throws {
        let names = (0..<Self.terms).map { "f\($0)" }
        let yaml =
            "form: big\nfields:\n" + names.map { "  - id: \($0)\n    type: number\n" }.joined()
            + "  - id: total\n    type: number\n    value: " + names.joined(separator: " + ") + "\n"
        let expected = Double(Self.terms * (Self.terms - 1) / 2)  // 0 + 1 + … + 4999
        let results = onSmallStack { () -> (Value?, [IssueCode], [IssueCode])? in
            guard let rules = try? RuleSet(yaml: yaml, source: "big.yaml") else { return nil }
            var record: JSONObject = [:]
            for (index, name) in names.enumerated() { record[name] = .number(Double(index)) }
            let form = Form.filled(rules, record: record, today: Fixtures.today).form
            let checker = RecordChecker(rules, today: Fixtures.today)
            var cells = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, String($0)) })
            cells["total"] = Value.format(expected)
            let right = checker.check(cells).map(\.code)
            cells["total"] = Value.format(expected + 1)
            return (form["total"].value, right, checker.check(cells).map(\.code))
        }
        expectEqual(results?.0, .number(expected))
        expectEqual(results?.1, [])
        expectEqual(results?.2, [.computed])
    }

    @Test func fiveThousandConditionsJoinedByOrAndAnd() throws {
        let or = (0..<Self.terms).map { "n0 == \($0)" }.joined(separator: " or ")
        let and = (0..<Self.terms).map { "n0 != \($0)" }.joined(separator: " and ")
        let results = onSmallStack { () -> [Value?] in
            [4321.0, 4999, 5000, nil].flatMap { (n: Double?) -> [Value?] in
                let values: [String: Value?] = ["n0": n.map(Value.number)]
                return [(try? evaluate(or, values)) ?? .text("error"), (try? evaluate(and, values)) ?? .text("error")]
            }
        }
        expectEqual(results, [.bool(true), .bool(false), .bool(true), .bool(false), .bool(false), .bool(true), .bool(false), .bool(true)])
    }

    /// `and` stops at the first operand that does not hold, `or` at the first that does, as the
    /// two-operand forms do; null counts as false.
    @Test func andOrStopEarlyAndTreatNullAsFalse() throws {
        let states: [Value?] = [.bool(true), .bool(false), nil]
        for a in states {
            for b in states {
                for c in states {
                    let values: [String: Value?] = ["b0": a, "b1": b, "b2": c]
                    for op in ["and", "or"] {
                        let chain = context(values), nested = context(values)
                        let flat = try compiled("b0 \(op) b1 \(op) b2").evaluate(chain)
                        let binary = try compiled("(b0 \(op) b1) \(op) b2").evaluate(nested)
                        expectEqual(flat, binary, "\(op) \(values)")
                        expectEqual(chain.count.reads, nested.count.reads, "\(op) \(values)")
                    }
                }
            }
        }
        let early = context(["b0": .bool(false)])
        #expect(try compiled((0..<Self.terms).map { "b\($0)" }.joined(separator: " and ")).evaluate(early) == .bool(false))
        expectEqual(early.count.reads, 1)
        expectEqual(try evaluate("b0 or null or b1", ["b1": .bool(true)]), .bool(true))
        expectEqual(try evaluate("b0 and true and null"), .bool(false))
    }

    @Test(arguments: [
        ("n0 + n1 - n2 + n3", "((n0 + n1) - n2) + n3"),
        ("n0 - n1 - n2 - n3", "((n0 - n1) - n2) - n3"),
        ("n0 * n1 / n2 * n3", "((n0 * n1) / n2) * n3"),
        ("n0 / n1 / n2", "(n0 / n1) / n2"),
        ("d0 + 1y - 2m + 10d", "((d0 + 1y) - 2m) + 10d"),
        ("1y + d0 - 1w - 3d", "((1y + d0) - 1w) - 3d"),
        ("d0 - d1 + n0 - 3", "((d0 - d1) + n0) - 3"),
        ("today - 18y - 1d", "(today - 18y) - 1d"),
        ("t0 + ' ' + t1 + '!'", "((t0 + ' ') + t1) + '!'"),
        ("n0 + n1 * n2 - n3 / 2 + -n0", "((n0 + (n1 * n2)) - (n3 / 2)) + (-n0)"),
    ])
    func aChainIsTheBinaryOperatorsFromTheLeft(_ chain: String, _ nested: String) throws {
        let samples: [[String: Value?]] = [
            [
                "n0": .number(7), "n1": .number(2), "n2": .number(4), "n3": .number(0.5),
                "d0": day("2024-01-31"), "d1": day("2023-12-25"), "t0": .text("ab"), "t1": .text("c"),
            ],
            ["n0": .number(1), "n1": nil, "n2": .number(0), "n3": .number(3), "d0": nil, "d1": day("2000-02-29"), "t0": .text("x")],
            ["n2": .number(0), "n3": nil, "d0": day("0001-01-01"), "d1": nil, "t1": .text("y")],
        ]
        for values in samples {
            #expect(try evaluate(chain, values) == evaluate(nested, values), "\(values)")
        }
        #expect(try evaluate(chain, samples[0]) != nil)
    }

    @Test(arguments: [
        // The same message and range as the parenthesised form.
        ("n0 + n1 + t0 + n2", "cannot apply '+' to number and text", 0..<12),
        ("n0 * n1 * t0 * n2", "the right side of '*' must be a number, but this is text", 10..<12),
        ("d0 + 1y + n0 + 1y", "add a duration to a date, such as 10d or 1y, not a number", 10..<12),
        ("n0 - 1 + 1y", "a duration can only be added to or subtracted from a date, but this is a number", 0..<6),
        ("b0 or n0 or b1", "expected a condition (bool), but this is a number; write 'n0 != null' or 'not empty(n0)'", 6..<8),
        ("b0 and b1 and t0 and b2", "expected a condition (bool), but this is text; write 't0 != null' or 'not empty(t0)'", 14..<16),
    ])
    func aTypeErrorInAChainPointsAtItsPlace(_ text: String, _ message: String, _ range: Range<Int>) {
        let error = compileError(text)
        expectEqual(error?.message, message)
        expectEqual(error?.range, range)
    }

    /// Nesting is still limited: parentheses, calls and `not` count, a chain is one level.
    @Test func deepParenthesesAreStillRefused() throws {
        let deep = String(repeating: "(", count: 150) + "n0 + n1 + n2" + String(repeating: ")", count: 150)
        expectEqual(compileError(deep)?.message, "expression nests too deeply (more than 100 levels); split it into computed fields")
        let nestedChains = String(repeating: "n0 + (", count: 98) + "n0 + n1 + n2" + String(repeating: ")", count: 98)
        expectEqual(try evaluate(nestedChains, ["n0": .number(1), "n1": .number(1), "n2": .number(1)]), .number(101))
        let tooDeep = String(repeating: "n0 + (", count: 100) + "n0 + n1 + n2" + String(repeating: ")", count: 100)
        expectEqual(compileError(tooDeep)?.message.hasPrefix("expression nests too deeply"), true)
        expectEqual(try Parser.parse("a + b + c + d").depth, 2)
        expectEqual(try Parser.parse("a + b").depth, 2)
    }

    /// Random chains of every level, with random operators within the level and random values
    /// (null included), give what their explicitly parenthesised binary forms give.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func randomChainsMatchTheirParenthesisedForms(_ seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let levels: [(operators: [String], operand: (inout SeededRandom) -> String)] = [
            (["or"], { r in r.pick(["b0", "b1", "b2", "true", "false", "null", "n0 > 1", "not b1"]) }),
            (["and"], { r in r.pick(["b0", "b1", "b2", "true", "null", "n1 == null", "(b0 or b2)"]) }),
            (["+", "-"], { r in r.pick(["n0", "n1", "n2", "3", "0.5", "n0 * n1", "(n1 - n2)", "-n2", "len(t0)"]) }),
            (["*", "/"], { r in r.pick(["n0", "n1", "n2", "2", "0", "-1.5", "(n0 + 1)", "round(n1)"]) }),
        ]
        for _ in 0..<200 {
            let level = random.pick(levels)
            let count = Int.random(in: 3...12, using: &random)
            let operands = (0..<count).map { _ in level.operand(&random) }
            let operators = (1..<count).map { _ in random.pick(level.operators) }
            var chain = operands[0]
            var nested = operands[0]
            for (op, operand) in zip(operators, operands.dropFirst()) {
                chain += " \(op) \(operand)"
                nested = "(\(nested) \(op) \(operand))"
            }
            let values: [String: Value?] = [
                "n0": random.pick([.number(2), .number(-3.25), nil]), "n1": random.pick([.number(0), .number(7), nil]),
                "n2": random.pick([.number(1e308), .number(5), nil]), "t0": random.pick([.text("abc"), nil]),
                "b0": random.pick([.bool(true), .bool(false), nil]), "b1": random.pick([.bool(true), .bool(false), nil]),
                "b2": random.pick([.bool(true), .bool(false), nil]),
            ]
            let flat = context(values), binary = context(values)
            #expect(try compiled(chain).evaluate(flat) == compiled(nested).evaluate(binary), "\(chain) with \(values)")
            expectEqual(flat.count.reads, binary.count.reads, "\(chain)")
        }
    }
}

/// A chain of conditions exports as one `anyOf`/`allOf` (JSON Forms: one `OR`/`AND`) of all its
/// operands, and lint judges it as the binary nodes from the left.
@Suite("Expression chains exported and linted")
struct ExpressionChainExportTests {
    private static let yaml = rules(visibleIf: #"kind == "a" or kind == "b" or kind == "c""#)

    private static func rules(visibleIf: String) -> String {
        """
        form: t
        fields:
          - id: kind
            type: choice
            options: [a, b, c]
          - id: code
            type: text
            visible_if: \(visibleIf)
            required: kind != "a" and kind != "b" and kind != null
        """
    }

    @Test func aChainExportsFlat() throws {
        let rules = try RuleSet(yaml: Self.yaml, source: "t.yaml")
        let code = try #require(rules.fields.first { $0.name == "code" })
        let export = ConditionExport(rules: rules, list: nil)
        let visible = try #require(code.visibleConditions.first?.expr)
        let required = try #require(code.required?.expr)
        let anyOf = try #require(export.schema(visible).flatMap { try? JSONParser().parse(Array($0.text.utf8)) })
        expectEqual(anyOf["anyOf"]?.array?.count, 3)
        expectEqual(anyOf["anyOf"]?.array?.last, ["properties": ["kind": ["const": "c"]], "required": ["kind"]])
        let and = try #require(export.jsonForms(required).flatMap { try? JSONParser().parse(Array($0.text.utf8)) })
        #expect(and["type"] == "AND" && and["conditions"]?.array?.count == 3)
    }

    @Test func lintJudgesAChainOfConditions() {
        let never = Self.rules(visibleIf: #"kind == "x" or kind == "y" or kind == "z""#)
        #expect(Fixtures.diagnostics(never).contains { $0.contains("'code' is required but can never be visible") })
        #expect(Fixtures.diagnostics(Self.yaml).allSatisfy { !$0.contains("never") })
    }
}
