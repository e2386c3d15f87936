// swift-tools-version:6.1
import Foundation
import PackageDescription

// Upcoming language features every target opts into: explicit `any`, imports that
// do not leak into the public API unless marked `public import`, and member lookup
// that only sees what a file imports itself.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// The test targets compile as whole modules, in debug builds too: one compiler job a module
// instead of one per batch of files, each of which type-checks again the declarations its files
// use from the others. A test build from scratch takes a ninth less, 185.9 -> 164.6 s
// (Docs/performance.md, "Build time"). `-num-threads 1` keeps an object file per source file,
// which the index store (and with it test discovery) needs. `-no-emit-module-separately-wmo`
// writes the module in that same job rather than in a second one that type-checks every
// declaration again (only the test discovery imports these modules): the test targets compile
// in 110 CPU s instead of 129-137, a test edit rebuilds in 39-43 instead of 46-50. The wall time
// of a whole `make test` on an idle machine stays the same (SwiftNIO → Hummingbird →
// RuleCheckServer → its tests is the longest chain); a busy machine gains. Unsafe flags are
// allowed here because no other package builds our tests.
let testTargetSettings: [SwiftSetting] =
    swiftSettings + [
        .unsafeFlags([
            "-whole-module-optimization", "-num-threads", "1", "-disable-batch-mode", "-no-emit-module-separately-wmo",
        ])
    ]

// PCRE2, which Patterns imports as `CPCRE2`, comes one of two ways; the Swift code is the same:
// * system: the library of pkg-config's `libpcre2-8` (Debian's libpcre2-dev, Homebrew's pcre2),
//   JIT included. The default on Linux.
// * source: PCRE2's own C sources compiled as a target of this package, from
//   Sources/CPCRE2Source/pcre2 — not in git: `scripts/fetch-pcre2-source.sh` puts them there and
//   checks their SHA-256. The default on Apple hosts (Xcode, iOS), and on Linux with
//   RULECHECK_PCRE2=source (`make pcre2-source-test`). JIT is compiled in for Linux and macOS only
//   (iOS apps may not generate code), or nowhere with RULECHECK_PCRE2_JIT=0; Patterns then uses
//   PCRE2's interpreter, with its limits (Docs/ios.md).
let environment = ProcessInfo.processInfo.environment
#if canImport(Darwin)
let pcre2FromSource = environment["RULECHECK_PCRE2"] != "system"
#else
let pcre2FromSource = environment["RULECHECK_PCRE2"] == "source"
#endif
let pcre2JIT = environment["RULECHECK_PCRE2_JIT"] != "0"
let pcre2SourceFetched = FileManager.default.fileExists(
    atPath: Context.packageDirectory + "/Sources/CPCRE2Source/pcre2/src/pcre2.h"
)

// PCRE2's library files, as its NON-AUTOTOOLS-BUILD lists them (pcre2_jit_match.c,
// pcre2_jit_misc.c and pcre2_ucptables.c are #included by others, not compiled alone); without
// them, missing.c, whose #error says how to fetch them.
let pcre2Sources =
    pcre2SourceFetched
    ? [
        "auto_possess", "chartables", "compile", "config", "context", "convert", "dfa_match", "error",
        "extuni", "find_bracket", "jit_compile", "maketables", "match", "match_data", "newline",
        "ord2utf", "pattern_info", "script_run", "serialize", "string_utils", "study", "substitute",
        "substring", "tables", "ucd", "valid_utf", "xclass",
    ].map { "pcre2/src/pcre2_\($0).c" }
    : ["missing.c"]

let pcre2Target: Target =
    pcre2FromSource
    ? .target(
        name: "CPCRE2",
        path: "Sources/CPCRE2Source",
        sources: pcre2Sources,
        publicHeadersPath: "include",
        cSettings: [
            .define("HAVE_CONFIG_H"),
            .define("PCRE2_CODE_UNIT_WIDTH", to: "8"),
            .define("SUPPORT_UNICODE"),
            .define("HAVE_MEMMOVE"),
            .define("HAVE_STDINT_H"),
            .define("HAVE_INTTYPES_H"),
        ] + (pcre2JIT ? [.define("SUPPORT_JIT", .when(platforms: [.linux, .macOS]))] : [])
    )
    : .systemLibrary(
        name: "CPCRE2",
        pkgConfig: "libpcre2-8",
        providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    )

