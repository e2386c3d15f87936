// Whole-value regex matching: RuleCheck's `Pattern` (JIT and interpreter) against raw
// `pcre2_jit_match_8`, NSRegularExpression and Swift `Regex`, on the same patterns and inputs;
// and `Mask.format` on typed phone numbers.
//
// Every benchmark iteration runs exactly 1,000 matches (`scalingFactor: .kilo`), so the times
// package-benchmark prints are per match. The 1,000 matches walk a fixed schedule over the
// workload's inputs, the same for every engine. Setup (not timed) checks that all engines agree.
//
// Run: `make bench` from the repository root.

import Benchmark
import Patterns

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )

    for workload in Inputs.workloads {
        registerRegexBenchmarks(workload)
    }
    registerMaskBenchmark()
}

/// One entry per scheduled match: the engine's compiled form of the job's pattern, and the value.
typealias Run<Compiled> = [(Compiled, String)]

/// Compiles each pattern once for an engine and lays out the workload's schedule with it,
/// after checking that all engines agree on every input.
///
/// A failed check stops the whole run with a crash: package-benchmark only prints an error
/// thrown from setup and still exits with status 0, which CI would take for success.
func prepare<Compiled>(
    _ workload: Workload,
    _ compile: (PatternCase) throws -> Compiled
) -> Run<Compiled> {
    do {
        try verifyEnginesAgree()
        let compiled = try Inputs.cases.map(compile)
        precondition(workload.schedule.count == Inputs.matchesPerIteration)
        return workload.schedule.map { (compiled[$0.caseIndex], $0.value) }
    } catch {
        fatalError("PatternBenchmarks setup failed: \(error)")
    }
}

func registerRegexBenchmarks(_ workload: Workload) {
    let prefix = "regex \(workload.name) ·"

    Benchmark(
        "\(prefix) \(Engine.jit.rawValue)",
        closure: { (benchmark: Benchmark, run: Run<Pattern>) throws in
            var matched = 0
            for index in benchmark.scaledIterations {
                let (pattern, value) = run[index]
                if try pattern.matches(value) { matched += 1 }
            }
            blackHole(matched)
        },
        setup: {
            prepare(workload) { try compilePattern($0, jit: true) }
        })

    Benchmark(
        "\(prefix) \(Engine.interpreter.rawValue)",
        closure: { (benchmark: Benchmark, run: Run<Pattern>) throws in
            var matched = 0
            for index in benchmark.scaledIterations {
                let (pattern, value) = run[index]
                if try pattern.matches(value) { matched += 1 }
            }
            blackHole(matched)
        },
        setup: {
            prepare(workload) { try compilePattern($0, jit: false) }
        })

    Benchmark(
        "\(prefix) \(Engine.raw.rawValue)",
        closure: { (benchmark: Benchmark, run: Run<RawPCRE2>) in
            var matched = 0
            for index in benchmark.scaledIterations {
                let (raw, value) = run[index]
                if raw.matches(value) { matched += 1 }
            }
            blackHole(matched)
        },
        setup: {
            prepare(workload) { try RawPCRE2($0) }
        })

    Benchmark(
        "\(prefix) \(Engine.foundation.rawValue)",
        closure: { (benchmark: Benchmark, run: Run<FoundationRegex>) in
            var matched = 0
            for index in benchmark.scaledIterations {
                let (regex, value) = run[index]
                if regex.matches(value) { matched += 1 }
            }
            blackHole(matched)
        },
        setup: {
            prepare(workload) { try FoundationRegex($0) }
        })

    Benchmark(
        "\(prefix) \(Engine.swiftRegex.rawValue)",
        closure: { (benchmark: Benchmark, run: Run<SwiftRegex>) in
            var matched = 0
            for index in benchmark.scaledIterations {
                let (regex, value) = run[index]
                if regex.matches(value) { matched += 1 }
            }
            blackHole(matched)
        },
        setup: {
            prepare(workload) { try SwiftRegex($0) }
        })
}

// MARK: - Masks

/// 64 phone numbers as people type them: bare digits, with the prefix and brackets, with
/// spaces, cut short, or with a stray letter.
func typedPhones() -> [String] {
    var random = SplitMix64(seed: 0x0916_1234_567)
    return (0..<64).map { index in
        let digits = "9" + random.digits(9)
        let area = digits.prefix(3), first = digits.dropFirst(3).prefix(3)
        let second = digits.dropFirst(6).prefix(2), third = digits.suffix(2)
        switch index % 8 {
        case 0: return digits  // complete
        case 1: return "+7 (\(area)) \(first)-\(second)-\(third)"  // complete, as displayed
        case 2: return "\(area) \(first) \(second) \(third)"  // complete, with spaces
        case 3: return String(digits.prefix(1 + index % 9))  // partial
        case 4: return "+7 (\(area)) \(first.prefix(1))"  // partial, with prefix
        case 5: return "(\(area)) \(first)-\(second)-\(third)"  // complete, brackets
        case 6: return "\(area)\(first)x\(second)"  // invalid: a letter
        default: return digits + "0"  // invalid: too long
        }
    }
}

func registerMaskBenchmark() {
    Benchmark(
        "mask phone · Mask.format",
        closure: { (benchmark: Benchmark, run: (Mask, [String])) in
            let (mask, schedule) = run
            for index in benchmark.scaledIterations {
                blackHole(mask.format(schedule[index]))
            }
        },
        setup: {
            let mask = try Mask("+7 (000) 000-00-00")
            let typed = typedPhones()
            let states = Set(typed.map { mask.format($0).state })
            guard states == Set(MaskResult.State.allCases) else {
                fatalError("mask inputs should give every state, got \(states)")
            }
            let schedule = (0..<Inputs.matchesPerIteration).map { typed[$0 % typed.count] }
            return (mask, schedule)
        })
}
