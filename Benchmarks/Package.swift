// swift-tools-version:6.1
import PackageDescription

// RuleCheck's benchmarks, kept in their own package so that package-benchmark and its
// dependencies stay out of the root package's build (`make test`). Run with `make bench`
// from the repository root, or `swift package benchmark` here.
let package = Package(
    name: "RuleCheckBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "RuleCheck", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // Only for BatchBenchmarks: the two CSV libraries RuleCheck's own reader is measured against.
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
    ],
    targets: [
        // PCRE2 for the raw `pcre2_jit_match_8` baseline. Named apart from the root package's
        // `CPCRE2` so that the two module maps never clash.
        .systemLibrary(
            name: "CPCRE2Bench",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .executableTarget(
            name: "PatternBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Patterns", package: "RuleCheck"),
                "CPCRE2Bench",
            ],
            path: "Benchmarks/PatternBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RuleCheckBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RuleCheck", package: "RuleCheck"),
                .product(name: "Patterns", package: "RuleCheck"),
                "BenchmarkForms",
            ],
            path: "Benchmarks/RuleCheckBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The generated rules files (compile benchmarks) and the three shapes of edited form (edit
        // benchmarks), shared by RuleCheckBenchmarks and edit-timing; and the timing tools' clocks,
        // file reading and `fail` (edit-timing, compile-timing).
        .target(
            name: "BenchmarkForms",
            dependencies: [.product(name: "RuleCheck", package: "RuleCheck")],
            path: "Sources/BenchmarkForms"
        ),
        // Issue 25's edit goals (Benchmarks/compare.sh, part `edits`): the same edits timed one by one
        // inside a plain process, without package-benchmark.
        .executableTarget(
            name: "edit-timing",
            dependencies: ["BenchmarkForms", .product(name: "RuleCheck", package: "RuleCheck")],
            path: "Sources/EditTiming"
        ),
        // Issue 25's compile comparison (Benchmarks/compare.sh): one `RuleSet(bytes:source:)` timed
        // inside its own process, as jsonschema_rs_compile.py times `validator_for` inside Python.
        .executableTarget(
            name: "compile-timing",
            dependencies: ["BenchmarkForms", .product(name: "RuleCheck", package: "RuleCheck")],
            path: "Sources/CompileTiming"
        ),
        // Batch checking: BatchCheck on generated osago files (jobs 1 and 2), the readers alone (and
        // next to yaslab/CSV.swift and SwiftCSV), and RecordChecker per record.
        .executableTarget(
            name: "BatchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RuleCheck", package: "RuleCheck"),
                .product(name: "RuleCheckBatch", package: "RuleCheck"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ],
            path: "Benchmarks/BatchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
