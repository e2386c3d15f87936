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
#   scripts/postgres-test.sh              # builds the tests first
#   SKIP_BUILD=1 scripts/postgres-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/postgres-server.sh
trap postgres_stop EXIT
postgres_start

[ -n "${SKIP_BUILD:-}" ] || swift build --build-tests
results=.build/store-test-results.xml
rm -f "$results" "${results%.xml}-swift-testing.xml"
RULECHECK_TEST_POSTGRES_URL="$PG_URL" \
    swift test --skip-build --disable-xctest --filter PostgresStore --xunit-output "$results"
python3 scripts/test-counts.py "$results" RuleCheckServerTests rulecheckTests

# A URL that names no server: the tests fail (within the store's time limit), they do not skip.
if RULECHECK_TEST_POSTGRES_URL="postgres://postgres@/rulecheck_test?host=$PG_DIR/nowhere" \
    swift test --skip-build --disable-xctest --filter 'PostgresStoreTests/createLoadDelete' >"$PG_DIR/unreachable.log" 2>&1; then
    echo "postgres-test: with an unreachable server the tests passed; they must fail" >&2
    exit 1
fi
echo "postgres-test: with an unreachable server the test failed, as it must"

# The database stopped under a running server, then started again (issue 41, Faults): edits are
# answered 503 store_unavailable meanwhile (within the time limit), the server stays up, answers
# again by itself once the database is back, and every acknowledged edit is there.
binary=.build/debug/rulecheck
"$binary" serve Rules/signup.yaml --port 0 --no-access-log --time-limit 4 --store "$PG_URL" >"$PG_DIR/banner" 2>"$PG_DIR/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; postgres_stop' EXIT
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
"${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-k $PG_DIR -c listen_addresses='' -p 5432 -c max_connections=200" start >/dev/null
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
kill "$server"
echo "postgres-test: database stopped: 503 store_unavailable in ${down_seconds} s, the server up; started again: an edit kept ${back_seconds} s later, version $etag, nothing acknowledged lost"
