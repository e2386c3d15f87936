import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckBatch
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// Issue 22: random rules with large and decimal bounds and `multiple_of` steps, random numbers
/// on both sides of them, and every way in — a form typed into, the record checker on JSON, the
/// batch checker on CSV and on JSON Lines, `POST /v1/check` — give the same violations, and the
/// ones a reference of our own computes (`Int128` arithmetic on the numbers scaled to whole
/// numbers, independent of ExactDecimal).
@Suite("Exact numbers: form = batch = HTTP = reference")
struct ExactNumbersAgreementTests {
    /// Every number here has at most this many digits after the point.
    static let scale = 10
    static let one = Int128(10_000_000_000)

    /// A number of ten-billionths as plain decimal text, as a JSON number and a CSV cell write it.
    static func text(_ scaled: Int128) -> String {
        let negative = scaled < 0
        let magnitude = negative ? -scaled : scaled
        var whole = String(magnitude / one)
        var fraction = String(magnitude % one)
        fraction = String(repeating: "0", count: scale - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { whole += "." + fraction }
        return (negative ? "-" : "") + whole
    }

    /// A random number of up to `digits` whole digits, whole or with up to `scale` decimals.
    static func number(_ random: inout SplitMix64, digits: Int, whole: Bool) -> Int128 {
        var value: Int128 = 0
        for _ in 0..<Int.random(in: 1...digits, using: &random) { value = value * 10 + Int128(Int.random(in: 0...9, using: &random)) }
        value *= one
        if !whole {
            let places = Int.random(in: 1...scale, using: &random)
            var unit: Int128 = 1
            for _ in 0..<(scale - places) { unit *= 10 }
            value += Int128(Int.random(in: 0..<1_000_000_000, using: &random)) % (one / unit) * unit
        }
        return Bool.random(using: &random) ? -value : value
    }

    struct Field {
        let id: String
        let isInteger: Bool
        var min: Int128?
        var max: Int128?
        var step: Int128?
        /// A check `x > above`.
        var above: Int128?

        /// What the reference says `value` fails: the codes, in the rules' order of checks.
        func failures(_ value: Int128) -> [String] {
            var codes: [String] = []
            if let min, value < min { codes.append("min") }
            if let max, value > max { codes.append("max") }
            if let step, value % step != 0 { codes.append("check") }
            if let above, !(value > above) { codes.append("check") }
            return codes
        }

        var yaml: String {
            var lines = ["  - id: \(id)", "    type: \(isInteger ? "integer" : "number")"]
            if let min { lines.append("    min: \(ExactNumbersAgreementTests.text(min))") }
            if let max { lines.append("    max: \(ExactNumbersAgreementTests.text(max))") }
            var checks: [String] = []
            if let step { checks.append("      - expr: 'multiple_of(\(id), \(ExactNumbersAgreementTests.text(step)))'") }
            if let above { checks.append("      - expr: '\(id) > \(ExactNumbersAgreementTests.text(above))'") }
            if !checks.isEmpty { lines += ["    checks:"] + checks }
            return lines.joined(separator: "\n")
        }
    }

    static func fields(_ random: inout SplitMix64) -> [Field] {
        let steps: [Int128] = [2, 3, 7, 9_007_199_254_740_993].map { $0 * one } + [100_000_000, 1_000_000_000, 3, 25_000_000_000]
        return (0..<4).map { index in
            let isInteger = Bool.random(using: &random)
            var field = Field(id: "f\(index)", isInteger: isInteger)
            if Bool.random(using: &random) { field.min = number(&random, digits: 25, whole: isInteger) }
            if Bool.random(using: &random) { field.max = number(&random, digits: 25, whole: isInteger) }
            if let min = field.min, let max = field.max, min > max { (field.min, field.max) = (max, min) }
            if Bool.random(using: &random) { field.step = steps.randomElement(using: &random) }
            if Int.random(in: 0..<3, using: &random) == 0 { field.above = number(&random, digits: 20, whole: false) }
            return field
        }
    }

    /// A value near one of the field's bounds or multiples: one digit in the last place away, or
    /// exactly on it.
    static func value(_ field: Field, _ random: inout SplitMix64) -> Int128 {
        let anchors = [field.min, field.max, field.above, field.step.map { $0 * Int128(Int.random(in: -1_000...1_000, using: &random)) }]
            .compactMap { $0 }
        let base = anchors.randomElement(using: &random) ?? number(&random, digits: 22, whole: field.isInteger)
        var nudge = Int128(Int.random(in: -1...1, using: &random))
        if field.isInteger {
            nudge *= one
        } else {
            for _ in 0..<Int.random(in: 0...scale, using: &random) { nudge *= 10 }
        }
        var value = base + nudge
        // An integer field's number must be whole (a fraction would be a `type` failure).
        if field.isInteger { value -= value % one }
        return value
    }

    @Test(arguments: 0..<3)
    func everyWayInGivesTheReferencesAnswer(batch: Int) async throws {
        let directory = try TemporaryDirectory()
        var checked = 0
        var failed = 0
        for index in 0..<8 {
            var random = SplitMix64(seed: UInt64(22_000 + batch * 100 + index))
            let fields = Self.fields(&random)
            let yaml = "form: exact\nfields:\n" + fields.map(\.yaml).joined(separator: "\n") + "\n"
            let rules = try RuleSet(yaml: yaml, source: "exact.yaml")
            let records = (0..<25).map { _ in fields.map { Self.value($0, &random) } }
            // What the reference says: `record field code`, sorted.
            var expected: [String] = []
            for (number, record) in records.enumerated() {
                for (field, value) in zip(fields, record) {
                    expected += field.failures(value).map { "\(number + 1) \(field.id) \($0)" }
                }
            }
            expected.sort()
            checked += records.count * fields.count
            failed += expected.count

            let checker = RecordChecker(rules, today: Day(iso: "2026-11-22")!)
            let csv =
                ([fields.map(\.id).joined(separator: ",")] + records.map { $0.map(Self.text).joined(separator: ",") })
                .joined(separator: "\n") + "\n"
            let jsonl = records.map { record in
                "{" + zip(fields, record).map { "\"\($0.id)\": \(Self.text($1))" }.joined(separator: ", ") + "}\n"
            }.joined()
            let context = "seed \(22_000 + batch * 100 + index)\n\(yaml)"
            #expect(try Self.batch(checker, csv, .csv) == expected, "CSV, \(context)")
            #expect(try Self.batch(checker, jsonl, .jsonl) == expected, "JSON Lines, \(context)")

            var fromJSON: [String] = []
            var fromForm: [String] = []
            for (number, line) in jsonl.split(separator: "\n").enumerated() {
                let object = try #require(try JSONParser().parse(String(line)).object)
                fromJSON += checker.check(json: object).violations.map { "\(number + 1) \($0.field) \($0.code.rawValue)" }
                var form = Form(rules, today: Day(iso: "2026-11-22")!)
                for (field, value) in zip(fields, records[number]) {
                    try form.type(field.id, text: Self.text(value))
                    fromForm += form[field.id].issues.map { "\(number + 1) \(field.id) \($0.code.rawValue)" }
                }
            }
            expectEqual(fromJSON.sorted(), expected, "record checker on JSON, \(context)")
            expectEqual(fromForm.sorted(), expected, "form typed into, \(context)")

            let file = try directory.write("exact\(index).yaml", yaml)
            let harness = ServerHarness(files: [file])
            let answer = try await harness.send(.post, "/v1/check", text: jsonl, type: "application/x-ndjson")
            let overHTTP = (answer.json["violations"]?.array ?? []).compactMap { violation -> String? in
                guard let record = violation["record"]?.integer, let field = violation["field"]?.string,
                    let code = violation["code"]?.string
                else { return nil }
                return "\(record) \(field) \(code)"
            }
            expectEqual(overHTTP.sorted(), expected, "POST /v1/check, \(context)")
        }
        #expect(failed > checked / 10, "\(failed) failures of \(checked) values")
        #expect(failed < checked * 19 / 20, "\(failed) failures of \(checked) values")
    }

    /// `record field code` of each violation of a batch check of `text`, sorted.
    static func batch(_ checker: RecordChecker, _ text: String, _ format: RecordFormat) throws -> [String] {
        let sink = OutputSink.memory()
        _ = try BatchCheck(checker: checker, options: .init(jobs: 1)).run(
            bytes: Array(text.utf8), name: "-", format: format, report: ReportFormat.jsonl.report(to: sink))
        return try sink.text.split(separator: "\n").compactMap { line -> String? in
            let json = try JSONParser().parse(String(line))
            guard let record = json["record"]?.integer, let field = json["field"]?.string, let code = json["code"]?.string else {
                return nil
            }
            return "\(record) \(field) \(code)"
        }.sorted()
    }
}
