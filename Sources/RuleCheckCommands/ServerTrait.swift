// ArgumentParser comes with the package trait `CLI` (which `Server`, the default, turns on;
// Package.swift). A build with the traits off gets this error, not a missing module.
#if !CLI
#error(
    "the rulecheck commands need RuleCheck's package trait 'CLI' (or 'Server', the default): build with --traits CLI, or with the default traits"
)
#endif
