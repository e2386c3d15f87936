#!/usr/bin/env bash
# `make api-test`: schemathesis (from PyPI) generates requests from Docs/openapi.yaml — valid ones and
# malformed ones, for every endpoint, and sequences of them — against `rulecheck preview
# Rules/osago.yaml` (which serves every endpoint), and checks that no answer is a 5xx, that each
# answer's status, content type and body are the document's, that bad input is refused and that
# methods not listed get a 405. Seeded: the same requests every run.
#
# Not checked: `positive_data_acceptance` — a request the schema allows may still name a field, list
# or form that does not exist, which is rightly a 404 or 422.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_BUDGET=${API_TEST_SECONDS:-60}
python3 -c 'import schemathesis' 2>/dev/null || python3 -m pip install -q schemathesis 2>/dev/null \
  || python3 -m pip install -q --break-system-packages schemathesis
swift build --traits Server --product rulecheck
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
.build/debug/rulecheck preview Rules/osago.yaml --port 0 --today 2026-11-22 --max-forms 100000 --access-log > "$work/banner" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q http "$work/banner" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/banner")
run() {
  python3 -m schemathesis.cli run Docs/openapi.yaml --url "$url" --checks all --exclude-checks positive_data_acceptance \
    --max-time "$SECONDS_BUDGET" --workers 1 --generation-deterministic --no-color
}
# The server's access log (one JSON line per request, in the banner file) counts what schemathesis
# really sent: a run that sent (almost) nothing — a schema it could not load, a server it could not
# reach — fails, however schemathesis itself ended.
MIN_REQUESTS=${API_TEST_MIN_REQUESTS:-100}
# Never `> /dev/stdout`: when standard output is a file (CI's log), opening /dev/stdout truncates it,
# and everything printed before this point (the test runs' counts among it) was lost.
if [ -n "${API_TEST_LOG:-}" ]; then run > "$API_TEST_LOG"; else run; fi
requests=$(grep -c '"method":' "$work/banner" || true)
if [ "${requests:-0}" -lt "$MIN_REQUESTS" ]; then
  echo "api-test: the server answered ${requests:-0} requests, fewer than $MIN_REQUESTS: schemathesis tested nothing" >&2
  exit 1
fi
echo "api-test: the server answered $requests requests"
