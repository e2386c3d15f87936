// swift-tools-version:6.1
import PackageDescription

// An app's view of RuleCheck: the `RuleCheck` library alone, added with the default package line
// (the package's traits, `Server` and `CLI`, are off by default), as Docs/ios.md adds it to an iOS app.
// `make consumer-test` (scripts/consumer-test.sh) resolves it — only Yams may come with RuleCheck —
// then builds and runs it. SignupScreen is the SwiftUI-free part of Docs/ios.md's example, word for
// word (the script compares them).
let package = Package(
    name: "RuleCheckConsumer",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        .package(name: "RuleCheck", path: "../..")
    ],
    targets: [
        .target(name: "SignupScreen", dependencies: [.product(name: "RuleCheck", package: "RuleCheck")]),
        .executableTarget(
            name: "consumer",
            dependencies: ["SignupScreen", .product(name: "RuleCheck", package: "RuleCheck")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
