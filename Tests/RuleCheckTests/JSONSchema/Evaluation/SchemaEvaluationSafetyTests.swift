import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// What a hostile or careless schema or instance cannot do: loop, overflow the stack, run
/// without end; and what the caller can rely on: the same failures, in the same order.
@Suite("JSON Schema evaluator: safety and determinism")
struct SchemaEvaluationSafetyTests {
    @Test func referenceLoopsEndWithAFailure() throws {
        for schema in [
            ##"{"$ref": "#"}"##,
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##,
        ] {
            let evaluator = try EvaluatorTest.evaluator(schema)
            #expect(!evaluator.isValid(1))
            let failures = evaluator.failures(1)
            expectEqual(failures.map(\.kind), [.referenceLoop])
        }
        // The same schema met again deeper in the instance is no loop.
        #expect(try EvaluatorTest.isValid(##"{"type": "array", "items": {"$ref": "#"}}"##, "[[[], [[]]]]"))
        // Nor is a loop that an `anyOf` leaves before it comes round.
        #expect(try EvaluatorTest.isValid(##"{"anyOf": [{"type": "string"}, {"$ref": "#"}]}"##, #""s""#))
    }

    @Test func depthIsBounded() throws {
        let evaluator = try EvaluatorTest.evaluator(##"{"type": "array", "items": {"$ref": "#"}}"##, maxDepth: 50)
        var instance: JSONValue = []
        for _ in 0..<10 { instance = [instance] }
        #expect(evaluator.isValid(instance))
        for _ in 0..<100 { instance = [instance] }
        #expect(!evaluator.isValid(instance))
        let failures = evaluator.failures(instance)
        expectEqual(failures.map(\.kind), [.depthLimit(50)])
        // The default bound ends a deep instance before the stack does (a debug build's frames
        // are the larger: 2 MiB; optimized, 512 KiB is enough).
        var deep: JSONValue = []
        for _ in 0..<2_000 { deep = [deep] }
        let recursive = try EvaluatorTest.evaluator(##"{"type": "array", "items": {"$ref": "#"}}"##)
        let verdict = OnThread.run(stackSize: 2 * 1024 * 1024) { [deep] in recursive.failures(deep).map(\.kind) }
        expectEqual(verdict, [.depthLimit(SchemaEvaluationOptions().maxDepth)])
    }

    @Test func limitBoundsTheFailures() throws {
        let evaluator = try EvaluatorTest.evaluator(#"{"items": {"type": "string"}}"#)
        let instance = JSONValue.array((0..<1_000).map { .number(Double($0)) })
        expectEqual(evaluator.failures(instance, limit: 3).map(\.instanceLocation.pointer), ["/0", "/1", "/2"])
        expectEqual(evaluator.failures(instance, limit: 0).count, 1)
    }

    @Test func cancellationReturnsWhatWasFound() throws {
        let evaluator = try EvaluatorTest.evaluator(#"{"items": {"type": "string"}}"#)
        let flag = CancellationFlag()
        flag.cancel()
        let failures = evaluator.failures([1, 2, 3], cancellation: flag)
        expectEqual(failures.map(\.kind), [.cancelled])
        expectEqual(failures.map(\.message), ["the check was cancelled before it finished"])
    }

    /// The same failures in the same order however the instance's objects were built, and on
    /// every run; checked on seeded random objects.
    @Test func failuresAreDeterministic() throws {
        let evaluator = try EvaluatorTest.evaluator(
            #"{"additionalProperties": {"type": "integer"}, "propertyNames": {"maxLength": 3}, "patternProperties": {"^a": {"minimum": 0}}}"#
        )
        var random = SeededRandom(seed: 2024)
        for _ in 0..<20 {
            let keys = (0..<12).map { _ in
                String((0..<Int.random(in: 1...5, using: &random)).map { _ in "abcxyzé".randomElement(using: &random) ?? "a" })
            }
            let pairs = keys.map { ($0, JSONValue.number(Double(Int.random(in: -5...5, using: &random)) + 0.5)) }
            var forward: JSONObject = [:]
            for (key, value) in pairs { forward[key] = value }
            var backward: JSONObject = JSONObject(minimumCapacity: 64)
            for (key, value) in pairs.reversed() where backward[key] == nil { backward[key] = forward[key] ?? value }
            let first = evaluator.failures(.object(forward))
            expectEqual(evaluator.failures(.object(backward)), first)
            expectEqual(evaluator.failures(.object(forward)), first)
            let pointers = first.filter { $0.keyword != "propertyNames" }.map(\.instanceLocation.pointer)
            expectEqual(pointers, pointers.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test func theEvaluatorIsSendable() async throws {
        let evaluator = try EvaluatorTest.evaluator(#"{"items": {"type": "integer"}}"#)
        let verdicts = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { evaluator.isValid([.number(Double(index)), index % 2 == 0 ? 1 : "x"]) } }
            var results: [Bool] = []
            for await verdict in group { results.append(verdict) }
            return results
        }
        expectEqual(verdicts.filter { $0 }.count, 4)
    }
}

/// Runs work on a thread of its own with a given stack size, and waits for it.
enum OnThread {
    static func run<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(body())
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value
    }

    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T?
        func set(_ value: T) {
            lock.lock()
            stored = value
            lock.unlock()
        }
        var value: T? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
