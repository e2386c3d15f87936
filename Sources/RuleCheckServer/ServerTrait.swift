// Hummingbird, SwiftNIO and the rest of the server's dependencies come with the package trait
// `Server` (on by default; Package.swift). An app that turned the traits off gets this error, not
// a missing module, if it asks for the server.
#if !Server
#error("RuleCheckServer needs RuleCheck's package trait 'Server': add the package with traits: [\"Server\"] (or its default traits)")
#endif
