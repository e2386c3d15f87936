#!/usr/bin/env bash
# PCRE2 from source, as an iOS app builds it (Docs/ios.md): Debian's source package of PCRE2 10.42,
# checked against its SHA-256 (scripts/fetch-pcre2-source.sh), compiled by SwiftPM as the CPCRE2
# target (RULECHECK_PCRE2=source); then the libraries alone (RULECHECK_TARGETS=libraries,
# --disable-default-traits: no server, no command) and the Patterns, RuleCheck and RuleCheckBatch
# tests, in their own scratch folder (.build-pcre2-source).
#
# PCRE2_JIT=0 (the default) leaves the JIT compiler out, as on iOS, so the tests run on PCRE2's
# interpreter; PCRE2_JIT=1 compiles it in, as on macOS and Linux.
#
# It fails unless the test binary holds PCRE2 itself (no libpcre2-8.so linked), holds the JIT
# compiler exactly when asked, and ran more than zero tests.
set -euo pipefail
cd "$(dirname "$0")/.."
jit="${PCRE2_JIT:-0}"
case "$jit" in 0 | 1) ;; *) echo "pcre2-source-test: PCRE2_JIT must be 0 or 1, not '$jit'" >&2; exit 2 ;; esac
scratch=.build-pcre2-source; [ "$jit" = 0 ] || scratch=.build-pcre2-source-jit

scripts/fetch-pcre2-source.sh
export RULECHECK_PCRE2=source RULECHECK_PCRE2_JIT="$jit" RULECHECK_TARGETS=libraries
swift build --build-tests --disable-default-traits --scratch-path "$scratch"

binary="$scratch/debug/RuleCheckPackageTests.xctest"
[ -f "$binary" ] || { echo "pcre2-source-test: no test binary at $binary" >&2; exit 1; }
if ldd "$binary" | grep libpcre2 >/dev/null; then
    echo "pcre2-source-test: $binary links a system PCRE2:" >&2
    ldd "$binary" | grep libpcre2 >&2
    exit 1
fi
symbols=$(nm "$binary")
grep -q ' T pcre2_compile_8$' <<<"$symbols" || { echo "pcre2-source-test: $binary does not hold PCRE2's pcre2_compile_8" >&2; exit 1; }
sljit=$(grep -c ' [Tt] sljit_' <<<"$symbols" || true)
if [ "$jit" = 0 ] && [ "$sljit" -gt 0 ]; then
    echo "pcre2-source-test: PCRE2_JIT=0, yet $binary holds $sljit sljit functions" >&2
    exit 1
elif [ "$jit" = 1 ] && [ "$sljit" -eq 0 ]; then
    echo "pcre2-source-test: PCRE2_JIT=1, yet $binary holds no sljit function" >&2
    exit 1
fi
echo "pcre2-source-test: PCRE2 10.42 compiled from source into the tests (JIT: $([ "$jit" = 1 ] && echo on || echo off))"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# HeapEstimateTests measures the process's malloc figures, which the other suites running in
# parallel move; `make test` runs it alone, and it has nothing to do with PCRE2.
swift test --skip-build --disable-xctest --disable-default-traits --scratch-path "$scratch" --skip HeapEstimateTests 2>&1 | tee "$log"
count=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$log" | tail -1)
if [ -z "$count" ] || [ "$count" -eq 0 ]; then
    echo "pcre2-source-test: the test run did not pass, or ran no test" >&2
    exit 1
fi
echo "pcre2-source-test: $count tests passed against PCRE2 from source (JIT $([ "$jit" = 1 ] && echo on || echo off))"
