#!/usr/bin/env bash
# `make load-test`: POST /v1/check under wrk on loopback — requests/s, p50/p99 latency, and the
# server's resident memory before, during and after — for Docs/performance.md; then edits of
# server-side forms with their drafts in memory, SQLite and PostgreSQL (issue 41; PostgreSQL is
# started by scripts/postgres-server.sh, installed with apt-get if missing).
#
#   DURATION=5 CONNECTIONS=16 THREADS=1 scripts/load-test.sh
#   STORES="memory sqlite" FORMS=64 scripts/load-test.sh          # the stores whose edits to measure
#   BASELINE=/tmp/old/.build/release/rulecheck scripts/load-test.sh   # the old binary's table first, then this one's
#
# Uses the release build (built if missing) of `rulecheck serve Rules/signup.yaml`, bound to 127.0.0.1
# on a free port, access log off (it would measure the terminal). Needs wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-1}
command -v wrk >/dev/null || { echo "load-test needs wrk: apt-get install -y wrk" >&2; exit 1; }
[ -x .build/release/rulecheck ] || swift build --traits Postgres -c release --product rulecheck
binary=.build/release/rulecheck
work=$(mktemp -d)
cleanup() { jobs -p | xargs -r kill 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# Bodies: one valid record, one record with three violations, 100 records of JSON Lines (15% invalid).
head -1 Rules/samples/signup.jsonl > "$work/valid.json"
printf '%s\n' '{"email":"not-an-email","password":"short","password_repeat":"other","accept_terms":true,"phone":"+7 (916) 123"}' > "$work/invalid.json"
"$binary" sample Rules/signup.yaml --count 100 --seed 7 --invalid-rate 0.15 --today 2026-11-22 --format jsonl > "$work/batch.jsonl"

measure() {  # binary, label
  local binary=$1 server url line
  "$binary" serve Rules/signup.yaml --port 0 --today 2026-11-22 --no-access-log --max-body 1048576 > "$work/banner" 2>"$work/stderr" &
  server=$!
  for _ in $(seq 100); do grep -q http "$work/banner" 2>/dev/null && break; sleep 0.1; done
  url=$(grep -o 'http://[^ ]*' "$work/banner")
  rss() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
  echo
  echo "$2: $binary, server $url (pid $server), wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $(nproc) cores"
  echo "rss before: $(rss) KiB"
  printf '| body | requests/s | p50 ms | p99 ms | max ms | non-2xx | RSS after, KiB |\n|---|---:|---:|---:|---:|---:|---:|\n'
  run() {  # name, file (empty: GET), content type, path
    line=$(BODY="$2" TYPE="$3" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s scripts/wrk-check.lua "${url}${4:-v1/check}" | tail -1)
    python3 -c 'import json,sys; r=json.loads(sys.argv[2]); print("| %s | %.0f | %.2f | %.2f | %.1f | %d | %s |" % (sys.argv[1], r["rps"], r["p50_ms"], r["p99_ms"], r["max_ms"], r["non_2xx"] + r["socket_errors"], sys.argv[3]))' "$1" "$line" "$(rss)"
  }
  run "GET /healthz (no check: the HTTP stack alone)" "" "" healthz
  run "one valid record" "$work/valid.json" application/json
  run "one record, 3 violations" "$work/invalid.json" application/json
  run "100 records (JSON Lines)" "$work/batch.jsonl" application/x-ndjson
  run "one valid record, again" "$work/valid.json" application/json
  kill "$server"
  wait "$server" 2>/dev/null || true
}

if [ -n "${BASELINE:-}" ]; then measure "$BASELINE" "before (BASELINE)"; fi
measure "$binary" "this tree"

# Issue 41: one edit at a time to FORMS server-side forms (in turn), with their drafts in each
# store of STORES, in one run: edits/s and latency, each answered once its draft is committed.
FORMS=${FORMS:-64}
STORES=${STORES:-memory sqlite postgres}
echo '{"set": "email", "value": "load@example.com"}' > "$work/edit.json"
if [[ " $STORES " == *" postgres "* ]]; then
  . scripts/postgres-server.sh
  trap 'postgres_stop; cleanup' EXIT
  postgres_start
fi
echo
echo "edits: POST /v1/forms/{id}/edits to $FORMS forms in turn, wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, $(nproc) cores"
printf '| store | edits/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---:|---:|---:|---:|---:|\n'
for store in $STORES; do
  case $store in
    memory) location=memory ;;
    sqlite) location="sqlite:$work/drafts.db" ;;
    postgres) location=$PG_URL ;;
    *) echo "load-test: unknown store '$store'" >&2; exit 1 ;;
  esac
  "$binary" serve Rules/signup.yaml --port 0 --today 2026-11-22 --no-access-log --store "$location" > "$work/banner-$store" 2>"$work/stderr-$store" &
  server=$!
  for _ in $(seq 100); do grep -q http "$work/banner-$store" 2>/dev/null && break; sleep 0.1; done
  url=$(grep -o 'http://[^ ,]*' "$work/banner-$store")
  : > "$work/ids"
  for _ in $(seq "$FORMS"); do
    curl -s "${url}v1/forms" -H 'Content-Type: application/json' -d '{}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])' >> "$work/ids"
  done
  line=$(BODY="$work/edit.json" IDS="$work/ids" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" -s scripts/wrk-edits.lua "$url" | tail -1)
  python3 -c 'import json,sys; r=json.loads(sys.argv[2]); print("| %s | %.0f | %.2f | %.2f | %.1f | %d |" % (sys.argv[1], r["rps"], r["p50_ms"], r["p99_ms"], r["max_ms"], r["non_2xx"] + r["socket_errors"]))' "$store" "$line"
  kill "$server"
  wait "$server" 2>/dev/null || true
done
