// Compiled instead of PCRE2 when Sources/CPCRE2Source/pcre2 holds no PCRE2 source (Package.swift),
// so that the build stops with what to do rather than with a missing file.
#error "PCRE2's source is missing from Sources/CPCRE2Source/pcre2: run scripts/fetch-pcre2-source.sh in the RuleCheck checkout (Docs/ios.md), or build with RULECHECK_PCRE2=system"
