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

let package = Package(
    name: "RuleCheck",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "RuleCheck", targets: ["RuleCheck"]),
        .library(name: "RuleCheckBatch", targets: ["RuleCheckBatch"]),
        .library(name: "Patterns", targets: ["Patterns"]),
        .library(name: "RuleCheckServer", targets: ["RuleCheckServer"]),
        .executable(name: "rulecheck", targets: ["rulecheck"]),
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
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .target(name: "Patterns", dependencies: ["CPCRE2"], swiftSettings: swiftSettings),
        .target(
            name: "RuleCheck",
            dependencies: ["Patterns", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .target(name: "RuleCheckBatch", dependencies: ["RuleCheck"], swiftSettings: swiftSettings),
        .target(
            name: "RuleCheckServer",
            dependencies: [
                "RuleCheck", "RuleCheckBatch", "Patterns",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [
                .embedInCode("Resources/preview.html"), .embedInCode("Resources/preview.css"),
                .embedInCode("Resources/api.js"), .embedInCode("Resources/form.js"), .embedInCode("Resources/files.js"),
                .embedInCode("Resources/pages.js"), .embedInCode("Resources/changes.js"), .embedInCode("Resources/main.js"),
                .embedInCode("Resources/openapi.yaml"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "rulecheck",
            dependencies: [
                "RuleCheck", "RuleCheckBatch", "Patterns", "RuleCheckServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns"], swiftSettings: swiftSettings),
        .testTarget(name: "RuleCheckTests", dependencies: ["RuleCheck", "Patterns"], swiftSettings: swiftSettings),
        .testTarget(
            name: "RuleCheckBatchTests",
            dependencies: ["RuleCheckBatch", "RuleCheck"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RuleCheckServerTests",
            dependencies: [
                "RuleCheckServer", "RuleCheck", "RuleCheckBatch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "rulecheckTests",
            dependencies: ["rulecheck"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target exists only for `make fuzz` (RULECHECK_FUZZ=1): it has no `main`, so an
// ordinary build could not link it.
if ProcessInfo.processInfo.environment["RULECHECK_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "RuleCheckFuzz",
        dependencies: ["RuleCheck", "RuleCheckBatch", "Patterns"],
        path: "Fuzz/RuleCheckFuzz",
        swiftSettings: swiftSettings
    ))
}
