// The rules engine through its public API: compiling rules files (`RuleSet(yaml:source:)`) and
// single edits of big forms (`Form.set(_:to:)`), incrementally and with full re-evaluation.
//
// All rules files are generated as YAML text in setup (not timed). Every iteration times one
// compile or one edit (`scalingFactor: .one`), so the times package-benchmark prints are per
// compile and per edit. Setup checks what each benchmark relies on (the field counts, the
// cycle error, that incremental and full evaluation agree and that every edit changes the same
// number of fields at every size) and crashes the run if something is off: package-benchmark
// only prints an error thrown from setup and still exits with status 0.
//
// The edit benchmarks keep the form in a class (`EditCase`) and edit it in place. One more
// variant, for chains, edits while a second copy of the form is alive, as an app keeping the
// previous state for undo would.
//
// Run: `make bench` from the repository root, or
// `cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target RuleCheckBenchmarks`.

import Benchmark
import BenchmarkForms
import Patterns
import RuleCheck

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    registerCompileBenchmarks()
    registerPatternedCompileBenchmarks()
    for shape in Shape.allCases {
        for fields in [1_000, 10_000, 100_000] {
            registerEditBenchmarks(shape, fields: fields)
        }
    }
}

/// `1k`, `10k`, `100k`.
func sizeName(_ fields: Int) -> String {
    fields >= 1_000 && fields.isMultiple(of: 1_000) ? "\(fields / 1_000)k" : "\(fields)"
}

/// Runs a setup step; on failure, stops the whole run with a crash (see the header).
func checkedSetup<T>(_ name: String, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        fatalError("RuleCheckBenchmarks setup of '\(name)' failed: \(error)")
    }
}

// MARK: - Rules compilation

/// What compiling a generated file must give.
enum CompileOutcome: Sendable {
    /// A rule set with this many fields.
    case fields(Int)
    /// A ``RulesError`` whose only error is a dependency cycle.
    case cycle
    /// A ``RulesError`` saying that the file is not a mapping (the YAML was read, nothing compiled).
    case notAMapping
}

func registerCompileBenchmarks() {
    let chainLength = 10_000
    let realisticBlocks = 1_000 / RulesText.realisticBlockSize
    let cases: [(name: String, outcome: CompileOutcome, text: @Sendable () -> String)] = [
        ("compile · chain 10k", .fields(chainLength), { RulesText.chain(chainLength, backEdge: false) }),
        ("compile · chain 10k + back edge (cycle error)", .cycle, { RulesText.chain(chainLength, backEdge: true) }),
        ("compile · realistic 1k", .fields(1_000), { RulesText.realistic(blocks: realisticBlocks) }),
        ("YAML only · chain 10k", .notAMapping, { RulesText.asSequence(RulesText.chain(chainLength, backEdge: false)) }),
        ("YAML only · realistic 1k", .notAMapping, { RulesText.asSequence(RulesText.realistic(blocks: realisticBlocks)) }),
    ]
    for (name, outcome, generate) in cases {
        Benchmark(
            name,
            closure: { (benchmark: Benchmark, text: String) in
                for _ in benchmark.scaledIterations {
                    do {
                        blackHole(try RuleSet(yaml: text, source: "generated.yaml"))
                    } catch {
                        blackHole(error)
                    }
                }
            },
            setup: {
                checkedSetup(name) {
                    let text = generate()
                    try checkCompile(text, outcome)
                    return text
                }
            })
    }
}

/// Issue 13's compile comparison: 1k, 10k and 100k fields, each with its own pattern, a
/// `depends_on` and a `visible_if`, as YAML and as minified JSON (`RuleSet(bytes:source:)`, the
/// file's bytes as read). Every pattern is distinct, and the process-wide `PatternCache` is emptied
/// before each timed compile (untimed), so each compile pays for its 1k/10k/100k PCRE2 compiles:
/// the cost of a rules file seen for the first time.
func registerPatternedCompileBenchmarks() {
    for fields in [1_000, 10_000, 100_000] {
        for json in [false, true] {
            let name = "compile · patterned \(sizeName(fields)) · \(json ? "minified JSON" : "YAML")"
            let source = json ? "generated.json" : "generated.yaml"
            let configuration: Benchmark.Configuration =
                fields >= 100_000
                ? .init(timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 5)
                : .init(timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)
            Benchmark(
                name, configuration: configuration,
                closure: { (benchmark: Benchmark, bytes: [UInt8]) in
                    for _ in benchmark.scaledIterations {
                        PatternCache.shared.removeAll()
                        benchmark.startMeasurement()
                        blackHole(try? RuleSet(bytes: bytes, source: source))
                        benchmark.stopMeasurement()
                    }
                },
                setup: {
                    checkedSetup(name) {
                        let bytes = Array(RulesText.patterned(fields, json: json).utf8)
                        let rules = try RuleSet(bytes: bytes, source: source)
                        guard rules.fields.count == fields, rules.edges.count == 2 * (fields - 1) else {
                            throw BenchmarkSetupError(description: "compiled \(rules.fields.count) fields, \(rules.edges.count) edges")
                        }
                        return bytes
                    }
                })
        }
    }
}

