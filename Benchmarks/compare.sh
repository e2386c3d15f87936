#!/usr/bin/env bash
# rulecheck next to two peers, on the same records and (as far as their schema languages can say
# it) the same rules:
#
#   * frictionless (Python) validating the CSV against a Table Schema,
#     Benchmarks/compare/osago.tableschema.json;
#   * jsonschema-rs (Rust, called from Python) validating the JSON Lines, each line parsed with
#     Python's json module, against a JSON Schema, Benchmarks/compare/osago.schema.json.
#
#   Benchmarks/compare.sh          from the repository root (or anywhere: it finds the root)
#
# Both peers collect every error, as rulecheck does. They run on one core; rulecheck is timed with
# --jobs 1 and --jobs 2. The peers are installed from PyPI into a virtual environment (VENV) when
# they are missing; without Python or network access the script says so and skips them. What the
# schemas cannot express (visible_if, cross-field checks, dates relative to today in JSON Schema,
# computed fields…) is listed in Docs/performance.md.
#
# Settings (environment): COUNT (100000, records compared), RUNS (3, timed runs of the fast tools;
# frictionless runs once), DATA_DIR (/tmp/rulecheck-bench), VENV (/tmp/rulecheck-peers-venv),
# RULECHECK_BIN (a rulecheck binary to use instead of building one).
set -euo pipefail

cd "$(dirname "$0")/.."
if [ ! -f Rules/osago.yaml ] || [ ! -d Benchmarks/compare ]; then
    echo "compare.sh: run it from a RuleCheck checkout (Rules/osago.yaml not found)" >&2
    exit 2
fi

COUNT=${COUNT:-100000}
RUNS=${RUNS:-3}
DATA_DIR=${DATA_DIR:-/tmp/rulecheck-bench}
VENV=${VENV:-/tmp/rulecheck-peers-venv}
TODAY=2026-11-22   # the Table Schema's date bounds are written for this day
RULES=Rules/osago.yaml
BIN=${RULECHECK_BIN:-.build/release/rulecheck}
HERE=Benchmarks/compare

say() { printf '\n== %s\n' "$*" >&2; }

if [ ! -x /usr/bin/time ]; then
    echo "compare.sh: /usr/bin/time is missing (apt-get install time)" >&2
    exit 2
fi

if [ -z "${RULECHECK_BIN:-}" ]; then
    say "Building the CLI (release)"
    scripts/ensure-deps.sh
    swift build -c release --product rulecheck >&2
fi

# The records: the first COUNT of the files Benchmarks/batch.sh generates, or COUNT records
# generated here the same way.
say "Data"
mkdir -p "$DATA_DIR"
CSV="$DATA_DIR/compare-$COUNT.csv"
JSONL="$DATA_DIR/compare-$COUNT.jsonl"
if [ ! -s "$CSV" ] || [ ! -s "$JSONL" ]; then
    if [ -s "$DATA_DIR/osago-1000000.csv" ] && [ -s "$DATA_DIR/osago-1000000.jsonl" ] && [ "$COUNT" -le 1000000 ]; then
        echo "taking the first $COUNT records of $DATA_DIR/osago-1000000.*" >&2
        head -n $((COUNT + 1)) "$DATA_DIR/osago-1000000.csv" > "$CSV.partial"
        head -n "$COUNT" "$DATA_DIR/osago-1000000.jsonl" > "$JSONL.partial"
    else
        echo "generating $COUNT records (this takes a while)" >&2
        sample() {
            "$BIN" sample "$RULES" --count "$COUNT" --invalid-rate 0.05 --seed 1 --today "$TODAY" --format "$1"
        }
        sample csv > "$CSV.partial"
        sample jsonl > "$JSONL.partial"
    fi
    mv "$CSV.partial" "$CSV"
    mv "$JSONL.partial" "$JSONL"
fi
echo "$CSV, $JSONL" >&2

# The peers, in a virtual environment of their own.
PYTHON=""
have_peer() { [ -n "$PYTHON" ] && "$PYTHON" -c "import $1" 2>/dev/null; }
say "Peers (virtual environment $VENV)"
if [ ! -x "$VENV/bin/python" ]; then
    if command -v python3 >/dev/null 2>&1 && python3 -m venv "$VENV" >&2; then
        echo "created $VENV" >&2
    else
        echo "compare.sh: cannot create a Python virtual environment (python3 -m venv); skipping the peers" >&2
    fi
