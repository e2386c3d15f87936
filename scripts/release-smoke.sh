#!/usr/bin/env bash
# The release build must answer exactly as the debug build that `make test` tested: optimisation
# has exposed memory bugs before that debug builds hid. Both builds check the same generated
# exports (CSV, JSON Lines, a JSON array; two jobs, so the parallel pipeline runs) and replay
# the same edits; every report must be byte-identical.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product rulecheck
swift build -c release --product rulecheck
debug=.build/debug/rulecheck
release=.build/release/rulecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
today=2026-11-22
failed=0
compare() {  # name, then the arguments of rulecheck
  local name=$1; shift
  local status_debug=0 status_release=0
  "$debug" "$@" > "$work/$name.debug" 2>&1 || status_debug=$?
  "$release" "$@" > "$work/$name.release" 2>&1 || status_release=$?
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
  compare "$rules-csv" check --rules "Rules/$rules.yaml" "$work/$rules.csv" --today "$today" --jobs 2 --format jsonl
  compare "$rules-jsonl" check --rules "Rules/$rules.yaml" "$work/$rules.jsonl" --today "$today" --jobs 2 --format json
done
compare listing-array check --rules Rules/listing.yaml Rules/samples/listing.json --today "$today" --format text
compare osago-lint lint Rules/osago.yaml
compare osago-graph graph Rules/osago.yaml
compare osago-replay replay Rules/osago.yaml Benchmarks/data/osago-edits.jsonl --today "$today"
exit $failed