/// Compiles `text` once and checks the outcome.
func checkCompile(_ text: String, _ outcome: CompileOutcome) throws {
    let result: Result<RuleSet, RulesError>
    do {
        result = .success(try RuleSet(yaml: text, source: "generated.yaml"))
    } catch {
        result = .failure(error)
    }
    switch (outcome, result) {
    case (.fields(let count), .success(let rules)):
        guard rules.fields.count == count else {
            throw BenchmarkSetupError(description: "compiled \(rules.fields.count) fields, expected \(count)")
        }
    case (.cycle, .failure(let error)):
        let errors = error.errors
        guard errors.count == 1, errors[0].message.contains("dependency cycle") else {
            throw BenchmarkSetupError(
                description: "expected one 'dependency cycle' error, got: \(errors.map(\.message).joined(separator: "\n").prefix(2_000))")
        }
    case (.notAMapping, .failure(let error)):
        let errors = error.errors
        guard errors.count == 1, errors[0].message.contains("must be a mapping") else {
            throw BenchmarkSetupError(
                description: "expected one 'must be a mapping' error, got: \(errors.map(\.message).joined(separator: "\n").prefix(2_000))")
        }
    case (_, .success):
        throw BenchmarkSetupError(description: "the rules compiled, but they should not")
    case (_, .failure(let error)):
        throw BenchmarkSetupError(description: "the rules did not compile: \(error.description.prefix(2_000))")
    }
}

// MARK: - Form edits

func registerEditBenchmarks(_ shape: Shape, fields: Int) {
    for mode in [Form.EvaluationMode.incremental, .full] {
        let name = "edit \(shape.rawValue) \(sizeName(fields)) · \(mode == .full ? "full" : "incremental")"
        let configuration: Benchmark.Configuration =
            switch (mode, fields) {
            case (.incremental, _):
                .init(timeUnits: .nanoseconds, warmupIterations: 10, maxDuration: .seconds(2), maxIterations: 10_000)
            case (.full, 100_000...):
                // A full re-evaluation of 100,000 fields takes a good fraction of a second.
                .init(timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 20)
            case (.full, _):
                .init(timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 2_000)
            }
        Benchmark(
            name, configuration: configuration,
            closure: { (benchmark: Benchmark, edit: EditCase) throws in
                for _ in benchmark.scaledIterations {
                    try edit.prepare()
                    benchmark.startMeasurement()
                    blackHole(try edit.edit())
                    benchmark.stopMeasurement()
                }
            },
            setup: {
                checkedSetup(name) { try EditCase(shape, fields: fields, mode: mode) }
            })
    }
    guard shape == .chains else { return }

    // The same incremental edit while another copy of the form is alive (an app keeping the
    // previous state for undo): the edit must first copy the storage it shares with that copy.
    let name = "edit chains \(sizeName(fields)) · incremental after a copy"
    Benchmark(
        name,
        configuration: .init(
            timeUnits: .nanoseconds, warmupIterations: 10, maxDuration: .seconds(2),
            maxIterations: 10_000),
        closure: { (benchmark: Benchmark, edit: EditCase) throws in
            for _ in benchmark.scaledIterations {
                try edit.prepare()
                let previous = edit.form
                benchmark.startMeasurement()
                blackHole(try edit.edit())
                benchmark.stopMeasurement()
                blackHole(previous)
            }
        },
        setup: {
            checkedSetup(name) { try EditCase(shape, fields: fields, mode: .incremental) }
        })
}
