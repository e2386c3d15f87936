// ArgumentParser comes with the package trait `CLI` (which `Server` turns on; both are off by
// default, so that an app gets the libraries alone; Package.swift). A build without it gets this
// error, not a missing module.
#if !CLI
#error(
    "the rulecheck commands need RuleCheck's package trait 'Server' (or 'CLI' for rulecheck-lite): build with 'swift build --traits Server' (as 'make build' does)"
)
#endif
