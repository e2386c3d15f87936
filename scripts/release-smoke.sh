#!/usr/bin/env bash
# The release build must answer exactly as the debug build that `make test` tested: optimisation
# has exposed memory bugs before that debug builds hid. Both builds check the same generated
# exports (CSV, JSON Lines, a JSON array; two jobs, so the parallel pipeline runs) and replay
# the same edits; every report must be byte-identical — and each command must end as it should
# (`check` and `replay` with 0 or 1, the others with 0) and print something (but `lint`, which is
# silent on a good file): two builds that crash alike, or print nothing alike, are not a pass.
set -euo pipefail
cd "$(dirname "$0")/.."
# DEBUG_BIN and RELEASE_BIN compare two given binaries instead (Tests/ci shows that two builds
# failing alike fail this check).
if [ -z "${DEBUG_BIN:-}" ] || [ -z "${RELEASE_BIN:-}" ]; then
  swift build --traits Server --product rulecheck
  swift build --traits Postgres -c release --product rulecheck
fi
debug=${DEBUG_BIN:-.build/debug/rulecheck}
release=${RELEASE_BIN:-.build/release/rulecheck}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
today=2026-11-22
failed=0
compare() {  # name, the exit statuses that are right (0 or 0,1; ",quiet": may print nothing), then the arguments of rulecheck
  local name=$1 expected=$2; shift 2
  local status_debug=0 status_release=0
  "$debug" "$@" > "$work/$name.debug" 2>&1 || status_debug=$?
  "$release" "$@" > "$work/$name.release" 2>&1 || status_release=$?
  if [[ ",$expected," != *",$status_debug,"* ]] || { [[ ",$expected," != *",quiet,"* ]] && [ ! -s "$work/$name.debug" ]; }; then
    echo "release-smoke: $name: the debug build exited $status_debug (expected $expected) with $(wc -c < "$work/$name.debug") bytes of output:"
    head -20 "$work/$name.debug"
    failed=1
  fi
  if [ "$status_debug" != "$status_release" ] || ! cmp -s "$work/$name.debug" "$work/$name.release"; then
    echo "release-smoke: $name differs between debug (exit $status_debug) and release (exit $status_release):"
    diff "$work/$name.debug" "$work/$name.release" | head -20 || true
    failed=1
  else
    echo "release-smoke: $name: same ($(wc -l < "$work/$name.debug") lines, exit $status_debug)"
  fi
}
for rules in osago signup listing; do
  "$debug" sample "Rules/$rules.yaml" --count 3000 --seed 7 --invalid-rate 0.2 --today "$today" --format csv > "$work/$rules.csv"
  "$debug" sample "Rules/$rules.yaml" --count 3000 --seed 8 --invalid-rate 0.2 --today "$today" --format jsonl > "$work/$rules.jsonl"
  compare "$rules-csv" 0,1 check --rules "Rules/$rules.yaml" "$work/$rules.csv" --today "$today" --jobs 2 --format jsonl
  compare "$rules-jsonl" 0,1 check --rules "Rules/$rules.yaml" "$work/$rules.jsonl" --today "$today" --jobs 2 --format json
done
compare listing-array 0,1 check --rules Rules/listing.yaml Rules/samples/listing.json --today "$today" --format text
compare osago-lint 0,quiet lint Rules/osago.yaml
compare osago-graph 0 graph Rules/osago.yaml
compare osago-replay 0,1 replay Rules/osago.yaml Benchmarks/data/osago-edits.jsonl --today "$today"
exit $failed
