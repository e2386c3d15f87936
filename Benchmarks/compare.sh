#!/usr/bin/env bash
# rulecheck next to other engines, on the same records and (as far as each can say it) the same
# rules, all in one run, printed as ratios:
#
#   1. DuckDB (Python package `duckdb`) checking three 12-column exports (200,000 rows, 2% bad cells
#      each), as CSV and as JSON Lines, against their rules written as SQL
#      (Benchmarks/compare/duckdb_check.py): counting the violations of each rule, and writing
#      every violation to JSON Lines; 1 and 2 threads, next to `rulecheck check --format jsonl`
#      with --jobs 1 and 2. The shapes: osago12 (Benchmarks/compare/osago12.yaml: dates, options,
#      numbers, a document number masked by its type; records from `rulecheck sample`) and
#      policies12 (Benchmarks/compare/policies12.yaml: mostly regexes — Cyrillic names, a phone
#      mask, an email, a VIN, a plate; records from Benchmarks/compare/policies12_data.py, seeded)
#      and persian12 (Benchmarks/compare/persian12.yaml: regexes over Persian script and Persian
#      digits — names with a ZWNJ, a national code, a mobile, a postal code, an address, a plate;
#      Benchmarks/compare/persian12_data.py, seeded).
#      Beside the times, rulecheck's and DuckDB's violations are compared rule by rule
#      (Benchmarks/compare/same_counts.py): a difference is printed, and makes the script fail.
#   2. frictionless (Python) validating the full OSAGO CSV against a Table Schema
#      (Benchmarks/compare/osago.tableschema.json), and jsonschema-rs (Rust, called from Python)
#      validating its JSON Lines, each line parsed with Python's json module, against a JSON
#      Schema (Benchmarks/compare/osago.schema.json).
#   2b. structural: a JSON Schema a form has no fields for (Benchmarks/compare/structural.schema.json:
#      additionalProperties, patternProperties, propertyNames, oneOf of object schemas) over
#      STRUCTURAL seeded events (Benchmarks/compare/structural_data.py, 2% invalid):
#      `rulecheck check --rules-format jsonschema` next to jsonschema-rs (jsonschema_rs_check.py),
#      both as whole processes; their invalid counts must agree.
#   3. Compiling a 10,000-field rules file (YAML and minified JSON) next to jsonschema-rs
#      compiling the JSON Schema that says the same (Benchmarks/compare/compile_files.py), each
#      timed inside its own process (Benchmarks/Sources/CompileTiming, jsonschema_rs_compile.py);
#      `rulecheck lint` as a whole; 1k and 100k fields for linearity, and lint's peak memory at 100k.
#
#   4. records: callgrind's instructions per OSAGO record (the 20,000 records of `rulecheck sample
#      Rules/osago.yaml --seed 1 --invalid-rate 0.05`, CSV and JSON Lines, `--jobs 1 --format
#      jsonl`, debug information stripped, a file without records subtracted for start-up).
#   5. edits: the three shapes of the edit benchmarks at 1k, 10k and 100k fields, each edit timed
#      inside its own process (Benchmarks/Sources/EditTiming), incrementally and with `.full`.
#   6. http: `rulecheck serve Rules/osago.yaml` under wrk (32 connections, 1 thread): POST
#      /v1/check of one valid OSAGO record, beside GET /healthz (the HTTP stack alone), in
#      interleaved rounds.
#   7. layout: SURVEYS submissions of an XLSForm (Benchmarks/compare/survey24.md: 21 questions in
#      groups, select_multiples, constraints, relevance; Benchmarks/compare/survey24_data.py, seeded,
#      2% bad cells) as a plain CSV, as ODK Central's CSV export and as KoboToolbox's
#      (Benchmarks/compare/platform_exports.py): `check --layout odk|kobo` next to the plain CSV,
#      --jobs 1 and 2; the three reports must count the same violations.
#
#   Benchmarks/compare.sh          from the repository root (or anywhere: it finds the root)
#
# The commands of each part run in interleaved rounds (one run of each command per round), so
# that a busy minute of the shared machine falls on all of them alike; each figure is the median
# of RUNS rounds, and the load average is printed before and after. The peers are installed from
# PyPI into a virtual environment (VENV), at the versions pinned in PEERS, when they are missing or
# at another version; without Python or network access the script says so and skips them. What
# each peer's schema cannot express is listed in Docs/performance.md.
#
# Settings (environment): COUNT (100000, full OSAGO records for part 2), COUNT12 (200000, rows
# of each 12-column export), FIELDS (10000, fields of the compile comparison), RUNS (5 rounds;
# frictionless runs once), DATA_DIR (/tmp/rulecheck-bench), VENV (/tmp/rulecheck-peers-venv),
# PARTS ("duckdb peers compile records edits http": the parts to run), RULECHECK_BIN (a rulecheck
# binary to use instead of building one), COMPILE_TIMING_BIN and EDIT_TIMING_BIN (the timing
# binaries, built from Benchmarks/ otherwise), RECORDS (20000, part 4), HTTP_SECONDS (5, each wrk
# run of part 6), SURVEYS (200000, part 7). Part 4 needs valgrind and binutils' objcopy, part 6 wrk (apt-get install
# valgrind wrk); without them the script says so and skips the part.
set -euo pipefail

cd "$(dirname "$0")/.."
if [ ! -f Rules/osago.yaml ] || [ ! -d Benchmarks/compare ]; then
    echo "compare.sh: run it from a RuleCheck checkout (Rules/osago.yaml not found)" >&2
    exit 2