fi
[ -x "$VENV/bin/python" ] && PYTHON="$VENV/bin/python"
for package in frictionless:frictionless jsonschema-rs:jsonschema_rs; do
    name=${package%%:*} module=${package##*:}
    if [ -n "$PYTHON" ] && ! have_peer "$module"; then
        echo "installing $name from PyPI" >&2
        "$PYTHON" -m pip install --quiet "$name" >&2 || echo "compare.sh: could not install $name; skipping it" >&2
    fi
done

RESULTS=$(mktemp -d)
trap 'rm -rf "$RESULTS"' EXIT

# measure NAME RUNS COMMAND…: the median wall time and the largest peak RSS of RUNS runs into
# $RESULTS/NAME ("wall rss_kb"), the last run's output into $RESULTS/NAME.out.
measure() {
    local name=$1 runs=$2; shift 2
    echo "timing ($runs run(s)): $*" >&2
    : > "$RESULTS/$name.runs"
    for _ in $(seq "$runs"); do
        # rulecheck exits 1 when it finds errors: expected.
        /usr/bin/time -f '%e %M' -a -o "$RESULTS/$name.runs" "$@" > "$RESULTS/$name.out" || true
    done
    grep -E '^[0-9.]+ [0-9]+$' "$RESULTS/$name.runs" | sort -n \
        | awk '{ w[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %s\n", w[int((NR + 1) / 2)], m }' > "$RESULTS/$name"
}

check() { echo "$BIN" check --rules "$RULES" "$1" --today "$TODAY" --jobs "$2" --format jsonl; }

say "Timing"
cat "$CSV" "$JSONL" > /dev/null   # warm the page cache
measure rc-csv-1 "$RUNS" $(check "$CSV" 1)
measure rc-csv-2 "$RUNS" $(check "$CSV" 2)
measure rc-jsonl-1 "$RUNS" $(check "$JSONL" 1)
measure rc-jsonl-2 "$RUNS" $(check "$JSONL" 2)
if have_peer jsonschema_rs; then
    measure jsonschema-rs "$RUNS" "$PYTHON" "$HERE/jsonschema_rs_check.py" "$HERE/osago.schema.json" "$JSONL"
fi
if have_peer frictionless; then
    measure frictionless 1 "$PYTHON" "$HERE/frictionless_check.py" "$HERE/osago.tableschema.json" "$CSV"
fi

# found NAME: "invalid errors" as the tool reported them.
found() {
    local out="$RESULTS/$1.out"
    local invalid errors
    invalid=$(grep -o '"invalid": *[0-9]*' "$out" | tail -1 | grep -o '[0-9]*$')
    errors=$(grep -o '"errors": *[0-9]*' "$out" | tail -1 | grep -o '[0-9]*$')
    echo "${invalid:-?} ${errors:-?}"
}
row() {
    local name=$1 label=$2 input=$3
    [ -f "$RESULTS/$name" ] || { printf '| %-26s | %-5s | %s |\n' "$label" "$input" "skipped (not installed)"; return; }
    read -r wall rss < "$RESULTS/$name"
    read -r invalid errors <<< "$(found "$name")"
    awk -v l="$label" -v i="$input" -v w="$wall" -v r="$rss" -v n="$COUNT" -v inv="$invalid" -v e="$errors" 'BEGIN {
        printf "| %-26s | %-5s | %8s | %7s | %8.2f | %10.0f | %7.0f |\n", l, i, inv, e, w, n / w, r / 1024 }'
}
ratio() { # slower faster: wall(slower) / wall(faster)
    if [ -f "$RESULTS/$1" ] && [ -f "$RESULTS/$2" ]; then
        read -r a _ < "$RESULTS/$1"
        read -r b _ < "$RESULTS/$2"
        awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f×", a / b }'
    else
        echo "–"
    fi
}

echo
echo "rulecheck and its peers on $COUNT osago records — $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Wall time: median of $RUNS runs (frictionless: 1 run), whole process (start-up, imports and schema compilation included)."
echo
echo "| tool                       | input | invalid  | errors  |   wall s |  records/s | RSS MB  |"
echo "|----------------------------|-------|---------:|--------:|---------:|-----------:|--------:|"
row rc-csv-1 "rulecheck --jobs 1" CSV
row rc-csv-2 "rulecheck --jobs 2" CSV
row frictionless "frictionless" CSV
row rc-jsonl-1 "rulecheck --jobs 1" JSONL
row rc-jsonl-2 "rulecheck --jobs 2" JSONL
row jsonschema-rs "jsonschema-rs + json.loads" JSONL
echo
echo "(rulecheck's errors exclude its warnings; invalid = records with at least one error)"
echo
echo "| ratio (same run)                         | --jobs 1 | --jobs 2 | goal    |"
echo "|------------------------------------------|---------:|---------:|---------|"
echo "| rulecheck CSV vs frictionless            | $(printf '%8s' "$(ratio frictionless rc-csv-1)") | $(printf '%8s' "$(ratio frictionless rc-csv-2)") | ≥ 100×  |"
echo "| rulecheck JSONL vs jsonschema-rs         | $(printf '%8s' "$(ratio jsonschema-rs rc-jsonl-1)") | $(printf '%8s' "$(ratio jsonschema-rs rc-jsonl-2)") | > 1×    |"
