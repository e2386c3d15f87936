import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Runs `body` on a thread with a small stack (2 MiB; debug builds use far more stack per call than
/// release builds), so that recursion that grows with the input crashes the test instead of passing
/// on the main thread's 8 MiB.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = SmallStackResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 2 << 20
    thread.start()
    done.wait()
    return box.value!
}

/// Written by the small-stack thread before it signals, read after the wait.
private final class SmallStackResult<T>: @unchecked Sendable {
    var value: T?
}

/// Rules files of a few kilobytes whose expressions are nested tens of thousands deep crashed the
/// parser, the compiler and the evaluator (recursion without a bound). Nesting is now limited
/// and reported like any other error in the file.
@Suite("Hostile expressions")
struct HostileExpressionTests {
    private static func rules(value: String, type: String = "number") -> String {
        """
        form: t
        fields:
          - id: a
            type: number
          - id: b
            type: \(type)
            value: \(value)
        """
    }

    /// The first error of compiling `yaml`, or nil when it compiles.
    private static func firstError(_ yaml: String) -> String? {
        onSmallStack {
            do {
                _ = try RuleSet(yaml: yaml, source: "t.yaml")
                return nil
            } catch let error as RulesError {
                // The first line: the rest shows the source line and a caret.
                return error.errors.first?.description.split(separator: "\n").first.map(String.init)
            } catch {
                return "\(error)"
            }
        }
    }

    /// b's value once a is 1, computed on a small stack; nil when the rules do not compile.
    private static func computed(_ value: String) -> Value? {
        onSmallStack {
            guard let rules = try? RuleSet(yaml: Self.rules(value: value), source: "t.yaml") else { return nil }
            var form = Form(rules, today: Fixtures.today)
            _ = try? form.set("a", to: .number(1))
            return form["b"].value
        }
    }

    @Test func deepParenthesesAreAnError() {
        let value = String(repeating: "(", count: 9_000) + "a" + String(repeating: ")", count: 9_000)
        expectEqual(
            Self.firstError(Self.rules(value: value)),
            "t.yaml:7:112: error: expression nests too deeply (more than 100 levels); split it into computed fields [RC3012]")
    }

    /// A chain of one precedence level is not nesting: 14,000 `+ 1` compile and evaluate.
    @Test func longChainsWork() {
        let value = "a" + String(repeating: " + 1", count: 14_000)
        let result = Self.computed(value)
        expectEqual(result, .number(14_001))
    }

    @Test func deepNotsAreAnError() {
        let value = String(repeating: "not ", count: 37_000) + "a > 1"
        expectEqual(Self.firstError(Self.rules(value: value, type: "bool"))?.contains("nests too deeply"), true)
    }

    @Test func deepCallsAndListsAreAnError() {
        let calls = String(repeating: "len(", count: 5_000) + "'x'" + String(repeating: ")", count: 5_000)
        expectEqual(Self.firstError(Self.rules(value: calls))?.contains("nests too deeply"), true)
        let lists = "a in " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        expectEqual(Self.firstError(Self.rules(value: lists, type: "bool"))?.contains("nests too deeply"), true)
        let minus = String(repeating: "-", count: 20_000) + "a"
        expectEqual(Self.firstError(Self.rules(value: minus))?.contains("nests too deeply"), true)
    }

    /// Up to the limit, expressions compile and evaluate on a small stack, nested calls included.
    @Test func nestingUpToTheLimitWorks() throws {
        // 100 levels: the sum, len(), 97 × lower() and the text.
        let calls = "len(" + String(repeating: "lower(", count: 97) + "'x'" + String(repeating: ")", count: 98)
        expectEqual(Self.firstError(Self.rules(value: "a + " + calls)), nil)
        expectEqual(Self.firstError(Self.rules(value: "a + len(" + calls + ")"))?.contains("nests too deeply"), true)
        let value = "a" + String(repeating: " + 1", count: 99)
        let result = Self.computed(value)
        expectEqual(result, .number(100))
    }
}

/// `max: today + 768614336404564650y` linted clean, then check, replay and sample died on an
/// arithmetic-overflow trap. Duration literals are bounded when the rules compile, and date
/// arithmetic gives null (never a trap) outside years 1–9999.
@Suite("Date arithmetic limits")
struct DateArithmeticLimitTests {
    @Test(arguments: [
        ("d < today + 768614336404564650y", 12..<31),
        ("d < d + 9223372036854775807d", 8..<28),
        ("d < today + 10001y", 12..<18),
        ("d < today - 120001m", 12..<19),
        ("d < today + 521786w", 12..<19),
        ("d < today + 3652501d", 12..<20),
    ])
    func hugeDurationsAreCompileErrors(_ text: String, _ range: Range<Int>) {
        let error = #expect(throws: ExpressionError.self) { _ = try Parser.parse(text) }
        expectEqual(error?.message, "a duration can be at most 10000y (120000m, 521785w, 3652500d)")
        expectEqual(error?.range, range)
    }

