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