fi

COUNT=${COUNT:-100000}
COUNT12=${COUNT12:-200000}
FIELDS=${FIELDS:-10000}
RUNS=${RUNS:-5}
DATA_DIR=${DATA_DIR:-/tmp/rulecheck-bench}
VENV=${VENV:-/tmp/rulecheck-peers-venv}
PARTS=${PARTS:-duckdb peers structural compile records edits http layout}
STRUCTURAL=${STRUCTURAL:-200000}
RECORDS=${RECORDS:-20000}
HTTP_SECONDS=${HTTP_SECONDS:-5}
SURVEYS=${SURVEYS:-200000}
# The peers' versions: the figures of Docs/performance.md are of these.
PEERS="duckdb==2.0.0:duckdb jsonschema-rs==0.60.3:jsonschema_rs frictionless==5.21.0:frictionless"
SHAPES="osago12 policies12 persian12"
TODAY=2026-11-22   # the schemas' and the SQL's date bounds are written for this day
RULES=Rules/osago.yaml
BIN=${RULECHECK_BIN:-.build/release/rulecheck}
HERE=Benchmarks/compare

say() { printf '\n== %s\n' "$*" >&2; }
part() { [[ " $PARTS " == *" $1 "* ]]; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

if [ ! -x /usr/bin/time ]; then
    echo "compare.sh: /usr/bin/time is missing (apt-get install time)" >&2
    exit 2
fi

if [ -z "${RULECHECK_BIN:-}" ]; then
    say "Building the CLI (release)"
    scripts/ensure-deps.sh
    swift build --traits Server -c release --product rulecheck >&2
fi

# sample RULES COUNT RATE FORMAT FILE: COUNT records, through a temporary file so that an
# interrupted run never leaves a partial file behind to be reused.
sample() {
    [ -s "$5" ] && return
    echo "generating $5 ($2 records; this takes a while)" >&2
    "$BIN" sample "$1" --count "$2" --invalid-rate "$3" --seed 1 --today "$TODAY" --format "$4" > "$5.partial"
    mv "$5.partial" "$5"
}

say "Data in $DATA_DIR"
mkdir -p "$DATA_DIR"
CSV="$DATA_DIR/compare-$COUNT.csv"
JSONL="$DATA_DIR/compare-$COUNT.jsonl"
if part peers && { [ ! -s "$CSV" ] || [ ! -s "$JSONL" ]; }; then
    if [ -s "$DATA_DIR/osago-1000000.csv" ] && [ -s "$DATA_DIR/osago-1000000.jsonl" ] && [ "$COUNT" -le 1000000 ]; then
        echo "taking the first $COUNT records of $DATA_DIR/osago-1000000.*" >&2
        head -n $((COUNT + 1)) "$DATA_DIR/osago-1000000.csv" > "$CSV.partial"
        head -n "$COUNT" "$DATA_DIR/osago-1000000.jsonl" > "$JSONL.partial"
        mv "$CSV.partial" "$CSV"
        mv "$JSONL.partial" "$JSONL"
    else
        sample "$RULES" "$COUNT" 0.05 csv "$CSV"
        sample "$RULES" "$COUNT" 0.05 jsonl "$JSONL"
    fi
fi
# The three 12-column shapes, CSV and JSON Lines, 2% bad cells each: osago12 from `rulecheck
# sample` (one planted mistake in 24% of the rows), policies12 and persian12 from their own seeded
# generators.
generated() {
    [ -s "$3" ] && return
    echo "generating $3 ($COUNT12 records)" >&2
    python3 "$HERE/$1_data.py" "$COUNT12" "$2" "$3.partial" 1
    mv "$3.partial" "$3"
}
if part duckdb; then
    for form in csv jsonl; do
        sample "$HERE/osago12.yaml" "$COUNT12" 0.24 "$form" "$DATA_DIR/osago12-$COUNT12.$form"
        generated policies12 "$form" "$DATA_DIR/policies12-$COUNT12.$form"
        generated persian12 "$form" "$DATA_DIR/persian12-$COUNT12.$form"
    done
fi

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
for package in $PEERS; do
    pinned=${package%%:*} module=${package##*:}
    name=${pinned%%==*} version=${pinned##*==}
    if [ -n "$PYTHON" ] && ! "$PYTHON" -c "import importlib.metadata as m, sys; sys.exit(m.version('$name') != '$version')" 2>/dev/null; then
        echo "installing $pinned from PyPI" >&2
        "$PYTHON" -m pip install --quiet "$pinned" >&2 || echo "compare.sh: could not install $pinned; skipping it" >&2
    fi
done

RESULTS=$(mktemp -d)
trap 'rm -rf "$RESULTS"' EXIT

# Commands are registered with `job NAME COMMAND…` and run by `rounds N`: N rounds, each running
# every registered command once, in order. Each run's wall and CPU (user + system) seconds and
# peak RSS go to $RESULTS/NAME.runs, its output to $RESULTS/NAME.out.
JOBS=()
job() {
    local name=$1; shift
    JOBS+=("$name")
    printf '%q ' "$@" > "$RESULTS/$name.command"
    : > "$RESULTS/$name.runs"
}
rounds() {
    local round
    for round in $(seq "$1"); do
        echo "round $round of $1 (load $(load))" >&2
        for name in "${JOBS[@]}"; do
            # rulecheck exits 1 when it finds errors: expected.
            /usr/bin/time -f '%e %U %S %M' -a -o "$RESULTS/$name.runs" \
                bash -c "$(cat "$RESULTS/$name.command") > $RESULTS/$name.out" || true
            cat "$RESULTS/$name.out" >> "$RESULTS/$name.outs" 2>/dev/null || true
        done
    done
    JOBS=()
}
# median NAME: "wall cpu rss_kb", the medians of the runs' wall and CPU seconds and the largest RSS.
median() {
    local runs
    runs=$(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$RESULTS/$1.runs")
    middle() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
    echo "$(awk '{ print $1 }' <<< "$runs" | middle) $(awk '{ printf "%.2f\n", $2 + $3 }' <<< "$runs" | middle)" \
         "$(awk '{ print $4 }' <<< "$runs" | sort -n | tail -1)"
}
# ratio SLOWER FASTER [wall|cpu]: how many times FASTER's median beats SLOWER's.
ratio() {
    if [ -s "$RESULTS/$1.runs" ] && [ -s "$RESULTS/$2.runs" ]; then
        local column=1
        [ "${3:-wall}" = cpu ] && column=2
        paste -d' ' <(median "$1") <(median "$2") | awk -v c="$column" '{ printf "%.2f×", $(c) / $(c + 3) }'
    else
        echo "–"
    fi
}
wall() { [ -s "$RESULTS/$1.runs" ] && median "$1" | awk '{ printf "%.2f", $1 }' || echo "–"; }
cpu() { [ -s "$RESULTS/$1.runs" ] && median "$1" | awk '{ printf "%.2f", $2 }' || echo "–"; }
rss() { [ -s "$RESULTS/$1.runs" ] && median "$1" | awk '{ printf "%.0f", $3 / 1024 }' || echo "–"; }
# inside NAME KEY: the median over the rounds of a number each run printed as "KEY": N (the
# seconds a command timed inside its own process).
inside() {
    local values
    values=$(grep -o "\"$2\": *[0-9.]*" "$RESULTS/$1.outs" 2>/dev/null | grep -o '[0-9.]*$')
    [ -n "$values" ] && sort -n <<< "$values" | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }' || echo "–"
}
# quotient A B [FORMAT]: A / B for two numbers, or – when either is missing.
quotient() { awk -v a="$1" -v b="$2" -v f="${3:-%.2f×}" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf f, a / b; else printf "–" }'; }
# field NAME KEY: a number from the JSON a command printed (its last "KEY": N).
field() { grep -o "\"$2\": *[0-9]*" "$RESULTS/$1.out" 2>/dev/null | tail -1 | grep -o '[0-9]*$' || echo "?"; }

# The XLSForm's submissions, plain and as the two platforms export them.
SURVEY_FORM="$HERE/survey24.md"
SURVEY_PLAIN="$DATA_DIR/survey24-$SURVEYS.csv" SURVEY_ODK="$DATA_DIR/survey24-$SURVEYS.odk.csv"
SURVEY_KOBO="$DATA_DIR/survey24-$SURVEYS.kobo.csv"
if part layout && { [ ! -s "$SURVEY_ODK" ] || [ ! -s "$SURVEY_KOBO" ]; }; then
    echo "generating $SURVEY_PLAIN and its ODK Central and KoboToolbox exports ($SURVEYS submissions)" >&2
    python3 "$HERE/survey24_data.py" "$SURVEYS" "$SURVEY_PLAIN.partial" 1
    python3 "$HERE/platform_exports.py" "$SURVEY_FORM" "$SURVEY_PLAIN.partial" "$SURVEY_ODK.partial" "$SURVEY_KOBO.partial"
    mv "$SURVEY_PLAIN.partial" "$SURVEY_PLAIN"
    mv "$SURVEY_ODK.partial" "$SURVEY_ODK"
    mv "$SURVEY_KOBO.partial" "$SURVEY_KOBO"
fi

cat "$DATA_DIR"/*12-"$COUNT12".* "$CSV" "$JSONL" "$DATA_DIR"/survey24-* > /dev/null 2>&1 || true   # warm the page cache
LOAD_BEFORE=$(load)

# 1. DuckDB on the 12-column exports: every shape and format, all in the same rounds.
if part duckdb; then
    for shape in $SHAPES; do
        for form in csv jsonl; do
            data="$DATA_DIR/$shape-$COUNT12.$form"
            say "DuckDB and rulecheck on $data"
            for jobs in 1 2; do
                job "rc-$shape-$form-$jobs" "$BIN" check --rules "$HERE/$shape.yaml" "$data" --today "$TODAY" --jobs "$jobs" --format jsonl
            done
            if have_peer duckdb; then
                for threads in 1 2; do
                    for mode in counts jsonl; do
                        job "duck-$shape-$form-$mode-$threads" "$PYTHON" "$HERE/duckdb_check.py" "$shape" "$mode" "$threads" "$data" "$TODAY" \
                            "$RESULTS/duckdb-violations.jsonl"
                    done
                done
            fi
        done
    done
    rounds "$RUNS"
fi

# 2b. A structural schema (no form fields) next to jsonschema-rs.
EVENTS="$DATA_DIR/structural-$STRUCTURAL.jsonl"
if part structural; then
    if [ ! -s "$EVENTS" ]; then
        python3 "$HERE/structural_data.py" "$STRUCTURAL" > "$EVENTS.partial"
        mv "$EVENTS.partial" "$EVENTS"
    fi
    say "jsonschema-rs and rulecheck on $EVENTS (a structural schema)"
    for jobs in 1 2; do
        job "rc-structural-$jobs" "$BIN" check --rules-format jsonschema --rules "$HERE/structural.schema.json" "$EVENTS" \
            --jobs "$jobs" --format summary-json
    done
    have_peer jsonschema_rs && job jsonschema-rs-structural "$PYTHON" "$HERE/jsonschema_rs_check.py" "$HERE/structural.schema.json" "$EVENTS"
    rounds "$RUNS"
fi

# 7. An XLSForm's submissions: plain, and as ODK Central and KoboToolbox export them.
if part layout; then
    say "rulecheck on $SURVEYS submissions of $SURVEY_FORM: plain CSV, --layout odk, --layout kobo"
    for jobs in 1 2; do
        job "layout-plain-$jobs" "$BIN" check --rules "$SURVEY_FORM" "$SURVEY_PLAIN" --today "$TODAY" --jobs "$jobs" --format jsonl
        job "layout-odk-$jobs" "$BIN" check --rules "$SURVEY_FORM" --layout odk "$SURVEY_ODK" --today "$TODAY" --jobs "$jobs" --format jsonl
        job "layout-kobo-$jobs" "$BIN" check --rules "$SURVEY_FORM" --layout kobo "$SURVEY_KOBO" --today "$TODAY" --jobs "$jobs" --format jsonl
    done
    rounds "$RUNS"
fi

# 2. frictionless and jsonschema-rs on the full OSAGO export.
if part peers; then
    say "frictionless, jsonschema-rs and rulecheck on $CSV and $JSONL"
    check() { echo "$BIN" check --rules "$RULES" "$1" --today "$TODAY" --jobs "$2" --format jsonl; }
    job rc-csv-1 $(check "$CSV" 1)
    job rc-csv-2 $(check "$CSV" 2)
    job rc-jsonl-1 $(check "$JSONL" 1)
    job rc-jsonl-2 $(check "$JSONL" 2)
    have_peer jsonschema_rs && job jsonschema-rs "$PYTHON" "$HERE/jsonschema_rs_check.py" "$HERE/osago.schema.json" "$JSONL"
    rounds "$RUNS"
    if have_peer frictionless; then
        job frictionless "$PYTHON" "$HERE/frictionless_check.py" "$HERE/osago.tableschema.json" "$CSV"
        rounds 1
    fi
fi

# 3. Compiling: FIELDS fields, and a tenth and ten times as many for linearity and peak memory.
# Each compile is timed inside its own process: rulecheck's by Benchmarks/Sources/CompileTiming
# (`RuleSet(bytes:source:)` alone, the file already read), jsonschema-rs's by
# jsonschema_rs_compile.py (`validator_for` alone, the schema already parsed by json.loads).
SMALL=$((FIELDS / 10)) LARGE=$((FIELDS * 10))
if part compile; then
    say "Compiling $SMALL, $FIELDS and $LARGE fields"
    COMPILE_TIMING=${COMPILE_TIMING_BIN:-Benchmarks/.build/release/compile-timing}
    if [ -z "${COMPILE_TIMING_BIN:-}" ]; then
        swift build -c release --package-path Benchmarks --product compile-timing >&2
    fi
    COMPILE_DIR="$DATA_DIR/compile"
    mkdir -p "$COMPILE_DIR"
    for count in "$SMALL" "$FIELDS" "$LARGE"; do
        if [ ! -s "$COMPILE_DIR/fields-$count.schema.json" ]; then
            python3 "$HERE/compile_files.py" "$count" "$COMPILE_DIR"
        fi
    done
    printf 'fields:\n  - id: a\n' > "$COMPILE_DIR/one-field.yaml"
    job lint-one "$BIN" lint "$COMPILE_DIR/one-field.yaml"
    for format in yaml json; do
        for count in "$SMALL" "$FIELDS" "$LARGE"; do
            job "compile-$format-$count" "$COMPILE_TIMING" "$COMPILE_DIR/fields-$count.$format"
        done
        job "lint-$format" "$BIN" lint "$COMPILE_DIR/fields-$FIELDS.$format"
        job "lint-$format-$LARGE" "$BIN" lint "$COMPILE_DIR/fields-$LARGE.$format"
    done
    have_peer jsonschema_rs && job jsonschema-rs-compile "$PYTHON" "$HERE/jsonschema_rs_compile.py" "$COMPILE_DIR/fields-$FIELDS.schema.json"
    rounds "$RUNS"
fi

# 4. Instructions per OSAGO record: callgrind counts what the load does not move.
# collected FILE…: the instructions callgrind counted for a check of each file, one per line.
if part records; then
    if ! command -v valgrind >/dev/null 2>&1 || ! command -v objcopy >/dev/null 2>&1; then
        echo "compare.sh: part records needs valgrind and objcopy (apt-get install valgrind binutils); skipping it" >&2
    else
        say "Instructions per record (callgrind, $RECORDS OSAGO records)"
        RECORDS_DIR="$DATA_DIR/records"
        mkdir -p "$RECORDS_DIR"
        objcopy --strip-debug "$BIN" "$RECORDS_DIR/rulecheck-stripped"
        for form in csv jsonl; do
            sample "$RULES" "$RECORDS" 0.05 "$form" "$RECORDS_DIR/osago-$RECORDS.$form"
        done
        head -1 "$RECORDS_DIR/osago-$RECORDS.csv" > "$RECORDS_DIR/osago-0.csv"
        : > "$RECORDS_DIR/osago-0.jsonl"
        for file in osago-$RECORDS.csv osago-0.csv osago-$RECORDS.jsonl osago-0.jsonl; do
            valgrind --tool=callgrind --callgrind-out-file=/dev/null "$RECORDS_DIR/rulecheck-stripped" check --rules "$RULES" \
                "$RECORDS_DIR/$file" --today "$TODAY" --jobs 1 --format jsonl 2>&1 > /dev/null |
                sed -n 's/.*Collected : \([0-9]*\).*/\1/p' > "$RESULTS/instructions-$file" || true
        done
    fi
fi
# per_record FORM: instructions per record, start-up subtracted.
per_record() {
    local full empty
    full=$(cat "$RESULTS/instructions-osago-$RECORDS.$1" 2>/dev/null) empty=$(cat "$RESULTS/instructions-osago-0.$1" 2>/dev/null)
    [ -n "$full" ] && [ -n "$empty" ] && awk -v f="$full" -v e="$empty" -v n="$RECORDS" 'BEGIN { printf "%.1fk", (f - e) / n / 1000 }' || echo "–"
}

# 5. Edits: each shape at 1k, 10k and 100k fields, incremental and full, timed inside the process.
if part edits; then
    say "Edits (1k, 10k and 100k fields; three shapes)"
    EDIT_TIMING=${EDIT_TIMING_BIN:-Benchmarks/.build/release/edit-timing}
    if [ -z "${EDIT_TIMING_BIN:-}" ]; then
        swift build -c release --package-path Benchmarks --product edit-timing >&2
    fi
    job edits "$EDIT_TIMING" --edits 2000 --full-edits 10 1000 10000 100000
    rounds "$RUNS"
fi
# edit_figure SHAPE FIELDS MODE KEY: the median over the rounds of one figure edit-timing printed.
edit_figure() {
    grep "\"shape\": \"$1\", \"fields\": $2, \"mode\": \"$3\"" "$RESULTS/edits.outs" 2>/dev/null |
        grep -o "\"$4\": *[0-9.]*" | grep -o '[0-9.]*$' | sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%s", v[int((NR + 1) / 2)]; else printf "–" }'
}

# 6. HTTP: one OSAGO record posted by wrk at 32 connections, and /healthz, in interleaved rounds.
if part http; then
    if ! command -v wrk >/dev/null 2>&1; then
        echo "compare.sh: part http needs wrk (apt-get install wrk); skipping it" >&2
    else
        say "HTTP: POST /v1/check of one OSAGO record, wrk -t1 -c32 -d${HTTP_SECONDS}s"
        "$BIN" sample "$RULES" --count 1 --seed 7 --invalid-rate 0 --today "$TODAY" --format jsonl > "$RESULTS/record.json"
        "$BIN" serve "$RULES" --port 0 --today "$TODAY" --no-access-log > "$RESULTS/banner" 2> "$RESULTS/serve.err" &
        SERVER=$!
        for _ in $(seq 100); do grep -q http "$RESULTS/banner" 2>/dev/null && break; sleep 0.1; done
        URL=$(grep -o 'http://[^ ]*' "$RESULTS/banner" || true)
        if [ -z "$URL" ]; then
            echo "compare.sh: rulecheck serve did not start:" >&2
            cat "$RESULTS/serve.err" >&2
        else
            for round in $(seq "$RUNS"); do
                echo "round $round of $RUNS (load $(load))" >&2
                wrk -t1 -c32 -d"${HTTP_SECONDS}s" -s scripts/wrk-check.lua "${URL}healthz" | tail -1 >> "$RESULTS/http-healthz.outs"
                BODY="$RESULTS/record.json" TYPE=application/json wrk -t1 -c32 -d"${HTTP_SECONDS}s" -s scripts/wrk-check.lua \
                    "${URL}v1/check" | tail -1 >> "$RESULTS/http-record.outs"
            done
            HTTP_RSS=$(awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$SERVER/status")
        fi
        kill "$SERVER" 2>/dev/null || true
        wait "$SERVER" 2>/dev/null || true
    fi
fi
# http_figure NAME KEY: the median over the rounds of one of wrk's figures.
http_figure() {
    grep -o "\"$2\":[0-9.]*" "$RESULTS/http-$1.outs" 2>/dev/null | grep -o '[0-9.]*$' | sort -n |
        awk '{ v[NR] = $1 } END { if (NR) printf "%.1f", v[int((NR + 1) / 2)]; else printf "–" }'
}
http_sum() { grep -o "\"$2\":[0-9]*" "$RESULTS/http-$1.outs" 2>/dev/null | grep -o '[0-9]*$' | awk '{ s += $1 } END { print s + 0 }'; }
LOAD_AFTER=$(load)

echo
echo "rulecheck and other engines — $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $LOAD_BEFORE before, $LOAD_AFTER after"
echo "Medians of $RUNS interleaved rounds (frictionless: 1 run); whole processes (start-up, imports and compiling included); CPU = user + system."

if part duckdb; then
    DIFFERENT=0
    for shape in $SHAPES; do
        echo
        echo "### DuckDB: $COUNT12 rows × 12 columns, 2% bad cells ($HERE/$shape.yaml)"
        echo
        echo "| input | engine | output | threads / jobs | violations | wall s | CPU s | RSS MB |"
        echo "|---|---|---|---:|---:|---:|---:|---:|"
        for form in csv jsonl; do
            for spec in "rc-$shape-$form-1|rulecheck|every violation, JSON Lines|1" "rc-$shape-$form-2|rulecheck|every violation, JSON Lines|2" \
                        "duck-$shape-$form-counts-1|DuckDB|counts by rule|1" "duck-$shape-$form-counts-2|DuckDB|counts by rule|2" \
                        "duck-$shape-$form-jsonl-1|DuckDB|every violation, JSON Lines|1" "duck-$shape-$form-jsonl-2|DuckDB|every violation, JSON Lines|2"; do
                IFS='|' read -r name engine output threads <<< "$spec"
                [ -s "$RESULTS/$name.runs" ] || continue
                errors=$(field "$name" errors)
                echo "| $form | $engine | $output | $threads | $errors | $(wall "$name") | $(cpu "$name") | $(rss "$name") |"
            done
        done
        echo
        for form in csv jsonl; do
            [ -s "$RESULTS/duck-$shape-$form-counts-2.out" ] || continue
            if same=$(python3 "$HERE/same_counts.py" "$RESULTS/rc-$shape-$form-2.out" "$RESULTS/duck-$shape-$form-counts-2.out"); then
                echo "$form: rulecheck and DuckDB count the same violations of every rule ($same)."
            else
                echo "$form: COUNTS DIFFER:"
                echo "$same"
                DIFFERENT=1
            fi
        done
        echo
        echo "| ratio (same run, wall) | CSV | JSON Lines | goal |"
        echo "|---|---:|---:|---|"
        both() { echo "$(ratio "${1/FORM/csv}" "${2/FORM/csv}") | $(ratio "${1/FORM/jsonl}" "${2/FORM/jsonl}")"; }
        echo "| rulecheck --jobs 2 vs DuckDB counts, 2 threads | $(both "duck-$shape-FORM-counts-2" "rc-$shape-FORM-2") | ≥ 1.0× |"
        echo "| rulecheck --jobs 2 vs DuckDB violations to JSONL, 2 threads | $(both "duck-$shape-FORM-jsonl-2" "rc-$shape-FORM-2") | ≥ 2× |"
        echo "| rulecheck --jobs 1 vs DuckDB counts, 1 thread | $(both "duck-$shape-FORM-counts-1" "rc-$shape-FORM-1") | ≥ 1.0× |"
        echo "| rulecheck --jobs 1 vs DuckDB violations to JSONL, 1 thread | $(both "duck-$shape-FORM-jsonl-1" "rc-$shape-FORM-1") | |"
        echo "| rulecheck --jobs 2 vs --jobs 1 | $(both "rc-$shape-FORM-1" "rc-$shape-FORM-2") | ≥ 1.8× on a large file (batch.sh) |"
        # On a machine that other work keeps busy, wall time says more about the scheduler than about
        # the engines: the CPU time of one thread against one job is the work each did.
        bothcpu() { echo "$(ratio "${1/FORM/csv}" "${2/FORM/csv}" cpu) | $(ratio "${1/FORM/jsonl}" "${2/FORM/jsonl}" cpu)"; }
        echo "| CPU: rulecheck --jobs 1 vs DuckDB counts, 1 thread | $(bothcpu "duck-$shape-FORM-counts-1" "rc-$shape-FORM-1") | |"
        echo "| CPU: rulecheck --jobs 1 vs DuckDB violations to JSONL, 1 thread | $(bothcpu "duck-$shape-FORM-jsonl-1" "rc-$shape-FORM-1") | |"
    done
fi

if part peers; then
    echo
    echo "### frictionless and jsonschema-rs: $COUNT full OSAGO records ($RULES)"
    echo
    echo "| tool | input | invalid | errors | wall s | CPU s | records/s | RSS MB |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
    for spec in "rc-csv-1|rulecheck --jobs 1|CSV" "rc-csv-2|rulecheck --jobs 2|CSV" "frictionless|frictionless|CSV" \
                "rc-jsonl-1|rulecheck --jobs 1|JSONL" "rc-jsonl-2|rulecheck --jobs 2|JSONL" "jsonschema-rs|jsonschema-rs + json.loads|JSONL"; do
        IFS='|' read -r name label input <<< "$spec"
        [ -s "$RESULTS/$name.runs" ] || { echo "| $label | $input | skipped (not installed) | | | | | |"; continue; }
        echo "| $label | $input | $(field "$name" invalid) | $(field "$name" errors) | $(wall "$name") | $(cpu "$name") | $(awk -v n="$COUNT" -v w="$(wall "$name")" 'BEGIN { printf "%.0f", n / w }') | $(rss "$name") |"
    done
    echo
    echo "(rulecheck's errors exclude its warnings; invalid = records with at least one error)"
    echo
    echo "| ratio (same run, wall) | --jobs 1 | --jobs 2 | goal |"
    echo "|---|---:|---:|---|"
    echo "| rulecheck CSV vs frictionless | $(ratio frictionless rc-csv-1) | $(ratio frictionless rc-csv-2) | ≥ 100× |"
    echo "| rulecheck JSONL vs jsonschema-rs | $(ratio jsonschema-rs rc-jsonl-1) | $(ratio jsonschema-rs rc-jsonl-2) | ≥ 3× |"
    echo "| CPU: rulecheck JSONL vs jsonschema-rs (one thread each) | $(ratio jsonschema-rs rc-jsonl-1 cpu) | | |"
fi

if part structural; then
    echo
    echo "### A structural JSON Schema: $STRUCTURAL events (no form fields)"
    echo
    rc_invalid=$(sed -n 's/.*"invalid":\([0-9]*\).*/\1/p' "$RESULTS/rc-structural-1.out" | head -1)
    rs_invalid=$( [ -s "$RESULTS/jsonschema-rs-structural.out" ] && field jsonschema-rs-structural invalid || echo "–")
    echo "| tool | invalid | wall s | CPU s | records/s | RSS MB |"
    echo "|---|---:|---:|---:|---:|---:|"
    echo "| rulecheck --jobs 1 | $rc_invalid | $(wall rc-structural-1) | $(cpu rc-structural-1) | $(awk -v n="$STRUCTURAL" -v w="$(wall rc-structural-1)" 'BEGIN { printf "%.0f", n / w }') | $(rss rc-structural-1) |"
    echo "| rulecheck --jobs 2 | | $(wall rc-structural-2) | $(cpu rc-structural-2) | $(awk -v n="$STRUCTURAL" -v w="$(wall rc-structural-2)" 'BEGIN { printf "%.0f", n / w }') | $(rss rc-structural-2) |"
    echo "| jsonschema-rs + json.loads | $rs_invalid | $(wall jsonschema-rs-structural) | $(cpu jsonschema-rs-structural) | | $(rss jsonschema-rs-structural) |"
    echo
    echo "| ratio (same run) | wall, --jobs 1 | wall, --jobs 2 | CPU, one thread each | goal |"
    echo "|---|---:|---:|---:|---|"
    echo "| rulecheck vs jsonschema-rs | $(ratio jsonschema-rs-structural rc-structural-1) | $(ratio jsonschema-rs-structural rc-structural-2) | $(ratio jsonschema-rs-structural rc-structural-1 cpu) | ≥ 1.0× |"
    if [ "$rs_invalid" != "–" ] && [ "$rc_invalid" != "$rs_invalid" ]; then
        echo "compare.sh: rulecheck finds $rc_invalid invalid events, jsonschema-rs $rs_invalid" >&2
        exit 1
    fi
fi

if part compile; then
    echo
    echo "### Compiling $FIELDS fields (a pattern each, depends_on and visible_if the field before)"
    echo
    echo "Each compile timed inside its own process (medians of $RUNS fresh processes; CPU = user + system"
    echo "of the process during the call, the steadier figure on a shared machine): rulecheck's"
    echo "\`RuleSet(bytes:source:)\` from the file's bytes (Benchmarks/Sources/CompileTiming), jsonschema-rs's"
    echo "\`validator_for\` on the schema already parsed by json.loads (parsing it: $(inside jsonschema-rs-compile parse_seconds) s more)."
    echo
    echo "| what | wall s | CPU s |"
    echo "|---|---:|---:|"
    echo "| jsonschema-rs \`validator_for\`, in its process | $(inside jsonschema-rs-compile compile_seconds) | $(inside jsonschema-rs-compile compile_cpu_seconds) |"
    for format in yaml json; do
        echo "| rulecheck \`RuleSet(bytes:)\`, $format, in its process | $(inside "compile-$format-$FIELDS" compile_seconds) | $(inside "compile-$format-$FIELDS" compile_cpu_seconds) |"
    done
    echo "| rulecheck lint, a one-field file (whole process: start-up) | $(wall lint-one) | $(cpu lint-one) |"
    echo "| rulecheck lint, yaml (whole process) | $(wall lint-yaml) | $(cpu lint-yaml) |"
    echo "| rulecheck lint, json (whole process) | $(wall lint-json) | $(cpu lint-json) |"
    echo
    peer=$(inside jsonschema-rs-compile compile_cpu_seconds)
    echo "| goal (same run, CPU) | yaml | json | goal |"
    echo "|---|---:|---:|---|"
    echo "| compile ÷ jsonschema-rs \`validator_for\` | $(quotient "$(inside compile-yaml-$FIELDS compile_cpu_seconds)" "$peer") | $(quotient "$(inside compile-json-$FIELDS compile_cpu_seconds)" "$peer") | ≤ 1.0× |"
    echo "| whole \`lint\` ÷ jsonschema-rs \`validator_for\` | $(quotient "$(cpu lint-yaml)" "$peer") | $(quotient "$(cpu lint-json)" "$peer") | < 2× |"
    echo "| compile $FIELDS ÷ $SMALL fields | $(quotient "$(inside compile-yaml-$FIELDS compile_cpu_seconds)" "$(inside compile-yaml-$SMALL compile_cpu_seconds)") | $(quotient "$(inside compile-json-$FIELDS compile_cpu_seconds)" "$(inside compile-json-$SMALL compile_cpu_seconds)") | ≈ 10× (linear) |"
    echo "| compile $LARGE ÷ $FIELDS fields | $(quotient "$(inside compile-yaml-$LARGE compile_cpu_seconds)" "$(inside compile-yaml-$FIELDS compile_cpu_seconds)") | $(quotient "$(inside compile-json-$LARGE compile_cpu_seconds)" "$(inside compile-json-$FIELDS compile_cpu_seconds)") | ≈ 10× (linear) |"
    echo "| peak RSS of \`lint\`, $LARGE fields (MB) | $(rss lint-yaml-$LARGE) | $(rss lint-json-$LARGE) | < 300 |"
fi

if part records; then
    echo
    echo "### Instructions per OSAGO record ($RECORDS records, callgrind, --jobs 1 --format jsonl, start-up subtracted)"
    echo
    echo "| input | instructions per record | goal |"
    echo "|---|---:|---|"
    echo "| CSV | $(per_record csv) | ≤ 25k |"
    echo "| JSON Lines | $(per_record jsonl) | ≤ 25k |"
fi

if part edits; then
    echo
    echo "### Edits (medians of $RUNS processes, each the median of 2,000 incremental and 10 full edits; thread CPU µs)"
    echo
    echo "| shape | fields | incremental µs | full µs | full ÷ incremental | changed fields + issues | µs per changed field or issue |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for shape in chains fan-out groups; do
        for fields in 1000 10000 100000; do
            incremental=$(edit_figure "$shape" "$fields" incremental edit_cpu_us)
            full=$(edit_figure "$shape" "$fields" full edit_cpu_us)
            changed=$(( $(edit_figure "$shape" "$fields" incremental fields_changed) + $(edit_figure "$shape" "$fields" incremental issues) )) || changed=0
            echo "| $shape | $fields | $incremental | $full | $(quotient "$full" "$incremental" '%.0f×') | $changed | $(quotient "$incremental" "$changed" '%.2f') |"
        done
    done
    echo
    echo "| goal (same run) | chains | fan-out | groups | goal |"
    echo "|---|---:|---:|---:|---|"
    per_change() { quotient "$(edit_figure "$1" 10000 incremental edit_cpu_us)" "$(( $(edit_figure "$1" 10000 incremental fields_changed) + $(edit_figure "$1" 10000 incremental issues) ))" '%.2f µs'; }
    speedup() { quotient "$(edit_figure "$1" 10000 full edit_cpu_us)" "$(edit_figure "$1" 10000 incremental edit_cpu_us)" '%.0f×'; }
    flat() { quotient "$(edit_figure "$1" 100000 incremental edit_cpu_us)" "$(edit_figure "$1" 1000 incremental edit_cpu_us)"; }
    echo "| per changed field or issue, 10k fields | $(per_change chains) | $(per_change fan-out) | $(per_change groups) | ≤ 0.3 µs |"
    echo "| \`.full\` ÷ incremental, 10k fields | $(speedup chains) | $(speedup fan-out) | $(speedup groups) | ≥ 1,000× |"
    echo "| incremental, 100k ÷ 1k fields | $(flat chains) | $(flat fan-out) | $(flat groups) | flat (≈ 1×) |"
fi

if part http && [ -s "$RESULTS/http-record.outs" ]; then
    echo
    echo "### HTTP: \`rulecheck serve $RULES\`, wrk -t1 -c32 -d${HTTP_SECONDS}s, medians of $RUNS interleaved rounds"
    echo
    echo "| request | requests/s | p50 ms | p99 ms | non-2xx and socket errors | goal |"
    echo "|---|---:|---:|---:|---:|---|"
    echo "| GET /healthz (the HTTP stack alone) | $(http_figure healthz rps) | $(http_figure healthz p50_ms) | $(http_figure healthz p99_ms) | $(( $(http_sum healthz non_2xx) + $(http_sum healthz socket_errors) )) | |"
    echo "| POST /v1/check, one valid OSAGO record | $(http_figure record rps) | $(http_figure record p50_ms) | $(http_figure record p99_ms) | $(( $(http_sum record non_2xx) + $(http_sum record socket_errors) )) | ≥ 20,000/s, p99 ≤ 5 ms |"
    echo
    echo "The server's peak RSS: ${HTTP_RSS:-?} MB."
fi

LAYOUT_DIFFERENT=0
if part layout; then
    echo
    echo "### An XLSForm's submissions as the platforms export them: $SURVEYS submissions ($SURVEY_FORM)"
    echo
    echo "| input | --jobs | violations | wall s | CPU s | submissions/s | RSS MB |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for spec in "plain|plain CSV (RuleCheck's columns)" "odk|ODK Central CSV, --layout odk" "kobo|KoboToolbox CSV, --layout kobo"; do
        IFS='|' read -r layout label <<< "$spec"
        for jobs in 1 2; do
            name="layout-$layout-$jobs"
            violations=$(wc -l < "$RESULTS/$name.out" 2>/dev/null || echo "?")
            echo "| $label | $jobs | $violations | $(wall "$name") | $(cpu "$name") | $(awk -v n="$SURVEYS" -v w="$(wall "$name")" 'BEGIN { if (w > 0) printf "%.0f", n / w }') | $(rss "$name") |"
        done
    done
    echo
    echo "| ratio (same run) | wall, --jobs 1 | wall, --jobs 2 | CPU, --jobs 1 | goal |"
    echo "|---|---:|---:|---:|---|"
    for layout in odk kobo; do
        echo "| time of --layout $layout ÷ time of the plain CSV | $(ratio "layout-$layout-1" layout-plain-1) | $(ratio "layout-$layout-2" layout-plain-2) | $(ratio "layout-$layout-1" layout-plain-1 cpu) | ≤ 1.0× (no dearer per submission) |"
    done
    # Every layout must find the same violations: the same lines, but for the submission's id.
    plain_count=$(wc -l < "$RESULTS/layout-plain-1.out")
    for layout in odk kobo; do
        count=$(wc -l < "$RESULTS/layout-$layout-1.out")
        if [ "$count" != "$plain_count" ]; then
            echo "compare.sh: --layout $layout reports $count violations, the plain CSV $plain_count" >&2
            LAYOUT_DIFFERENT=1
        fi
    done
fi

if [ "$LAYOUT_DIFFERENT" -ne 0 ]; then exit 1; fi

if part duckdb && [ "$DIFFERENT" -ne 0 ]; then
    echo "compare.sh: rulecheck and DuckDB did not find the same violations (above): the rules' SQL is wrong" >&2
    exit 1
fi
