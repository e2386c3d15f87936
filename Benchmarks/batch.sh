#!/usr/bin/env bash
# Batch-checking benchmark: how fast `rulecheck check` goes through a generated export, next to
# simply reading the same file (`wc -l`), and how much memory it needs on a ~1 GB file.
#
#   Benchmarks/batch.sh            (or `make bench-batch`) from the repository root
#
# What it does:
#   1. builds the CLI in release mode;
#   2. generates COUNT osago records (Rules/osago.yaml) as CSV and as JSON Lines into DATA_DIR,
#      with `rulecheck sample … --seed 1 --invalid-rate 0.05 --today 2026-11-22` (generating is
#      slow, so the files are kept and reused; FRESH=1 generates them again), and a ~1 GB CSV:
#      the CSV's body repeated under one header;
#   3. times `wc -l` and `rulecheck check --jobs 1` / `--jobs 2` on each file (warm page cache,
#      output to /dev/null) with hyperfine, or with /usr/bin/time when hyperfine is missing;
#   4. compresses the CSV with gzip -6 and zstd -3 (kept beside it) and times `rulecheck check`
#      on the .csv, .csv.gz and .csv.zst, --jobs 1 and 2, in interleaved rounds (medians), next to
#      decompressing alone (gzip -dc, zstd -dc);
#   5. measures the peak RSS of `rulecheck check` on the ~1 GB CSV with /usr/bin/time -v, and on
#      its gzip file, and that of `rulecheck infer` on both;
#   6. prints records/s, MB/s and the ratios, all from this one run.
#
# The machine may be busy with other work: compare the ratios, which come from the same run.
#
# Settings (environment): COUNT (1000000), RUNS (3, timed runs per command), ROUNDS (5, interleaved
# rounds of the plain, gzip and zstd checks), DATA_DIR
# (/tmp/rulecheck-bench), BIG_BYTES (1000000000, the size the big CSV reaches at least),
# TODAY (2026-11-22), FRESH (0), RULECHECK_BIN (a rulecheck binary to measure instead of building
# one, e.g. an older build kept for a before/after comparison).
set -euo pipefail

cd "$(dirname "$0")/.."
if [ ! -f Rules/osago.yaml ] || [ ! -f Package.swift ]; then
    echo "batch.sh: run it from a RuleCheck checkout (Rules/osago.yaml not found)" >&2
    exit 2
fi

COUNT=${COUNT:-1000000}
RUNS=${RUNS:-3}
ROUNDS=${ROUNDS:-5}
DATA_DIR=${DATA_DIR:-/tmp/rulecheck-bench}
BIG_BYTES=${BIG_BYTES:-1000000000}
TODAY=${TODAY:-2026-11-22}
FRESH=${FRESH:-0}
RULES=Rules/osago.yaml
BIN=${RULECHECK_BIN:-.build/release/rulecheck}

say() { printf '\n== %s\n' "$*" >&2; }

if [ -z "${RULECHECK_BIN:-}" ]; then
    say "Building the CLI (release)"
    scripts/ensure-deps.sh
    swift build --traits Server -c release --product rulecheck >&2
fi

mkdir -p "$DATA_DIR"
CSV="$DATA_DIR/osago-$COUNT.csv"
JSONL="$DATA_DIR/osago-$COUNT.jsonl"

# generate FORMAT FILE: writes COUNT records, through a temporary file so that an interrupted
# run never leaves a partial file behind to be reused.
generate() {
    local format=$1 file=$2
    if [ "$FRESH" != 1 ] && [ -s "$file" ]; then
        echo "reusing $file" >&2
        return
    fi
    echo "generating $file ($COUNT records; this takes a while)" >&2
    "$BIN" sample "$RULES" --count "$COUNT" --invalid-rate 0.05 --seed 1 --today "$TODAY" --format "$format" \
        > "$file.partial"
    mv "$file.partial" "$file"
}

say "Data in $DATA_DIR"
generate csv "$CSV"
generate jsonl "$JSONL"

