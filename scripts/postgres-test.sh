#!/usr/bin/env bash
# make store-test: the draft store's PostgreSQL tests against a real PostgreSQL (issue 41).
#
# Starts a PostgreSQL of its own (scripts/postgres-server.sh: installs Debian's postgresql if
# missing; a temporary directory, a unix socket, run as the `postgres` user), and runs the Swift
# tests whose names hold `PostgresStore` with RULECHECK_TEST_POSTGRES_URL naming its database:
# the store's conformance suite, two servers in one process, and two `rulecheck serve` processes
# (one killed with -9 right after a 200). The server is stopped and its directory removed however
# the tests end. Then it shows that a URL naming a server that cannot be reached fails the tests
# (never skips them).
#
# Then the database is stopped under a running `rulecheck serve` (issue 41, Faults), twice:
#  - between single edits: the edit sent while it is down is answered 503 store_unavailable and is
#    not kept, /healthz answers 200, and after the restart an edit is kept again by itself, the
#    form at exactly the version its acknowledged edits make;
#  - under load (scripts/store_fault_load.py, whose header lists its checks): CLIENTS (8) threads
#    edit forms of their own without a pause, with If-Match, while `pg_ctl -m fast stop` runs; the
#    database stays down DOWN seconds (6: three times the 2 s a store operation waits, so edits are
#    sent and answered inside the outage) and is started again; the load runs on AFTER seconds (4)
#    and until every client has edits acknowledged again. Every edit is answered (200, 412, or 503
#    store_unavailable with Retry-After; none refused, dropped or left unanswered), none is
#    acknowledged while the database is down, /healthz answers 200 throughout, and every form is at
#    least at its last acknowledged version, holding the acknowledged value there (past it only by
#    edits whose fate the client could not know: a 503 while the database was going down or coming
#    back, or a lost answer). Floors: 5 edits acknowledged per client before the stop and after the
#    restart. Timings are printed, not judged.
#
#   scripts/postgres-test.sh              # builds the tests first
#   SKIP_BUILD=1 scripts/postgres-test.sh
#   SKIP_SWIFT_TESTS=1 RULECHECK_BIN=/tmp/rulecheck scripts/postgres-test.sh   # the outage checks only, with that binary
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/postgres-server.sh
trap postgres_stop EXIT
postgres_start

if [ -n "${SKIP_SWIFT_TESTS:-}" ]; then
    echo "postgres-test: SKIP_SWIFT_TESTS is set: the Swift tests are not run, only the outage checks" >&2
else
    [ -n "${SKIP_BUILD:-}" ] || swift build --traits Postgres --build-tests
    results=.build/store-test-results.xml
    rm -f "$results" "${results%.xml}-swift-testing.xml"
    RULECHECK_TEST_POSTGRES_URL="$PG_URL" \
        swift test --traits Postgres --skip-build --disable-xctest --filter PostgresStore --xunit-output "$results"
    python3 scripts/test-counts.py "$results" RuleCheckServerTests rulecheckTests

    # A URL that names no server: the tests fail (within the store's time limit), they do not skip.
    if RULECHECK_TEST_POSTGRES_URL="postgres://postgres@/rulecheck_test?host=$PG_DIR/nowhere" \
        swift test --traits Postgres --skip-build --disable-xctest --filter 'PostgresStoreTests/createLoadDelete' >"$PG_DIR/unreachable.log" 2>&1; then
        echo "postgres-test: with an unreachable server the tests passed; they must fail" >&2
        exit 1
    fi
    echo "postgres-test: with an unreachable server the test failed, as it must"
fi

