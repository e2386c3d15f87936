#!/usr/bin/env bash
# The one-machine form of the Spark recipe: GNU parallel runs one `rulecheck check` per slice, as
# many at once as there are cores, and `rulecheck merge` writes the report of the whole file —
# the same bytes as one `rulecheck check`.
#
#   examples/spark/rulecheck-parallel.sh RULES FILE PARTS [FORMAT] [-- CHECK-OPTION...]
#   examples/spark/rulecheck-parallel.sh form.yaml export.csv 8 json -- --today 2026-11-22 > report.json
#
# Exit status: that of `rulecheck check` over the whole file (0 no errors, 1 errors found); a slice
# whose check exits 2 or 3 stops the run with that status. RULECHECK names the binary (default:
# rulecheck from PATH), JOBS the parallel jobs (default: the cores).
set -euo pipefail

if [ $# -lt 3 ]; then
    echo "usage: $0 RULES FILE PARTS [FORMAT] [-- CHECK-OPTION...]" >&2
    exit 2
fi
rules=$1 file=$2 parts=$3
shift 3
format=text
if [ $# -gt 0 ] && [ "$1" != "--" ]; then format=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
rulecheck=${RULECHECK:-rulecheck}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Cut at record boundaries; one line per slice: the arguments that check it.
"$rulecheck" split "$file" --parts "$parts" --output "$work/slices" > "$work/slices.args"

# Each line of slices.args is shell-quoted: `eval` reads it back into arguments. Status 1 ("errors
# found") is a result; 2 and 3 fail the job, and --halt stops the run at the first failure.
check=$(printf '%q ' "$rulecheck" check --rules "$rules" --format slice --progress never "$@")
# With --halt, parallel exits with the failing job's status.
status=0
parallel --keep-order --halt now,fail=1 --jobs "${JOBS:-100%}" \
    "eval $check {}; s=\$?; [ \$s -le 1 ] || exit \$s" :::: "$work/slices.args" > "$work/reports.jsonl" || status=$?
if [ "$status" -ne 0 ]; then
    echo "rulecheck-parallel: a slice's check exited with status $status" >&2
    exit "$status"
fi

# With the manifest, merge also makes sure that no slice is missing.
"$rulecheck" merge --format "$format" --manifest "$work/slices/manifest.json" "$work/reports.jsonl"