# The big CSV: the header once, then the body of the 1M-record CSV as many times as it takes.
body_bytes=$(( $(stat -c %s "$CSV") - $(head -1 "$CSV" | wc -c) ))
COPIES=$(( (BIG_BYTES + body_bytes - 1) / body_bytes ))
BIG="$DATA_DIR/osago-$COUNT-x$COPIES.csv"
if [ "$FRESH" = 1 ] || [ ! -s "$BIG" ] || [ "$BIG" -ot "$CSV" ]; then
    echo "writing $BIG ($COPIES copies of the body)" >&2
    {
        head -1 "$CSV"
        for _ in $(seq "$COPIES"); do tail -n +2 "$CSV"; done
    } > "$BIG.partial"
    mv "$BIG.partial" "$BIG"
fi

# The compressed copies of the CSV (gzip always; zstd when its command is there).
compress() { # TOOL LEVEL FILE
    local out=$3.$([ "$1" = gzip ] && echo gz || echo zst)
    if [ "$FRESH" = 1 ] || [ ! -s "$out" ] || [ "$out" -ot "$3" ]; then
        echo "compressing $3 with $1 -$2" >&2
        "$1" "-$2" -c "$3" > "$out.partial"
        mv "$out.partial" "$out"
    fi
}
compress gzip 6 "$CSV"
compress gzip 6 "$BIG"
HAVE_ZSTD=0
if command -v zstd >/dev/null 2>&1; then
    HAVE_ZSTD=1
    compress zstd 3 "$CSV"
fi

records() { echo $(( $(wc -l < "$1") - ${2:-0} )); }
CSV_RECORDS=$(records "$CSV" 1)
JSONL_RECORDS=$(records "$JSONL")
BIG_RECORDS=$(( CSV_RECORDS * COPIES ))

# Warm the page cache, so that every command reads from memory.
cat "$CSV" "$JSONL" > /dev/null

RESULTS=$(mktemp -d)
trap 'rm -rf "$RESULTS"' EXIT

# timeit NAME COMMAND: mean wall seconds and mean user+system seconds of RUNS runs, into
# $RESULTS/NAME as "wall cpu". `rulecheck check` exits 1 when it finds errors: that is expected.
if command -v hyperfine >/dev/null 2>&1; then
    TIMER="hyperfine ($RUNS runs each, after 1 warm-up run)"
    timeit() {
        local name=$1; shift
        hyperfine --style basic --warmup 1 --runs "$RUNS" --ignore-failure --output=null \
            --export-csv "$RESULTS/$name.csv" "$*" >&2
        # columns: command,mean,stddev,median,user,system,min,max
        tail -1 "$RESULTS/$name.csv" | awk -F, '{ printf "%s %s\n", $2, $5 + $6 }' > "$RESULTS/$name"
    }
elif [ -x /usr/bin/time ]; then
    TIMER="/usr/bin/time (mean of $RUNS runs each)"
    timeit() {
        local name=$1; shift
        echo "timing: $*" >&2
        : > "$RESULTS/$name.runs"
        for _ in $(seq "$RUNS"); do
            /usr/bin/time -f '%e %U %S' -a -o "$RESULTS/$name.runs" sh -c "$* > /dev/null" || true
        done
        grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$RESULTS/$name.runs" \
            | awk '{ w += $1; c += $2 + $3; n++ } END { printf "%.4f %.4f\n", w / n, c / n }' > "$RESULTS/$name"
    }
else
    echo "batch.sh: neither hyperfine nor /usr/bin/time is installed (apt-get install hyperfine time)" >&2
    exit 2
fi

check() { echo "$BIN check --rules $RULES $1 --today $TODAY --jobs $2 --format jsonl"; }

say "Timing with $TIMER"
timeit wc-csv "wc -l $CSV"
timeit csv-1 "$(check "$CSV" 1)"
timeit csv-2 "$(check "$CSV" 2)"
timeit gunzip "gzip -dc $CSV.gz"
if [ "$HAVE_ZSTD" = 1 ]; then timeit unzstd "zstd -dc $CSV.zst"; fi

