// Hummingbird, SwiftNIO and the rest of the server's dependencies come with the package trait
// `Server` (off by default, so that an app gets the libraries alone; Package.swift). A build without
// it gets this error, not a missing module, if it asks for the server.
#if !Server
#error(
    "RuleCheckServer needs RuleCheck's package trait 'Server': build with 'swift build --traits Server' (as 'make build' does), or add the package with traits: [\"Server\"]"
)
#endif
