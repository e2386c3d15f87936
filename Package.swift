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
        .executable(name: "rulecheck", targets: ["rulecheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
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
        .executableTarget(
            name: "rulecheck",
            dependencies: [
                "RuleCheck", "RuleCheckBatch", "Patterns",
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