# rounds NAME=COMMAND…: ROUNDS rounds, each running every command once in turn, so that a busy
# minute of a shared machine falls on all of them alike; the median wall and the median CPU
# seconds of each go into $RESULTS/NAME. (The plain, gzip and zstd checks are compared this way.)
rounds() {
    local pair name
    for _ in $(seq "$ROUNDS"); do
        for pair in "$@"; do
            name=${pair%%=*}
            /usr/bin/time -f '%e %U %S' -a -o "$RESULTS/$name.rounds" sh -c "${pair#*=} > /dev/null" || true
        done
    done
    median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
    for pair in "$@"; do
        name=${pair%%=*}
        grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$RESULTS/$name.rounds" > "$RESULTS/$name.clean"
        echo "$(awk '{ print $1 }' "$RESULTS/$name.clean" | median) $(awk '{ print $2 + $3 }' "$RESULTS/$name.clean" | median)" \
            > "$RESULTS/$name"
    done
}
if [ -x /usr/bin/time ]; then
    for jobs in 1 2; do
        say "Plain, gzip and zstd CSV, --jobs $jobs, in $ROUNDS interleaved rounds"
        if [ "$HAVE_ZSTD" = 1 ]; then
            rounds "plain-$jobs=$(check "$CSV" "$jobs")" "csv-gz-$jobs=$(check "$CSV.gz" "$jobs")" "csv-zst-$jobs=$(check "$CSV.zst" "$jobs")"
        else
            rounds "plain-$jobs=$(check "$CSV" "$jobs")" "csv-gz-$jobs=$(check "$CSV.gz" "$jobs")"
        fi
    done
else
    for jobs in 1 2; do
        timeit "plain-$jobs" "$(check "$CSV" "$jobs")"
        timeit "csv-gz-$jobs" "$(check "$CSV.gz" "$jobs")"
        if [ "$HAVE_ZSTD" = 1 ]; then timeit "csv-zst-$jobs" "$(check "$CSV.zst" "$jobs")"; fi
    done
fi
timeit wc-jsonl "wc -l $JSONL"
timeit jsonl-1 "$(check "$JSONL" 1)"
timeit jsonl-2 "$(check "$JSONL" 2)"

# Peak RSS on the big file: /usr/bin/time -v, or VmHWM read from /proc while it runs.
peak_rss_kb() { # JOBS FILE LABEL
    local jobs=$1 file=$2 label=$3
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -v -o "$RESULTS/rss-$label.txt" $(check "$file" "$jobs") > /dev/null || true
        awk -F': ' '/Maximum resident set size/ { print $2 }' "$RESULTS/rss-$label.txt"
        awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$RESULTS/rss-$label.txt" > "$RESULTS/rss-$label.wall"
    else
        $(check "$file" "$jobs") > /dev/null &
        local pid=$! peak=0 now
        while now=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status" 2>/dev/null) && [ -n "$now" ]; do
            peak=$now
            sleep 0.2
        done
        wait "$pid" || true
        echo "$peak"
        echo "?" > "$RESULTS/rss-$label.wall"
    fi
}

say "Peak RSS on $BIG ($(( $(stat -c %s "$BIG") / 1000000 )) MB, $BIG_RECORDS records)"
cat "$BIG" > /dev/null
RSS1=$(peak_rss_kb 1 "$BIG" 1)
RSS2=$(peak_rss_kb 2 "$BIG" 2)
cat "$BIG.gz" > /dev/null
RSS_GZ=$(peak_rss_kb 2 "$BIG.gz" gz)

