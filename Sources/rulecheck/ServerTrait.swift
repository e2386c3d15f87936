// ArgumentParser and the server's dependencies come with the package trait `Server` (on by
// default; Package.swift). A build with the traits off gets this error, not a missing module.
#if !Server
#error("The rulecheck command needs RuleCheck's package trait 'Server': build without --disable-default-traits, or with --traits Server")
#endif