# The database stopped under a running server, then started again (issue 41, Faults): edits are
# answered 503 store_unavailable meanwhile (within the time limit), the server stays up, answers
# again by itself once the database is back, and every acknowledged edit is there.
binary=${RULECHECK_BIN:-.build/debug/rulecheck}
"$binary" serve Rules/signup.yaml --port 0 --no-access-log --time-limit 4 --store "$PG_URL" >"$PG_DIR/banner" 2>"$PG_DIR/serve.log" &
server=$!
load=""
# SIGTERM lets the server finish the requests under way; one that never ends keeps it running, so
# after 10 s it is killed (and said so).
stop_server() {
    kill "$server" 2>/dev/null || return 0
    for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || return 0; sleep 0.1; done
    echo "postgres-test: the server had not stopped 10 s after SIGTERM (a request under way never ended): kill -9" >&2
    kill -9 "$server" 2>/dev/null || true
}
trap '[ -z "${load:-}" ] || kill $load 2>/dev/null; stop_server; postgres_stop' EXIT
for _ in $(seq 100); do grep -q http "$PG_DIR/banner" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^ ,]*' "$PG_DIR/banner")
json() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {"d": d}))' "$1"; }
edit() {  # value → the status
    curl -s -o "$PG_DIR/answer.json" -w '%{http_code}' "${url}v1/forms/$id/edits" \
        -H 'Content-Type: application/json' -d "{\"set\": \"email\", \"value\": \"$1\"}"
}
id=$(curl -s "${url}v1/forms" -H 'Content-Type: application/json' -d '{}' | json 'd["id"]')
for i in 1 2 3; do [ "$(edit "before$i@example.com")" = 200 ]; done
"${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null
start=$(date +%s.%N)
status=$(edit "while-down@example.com")
down_seconds=$(python3 -c "import sys,time; print('%.1f' % (time.time() - float(sys.argv[1])))" "$start")
code=$(json 'd["error"]["code"]' < "$PG_DIR/answer.json")
if [ "$status" != 503 ] || [ "$code" != store_unavailable ]; then
    echo "postgres-test: with the database down an edit got $status $code, not 503 store_unavailable" >&2
    exit 1
fi
[ "$(curl -s -o /dev/null -w '%{http_code}' "${url}healthz")" = 200 ]
pg_start() {
    "${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
        -o "-k $PG_DIR -c listen_addresses='' -p 5432 -c max_connections=200" start >/dev/null
}
pg_start
start=$(date +%s.%N)
recovered=""
for _ in $(seq 60); do
    if [ "$(edit "after@example.com")" = 200 ]; then recovered=yes; break; fi
    sleep 0.5
done
back_seconds=$(python3 -c "import sys,time; print('%.1f' % (time.time() - float(sys.argv[1])))" "$start")
[ -n "$recovered" ] || { echo "postgres-test: the server did not answer again within 30 s of the database's return" >&2; exit 1; }
shown=$(curl -s "${url}v1/forms/$id" | json 'd["state"]["record"]["email"]')
[ "$shown" = "after@example.com" ] || { echo "postgres-test: the form shows '$shown' after the restart" >&2; exit 1; }
etag=$(curl -si "${url}v1/forms/$id" | tr -d '\r' | sed -n 's/^etag: //Ip')
[ "$etag" = '"5"' ] || { echo "postgres-test: the form is at version $etag, not \"5\" (created, 3 edits, 1 after the restart)" >&2; exit 1; }
echo "postgres-test: database stopped: 503 store_unavailable in ${down_seconds} s, the server up; started again: an edit kept ${back_seconds} s later, version $etag, nothing acknowledged lost"

# The same under load, on the same server: scripts/store_fault_load.py sends the edits and judges
# them (it exits 1 with the failures on stderr); this stops and starts the database once it says
# every client is under way, and writes the moments around pg_ctl (time.monotonic(), the clock the
# client reads) to $PG_DIR/load/events.
mkdir "$PG_DIR/load"
mark() { python3 -c 'import sys, time; print(sys.argv[1], time.monotonic())' "$1" >>"$PG_DIR/load/events"; }
python3 scripts/store_fault_load.py "$url" "$PG_DIR/load" &
load=$!
for _ in $(seq 600); do
    [ -e "$PG_DIR/load/ready" ] && break
    kill -0 "$load" 2>/dev/null || break
    sleep 0.1
done
if [ ! -e "$PG_DIR/load/ready" ]; then
    wait "$load" || true
    echo "postgres-test: under load: the clients did not get under way" >&2
    exit 1
fi
mark stopping
"${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null
mark down
sleep "${DOWN:-6}"
mark starting
pg_start
mark up
status=0
wait "$load" || status=$?
load=""
if [ "$status" != 0 ]; then
    echo "postgres-test: under load: failed (exit $status)" >&2
    if [ -s "$PG_DIR/serve.log" ]; then
        echo "postgres-test: the end of the server's log:" >&2
        tail -20 "$PG_DIR/serve.log" >&2
    fi
    exit 1
fi