# Peak RSS of `rulecheck infer` (issue 26: a 1 GB file in bounded memory) on the big CSV and its gzip file.
peak_infer_rss_kb() { # FILE LABEL
    /usr/bin/time -v -o "$RESULTS/rss-$2.txt" "$BIN" infer "$1" > /dev/null || true
    awk -F': ' '/Maximum resident set size/ { print $2 }' "$RESULTS/rss-$2.txt"
    awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$RESULTS/rss-$2.txt" > "$RESULTS/rss-$2.wall"
}
if [ -x /usr/bin/time ]; then
    say "Peak RSS of infer on $BIG and its gzip file"
    RSS_INFER=$(peak_infer_rss_kb "$BIG" infer)
    RSS_INFER_GZ=$(peak_infer_rss_kb "$BIG.gz" infer-gz)
fi

# m/s: records per second, MB per second, from a name and a byte count.
row() {
    local name=$1 records=$2 bytes=$3 label=$4
    read -r wall cpu < "$RESULTS/$name"
    awk -v l="$label" -v w="$wall" -v c="$cpu" -v r="$records" -v b="$bytes" 'BEGIN {
        printf "| %-26s | %8.2f | %8.2f | %12s | %8.1f |\n", l, w, c,
            (r > 0 ? sprintf("%.0f", r / w) : "-"), b / w / 1e6 }'
}
ratio() { # a b: wall(a) / wall(b)
    read -r wa _ < "$RESULTS/$1"
    read -r wb _ < "$RESULTS/$2"
    awk -v a="$wa" -v b="$wb" 'BEGIN { printf "%.2f", a / b }'
}
cpu_ratio() { # a b: CPU seconds (user + system) of a ÷ those of b
    read -r _ ca < "$RESULTS/$1"
    read -r _ cb < "$RESULTS/$2"
    awk -v a="$ca" -v b="$cb" 'BEGIN { printf "%.2f", a / b }'
}

CSV_BYTES=$(stat -c %s "$CSV")
JSONL_BYTES=$(stat -c %s "$JSONL")

echo
echo "Batch checking $RULES — $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Timer: $TIMER. CSV: $CSV_RECORDS records, $(( CSV_BYTES / 1000000 )) MB; JSONL: $JSONL_RECORDS records, $(( JSONL_BYTES / 1000000 )) MB."
echo
echo "| command                    |   wall s |    CPU s |    records/s |     MB/s |"
echo "|----------------------------|---------:|---------:|-------------:|---------:|"
row wc-csv 0 "$CSV_BYTES" "wc -l, CSV"
row csv-1 "$CSV_RECORDS" "$CSV_BYTES" "check CSV --jobs 1"
row csv-2 "$CSV_RECORDS" "$CSV_BYTES" "check CSV --jobs 2"
GZ_BYTES=$(stat -c %s "$CSV.gz")
row gunzip 0 "$GZ_BYTES" "gzip -dc, CSV.gz"
if [ "$HAVE_ZSTD" = 1 ]; then
    ZST_BYTES=$(stat -c %s "$CSV.zst")
    row unzstd 0 "$ZST_BYTES" "zstd -dc, CSV.zst"