    @Test func theLargestDurationsCompile() throws {
        for text in ["today + 10000y", "today - 120000m", "today + 521785w", "today - 3652500d"] {
            #expect(throws: Never.self, "\(text)") { _ = try Parser.parse(text) }
        }
        // and they mean what they say: 10000 years after 2000-01-31 is past the calendar's end
        let rules = try RuleSet(yaml: "form: f\nfields:\n  - id: d\n    type: date\n    max: today + 10000y\n", source: "f.yaml")
        var form = Form(rules, today: Day(year: 2000, month: 1, day: 31)!)
        try form.set("d", to: .date(Day(year: 9999, month: 12, day: 31)!))
        #expect(form["d"].issues.isEmpty, "9999-12-31 is before today + 10000y")
    }

    @Test func dayArithmeticOutsideTheCalendarIsNil() {
        let day = Day(year: 2000, month: 1, day: 31)!
        expectEqual(day.adding(years: 10_000), nil)
        expectEqual(day.adding(years: -2000), nil)
        expectEqual(day.adding(years: 7999, months: 11), Day(year: 9999, month: 12, day: 31))
        expectEqual(day.adding(days: 3_000_000), nil)
        expectEqual(day.adding(years: .max), nil)
        expectEqual(day.adding(months: .min), nil)
        expectEqual(day.adding(days: .max), nil)
        expectEqual(day.adding(years: 1, months: 1), Day(year: 2001, month: 2, day: 28))
    }

    /// A bound beyond the calendar still judges: it lies before every date (below year 1) or
    /// after every date (past 9999). One that lets every date through stays silent.
    @Test func aBoundBeyondTheCalendarThatAcceptsEveryDate() throws {
        let yaml = """
            form: t
            fields:
              - id: start
                type: date
              - id: d
                type: date
                max: start + 9000y
                min: today - 9999y
            """
        let checker = RecordChecker(try RuleSet(yaml: yaml, source: "t.yaml"), today: Fixtures.today)
        expectEqual(checker.check(["start": "2000-01-01", "d": "2000-01-01"]), [])
        expectEqual(checker.check(["start": "2000-01-01", "d": "0001-01-01"]), [])
        expectEqual(checker.check(["start": "2000-01-01", "d": "9999-12-31"]), [])
    }

    /// `max: today - 3652500d - 3652500d` lies before year 1: no date is on or before it, so every
    /// date fails it (it used to be null and skipped, calling 0001-01-01 valid).
    @Test(arguments: [
        ("max: today - 3652500d - 3652500d", IssueCode.max),
        ("max: today - 10000y", .max),
        ("min: today + 3652500d + 3652500d", .min),
        ("min: today + 5000y + 5000y - 1d", .min),
    ])
    func aBoundBeyondTheCalendarFailsEveryDate(_ bound: String, _ code: IssueCode) throws {
        let yaml = """
            form: t
            fields:
              - id: d
                type: date
                \(bound)
            """
        let rules = try RuleSet(yaml: yaml, source: "t.yaml")
        let checker = RecordChecker(rules, today: Fixtures.today)
        for date in ["0001-01-01", "2000-02-29", "9999-12-31"] {
            expectEqual(checker.check(["d": date]).map(\.code), [code], "\(date)")
            var form = Form(rules, today: Fixtures.today)
            _ = try form.set("d", to: .date(try #require(Day(iso: date))))
            expectEqual(form["d"].issues.map(\.code), [code], "\(date)")
        }
    }

    /// Moving a date past an end of the calendar saturates there and remembers the side: a
    /// date beyond it stays beyond it.
    @Test func shiftingSaturatesAtTheEndsOfTheCalendar() throws {
        let first = try #require(Day(iso: "0001-01-01"))
        let last = try #require(Day(iso: "9999-12-31"))
        let day = try #require(Day(iso: "2000-01-31"))
        expectEqual(day.shifted(days: -3_652_500).shifted(days: -3_652_500), .beforeCalendar)
        expectEqual(day.shifted(years: -2000), .beforeCalendar)
        expectEqual(day.shifted(years: 8000), .afterCalendar)
        expectEqual(day.shifted(months: .min), .beforeCalendar)
        expectEqual(day.shifted(days: .max), .afterCalendar)
        expectEqual(Day.afterCalendar.shifted(years: -10_000), .afterCalendar)
        expectEqual(Day.beforeCalendar.shifted(days: 3_652_500), .beforeCalendar)
        #expect(Day.beforeCalendar < first && last < Day.afterCalendar)
        expectEqual(day.shifted(years: 7999, months: 11), Day(year: 9999, month: 12, day: 31))
        #expect(first.shifted(days: -1) == .beforeCalendar && last.shifted(days: 1) == .afterCalendar)
    }
}
