// ArgumentParser comes with the package trait `CLI`, and the server's dependencies with `Server`
// (on by default, and it turns `CLI` on; Package.swift). A build with the traits off gets this
// error, not a missing module.
#if !CLI
#error("rulecheck needs RuleCheck's package trait 'CLI' (or 'Server', the default): build with --traits CLI, or with the default traits")
#endif