fi
row wc-jsonl 0 "$JSONL_BYTES" "wc -l, JSONL"
row jsonl-1 "$JSONL_RECORDS" "$JSONL_BYTES" "check JSONL --jobs 1"
row jsonl-2 "$JSONL_RECORDS" "$JSONL_BYTES" "check JSONL --jobs 2"
echo
echo "| ratio (same run)                                   |   CSV | JSONL | goal   |"
echo "|----------------------------------------------------|------:|------:|--------|"
echo "| --jobs 2 speed-up (wall, jobs 1 ÷ jobs 2)          | $(printf '%5s' "$(ratio csv-1 csv-2)") | $(printf '%5s' "$(ratio jsonl-1 jsonl-2)") | ≥ 1.7× |"
echo "| CPU time, jobs 2 ÷ jobs 1 (parallel overhead)      | $(printf '%5s' "$(cpu_ratio csv-2 csv-1)") | $(printf '%5s' "$(cpu_ratio jsonl-2 jsonl-1)") |        |"
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%4.1f%%", 100 * a / b }'; }
read -r wc_csv _ < "$RESULTS/wc-csv"; read -r wc_jsonl _ < "$RESULTS/wc-jsonl"
read -r c1 _ < "$RESULTS/csv-1"; read -r c2 _ < "$RESULTS/csv-2"
read -r j1 _ < "$RESULTS/jsonl-1"; read -r j2 _ < "$RESULTS/jsonl-2"
echo "| speed vs wc -l, --jobs 2 (wall wc ÷ wall check)    | $(pct "$wc_csv" "$c2") | $(pct "$wc_jsonl" "$j2") | ≥ 20%  |"
echo "| speed vs wc -l, --jobs 1                           | $(pct "$wc_csv" "$c1") | $(pct "$wc_jsonl" "$j1") |        |"
echo
echo "Compressed input: the CSV ($(( CSV_BYTES / 1000000 )) MB), gzip -6 ($(( GZ_BYTES / 1000000 )) MB)$([ "$HAVE_ZSTD" = 1 ] && echo " and zstd -3 ($(( ZST_BYTES / 1000000 )) MB)"), medians of $ROUNDS interleaved rounds:"
echo
echo "| command                    |   wall s |    CPU s |    records/s | CSV MB/s |"
echo "|----------------------------|---------:|---------:|-------------:|---------:|"
for jobs in 1 2; do
    row "plain-$jobs" "$CSV_RECORDS" "$CSV_BYTES" "check CSV --jobs $jobs"
    row "csv-gz-$jobs" "$CSV_RECORDS" "$CSV_BYTES" "check CSV.gz --jobs $jobs"
    if [ "$HAVE_ZSTD" = 1 ]; then row "csv-zst-$jobs" "$CSV_RECORDS" "$CSV_BYTES" "check CSV.zst --jobs $jobs"; fi
done
echo
echo "| ratio (same rounds)                |  wall, jobs 1 |   CPU, jobs 1 |  wall, jobs 2 |   CPU, jobs 2 |"
echo "|------------------------------------|--------------:|--------------:|--------------:|--------------:|"
echo "| check CSV.gz ÷ check CSV           | $(printf '%13s' "$(ratio csv-gz-1 plain-1)") | $(printf '%13s' "$(cpu_ratio csv-gz-1 plain-1)") | $(printf '%13s' "$(ratio csv-gz-2 plain-2)") | $(printf '%13s' "$(cpu_ratio csv-gz-2 plain-2)") |"
if [ "$HAVE_ZSTD" = 1 ]; then
    echo "| check CSV.zst ÷ check CSV          | $(printf '%13s' "$(ratio csv-zst-1 plain-1)") | $(printf '%13s' "$(cpu_ratio csv-zst-1 plain-1)") | $(printf '%13s' "$(ratio csv-zst-2 plain-2)") | $(printf '%13s' "$(cpu_ratio csv-zst-2 plain-2)") |"
fi
echo
echo "Peak RSS on $(basename "$BIG") ($(( $(stat -c %s "$BIG") / 1000000 )) MB, $BIG_RECORDS records), goal < 64 MB:"
echo "  --jobs 1: $(( RSS1 / 1024 )) MB (wall $(cat "$RESULTS/rss-1.wall"))"
echo "  --jobs 2: $(( RSS2 / 1024 )) MB (wall $(cat "$RESULTS/rss-2.wall"))"
echo "  --jobs 2, $(basename "$BIG").gz ($(( $(stat -c %s "$BIG.gz") / 1000000 )) MB): $(( RSS_GZ / 1024 )) MB (wall $(cat "$RESULTS/rss-gz.wall"))"
if [ -n "${RSS_INFER:-}" ]; then
    echo "  infer: $(( RSS_INFER / 1024 )) MB (wall $(cat "$RESULTS/rss-infer.wall")); infer on the .gz: $(( RSS_INFER_GZ / 1024 )) MB (wall $(cat "$RESULTS/rss-infer-gz.wall"))"
fi