/// The dependencies of the `rulecheck` command and its server (RuleCheckServer) are behind
/// package traits, off by default: an app that adds the package with the default line
/// (`.package(url: …, from: …)`, or Xcode's "Add Package Dependencies") resolves Yams and nothing
/// else (`make consumer-test`, Docs/ios.md). The command and the server are built with
/// `--traits Server`, as the Makefile and scripts/ do (`make build`); the trait `CLI` is enough for
/// `rulecheck-lite`, the command without `serve` and `preview` (ArgumentParser only).
func server(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Server"]))
}

/// The PostgreSQL draft store (`serve --store postgres://…`) has a trait of its own, `Postgres`
/// (with `Server`): postgres-nio brings SwiftNIO SSL and swift-crypto, two copies of BoringSSL,
/// some 800 C files that `make test` need not compile (its PostgreSQL suites run in `make
/// store-test`). `make store-test` and the release builds of scripts/ turn it on; without it,
/// `--store postgres://…` is refused with what to build.
func postgres(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Postgres"]))
}

let package = Package(
    name: "RuleCheck",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "RuleCheck", targets: ["RuleCheck"]),
        .library(name: "RuleCheckBatch", targets: ["RuleCheckBatch"]),
        .library(name: "Patterns", targets: ["Patterns"]),
        .library(name: "RuleCheckServer", targets: ["RuleCheckServer"]),
        .library(name: "RuleCheckXLSForm", targets: ["RuleCheckXLSForm"]),
        .executable(name: "rulecheck", targets: ["rulecheck"]),
        .executable(name: "rulecheck-lite", targets: ["rulecheck-lite"]),
    ],
    traits: [
        .trait(name: "CLI", description: "rulecheck-lite, the command without serve and preview: ArgumentParser."),
        .trait(
            name: "Server", description: "The whole rulecheck command and RuleCheckServer: Hummingbird, SwiftNIO …",
            enabledTraits: ["CLI"]),
        .trait(
            name: "Postgres", description: "Server, with the PostgreSQL draft store of serve --store postgres://: postgres-nio.",
            enabledTraits: ["Server"]),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Only RuleCheckServer (preview and serve) depends on it; the libraries stay light. Its
        // default traits pull in swift-configuration, which the server does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        // Hummingbird's own dependencies, named for the modules RuleCheckServer imports directly.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
        // HTTP/1 parsing and its parts as swift-http-types: RuleCheckServer's own channel handlers
        // (timeouts, the connection cap, JSON answers to requests HTTP cannot read).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.0.0"),
        // GET /metrics: swift-prometheus, the Prometheus backend of swift-metrics (which it brings);
        // only RuleCheckServer depends on it.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The draft stores of `serve --store` (Docs/serve.md, "Drafts"): SQLite embedded, PostgreSQL
        // for several instances. Only RuleCheckServer depends on them.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        pcre2Target,
        // gzip and zstd inputs of the batch readers, and the deflated parts of an .xlsx workbook
        // (RuleCheckBatch and RuleCheckXLSForm only: the core stays free of them).
        // zlib is part of every Linux distribution's and Apple's SDK; zstd comes from a package.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        .target(name: "Patterns", dependencies: ["CPCRE2"], swiftSettings: swiftSettings),
        .target(
            name: "RuleCheck",
            dependencies: ["Patterns", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RuleCheckBatch", dependencies: ["RuleCheck", "Patterns", "CZlib", "CZstd"], swiftSettings: swiftSettings),
        // XLSForms (.xlsx, and pyxform's CSV and markdown) as a rules source: the workbook read,
        // its sheets translated into a rules file. Its own target so that the core stays free of ZIP.
        .target(
            name: "RuleCheckXLSForm",
            dependencies: ["RuleCheck", "Patterns", "CZlib"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RuleCheckServer",
            dependencies: [
                "RuleCheck", "RuleCheckBatch", "Patterns",
                server("Hummingbird", "hummingbird"),
                server("HummingbirdCore", "hummingbird"),
                server("HTTPTypes", "swift-http-types"),
                server("NIOCore", "swift-nio"),
                server("NIOHTTP1", "swift-nio"),
                server("NIOHTTPTypes", "swift-nio-extras"),
                server("ServiceLifecycle", "swift-service-lifecycle"),
                server("Logging", "swift-log"),
                server("Prometheus", "swift-prometheus"),
                server("SQLiteNIO", "sqlite-nio"),
                postgres("PostgresNIO", "postgres-nio"),
            ],
            resources: [
                .embedInCode("Resources/preview.html"), .embedInCode("Resources/preview.css"),
                .embedInCode("Resources/api.js"), .embedInCode("Resources/form.js"), .embedInCode("Resources/files.js"),
                .embedInCode("Resources/pages.js"), .embedInCode("Resources/changes.js"), .embedInCode("Resources/main.js"),
                .embedInCode("Resources/openapi.yaml"),
            ],
            swiftSettings: swiftSettings
        ),
        // The commands of `rulecheck` but `serve` and `preview`, shared by the two executables.
        .target(
            name: "RuleCheckCommands",
            dependencies: [
                "RuleCheck", "RuleCheckBatch", "RuleCheckXLSForm", "Patterns",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "rulecheck",
            dependencies: [
                "RuleCheckCommands", "RuleCheck", "RuleCheckBatch", "RuleCheckServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ],
            swiftSettings: swiftSettings
        ),
        // `rulecheck` without its HTTP server: the same commands, and `serve` and `preview` saying
        // where they are. What `make demo` builds: no SwiftNIO or Hummingbird to compile, and what it
        // compiles is what `make test` needs next, in the same `.build`.
        .executableTarget(
            name: "rulecheck-lite",
            dependencies: [
                "RuleCheckCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ],
            swiftSettings: swiftSettings
        ),
        // Helpers the test targets share (temporary directories, the repository's files, gzip and zstd
        // compression); not a product.
        .target(name: "_RuleCheckTestSupport", dependencies: ["CZlib", "CZstd"], swiftSettings: swiftSettings),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns", "_RuleCheckTestSupport"], swiftSettings: testTargetSettings),
        .testTarget(
            name: "RuleCheckTests", dependencies: ["RuleCheck", "Patterns", "_RuleCheckTestSupport"], swiftSettings: testTargetSettings),
        .testTarget(
            name: "RuleCheckBatchTests",
            dependencies: ["RuleCheckBatch", "RuleCheck", "Patterns", "_RuleCheckTestSupport"],
            swiftSettings: testTargetSettings
        ),
        .testTarget(
            name: "RuleCheckXLSFormTests",
            dependencies: ["RuleCheckXLSForm", "RuleCheck", "_RuleCheckTestSupport"],
            // The workbooks scripts/xlsform-fixtures.py writes, read from the repository.
            exclude: ["Fixtures"],
            swiftSettings: testTargetSettings
        ),
        .testTarget(
            name: "RuleCheckServerTests",
            dependencies: [
                "RuleCheckServer", "RuleCheck", "RuleCheckBatch", "_RuleCheckTestSupport",
                server("Hummingbird", "hummingbird"),
                server("HTTPTypes", "swift-http-types"),
                server("NIOCore", "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: testTargetSettings
        ),
        .testTarget(
            name: "rulecheckTests",
            dependencies: ["rulecheck", "RuleCheckCommands", "_RuleCheckTestSupport"],
            swiftSettings: testTargetSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target exists only for `make fuzz` (RULECHECK_FUZZ=1): it has no `main`, so an
// ordinary build could not link it.
if ProcessInfo.processInfo.environment["RULECHECK_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "RuleCheckFuzz",
            dependencies: ["RuleCheck", "RuleCheckBatch", "Patterns"],
            path: "Fuzz/RuleCheckFuzz",
            swiftSettings: swiftSettings
        ))
}

// RULECHECK_TARGETS=libraries: the libraries and their tests only, which is what an app builds;
// `make pcre2-source-test` builds that (with --disable-default-traits, so without the server's
// dependencies) against PCRE2 compiled from source.
if environment["RULECHECK_TARGETS"] == "libraries" {
    let tools: Set<String> = [
        "RuleCheckServer", "RuleCheckCommands", "rulecheck", "rulecheck-lite", "RuleCheckServerTests", "rulecheckTests",
    ]
    package.targets.removeAll { tools.contains($0.name) }
    package.products.removeAll { tools.contains($0.name) }
    package.dependencies.removeAll { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
        return !location.hasSuffix("/Yams")
    }
}
