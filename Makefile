# RuleCheck — the two commands of the README, plus benchmarks and fuzzing.
#
#   make demo    build the CLI and run it on the bundled examples in Rules/ (a server's JSON Schema too)
#   make test    build and run every Swift test (refused when a test target ran none) and CI's guards (Tests/ci)
#   make test-deep  the Swift tests again, the property tests trying every seeded case, not a quick share
#   make release-smoke  the release build must report exactly what the debug build does
#   make bench   run the benchmarks (a separate package in Benchmarks/, kept out of `make test`)
#   make bench-batch  time `rulecheck check` on generated 1M-record files (Benchmarks/batch.sh)
#   make spark-test  the Spark recipe (local[2]) and its GNU parallel form give one check's report
#   make fuzz    run the fuzz targets for a while (clang's libFuzzer)
#   make browser-test  rulecheck preview and the HTML report in headless Chromium (installs Chromium, chromedriver, Selenium)
#   make screenshots   the same, saving the screenshots of Docs/images/
#   make load-test     POST /v1/check under wrk: requests/s, p99, memory (release build; BASELINE=old binary to compare)
#   make abuse-test    wrk beside slowloris, idle connections and a catastrophic-regex flood, held to documented bounds
#   make store-test    the draft store against a real PostgreSQL the script starts (installs Debian's postgresql),
#                      then that PostgreSQL stopped and restarted under load: 503s, nothing acknowledged lost
#   make api-test      schemathesis: requests generated from Docs/openapi.yaml against the server
#   make pcre2-source-test  the libraries and their tests against PCRE2 compiled from its source (as on iOS: no JIT)
#   make consumer-test  an app using only the RuleCheck library resolves Yams alone, builds and runs (Tests/consumer)
#   make format        format the Swift sources with swift format and .swift-format; format-check: fail if unformatted
#   make docs          the DocC documentation of the RuleCheck library in .build/docs, refused on any warning
#   make xlsform-test  pyxform's own test XLSForms (fetched from PyPI at run time) through rulecheck lint, pyxform as a second opinion;
#                      the rules files exported as XLSForms, each converted by pyxform
#   make conformance   the JSON-Schema-Test-Suite (draft 7, 2020-12; fetched from PyPI at run time) through schema import + check

# bash, so that a recipe's pipeline can fail on its first command (`set -o pipefail`).
SHELL := /bin/bash
SWIFT ?= swift
# The package's traits are off by default, so that an app gets the libraries alone (Package.swift):
# every build and test here turns on `Server`, the command and its HTTP server; `make store-test`
# turns on `Postgres` (Server with the PostgreSQL draft store, whose postgres-nio brings BoringSSL).
TRAITS ?= --traits Server
BIN    = .build/debug/rulecheck

.PHONY: format format-check conformance xlsform-test docs demo demo-build demo-run test test-deep pcre2-source-test consumer-test release-smoke bench bench-batch spark-test fuzz deps build clean browser-deps browser-test screenshots load-test abuse-test api-test store-test

FUZZ_SECONDS ?= 120
# One target (rules, mask, json, csv, jsonl, jsonarray, expression, edits; see Fuzz/RuleCheckFuzz/FuzzEntry.swift),
# or empty for all of them, the first byte of each input choosing.
TARGET ?=
FUZZ_MAX_LEN ?= 65536

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build $(TRAITS) --product rulecheck

demo-build: deps
	@mkdir -p .build
	@set -o pipefail; $(SWIFT) build $(TRAITS) --product rulecheck-lite 2>&1 | tee .build/build-demo.log
	@python3 scripts/no-warnings.py .build/build-demo.log

# The samples were generated for 2026-11-22 (`rulecheck sample … --today 2026-11-22`); checking
# them against the same day keeps the demo's report the same whenever it runs. `check` exits 1
# when it finds errors, which the sample data has on purpose. The demo needs no server, so it
# builds `rulecheck-lite`, the command without `serve` and `preview` (no SwiftNIO, no Hummingbird);
# what it compiles, `make test` then finds built in the same `.build`.
# `demo-run` runs the demo with a command already built (CI's guards run it with one that fails).
DEMO_BIN = .build/debug/rulecheck-lite
demo: demo-build
	@$(MAKE) --no-print-directory demo-run
demo-run: BIN = $(DEMO_BIN)
demo-run:
	@echo '$$ rulecheck check --rules Rules/osago.yaml Rules/samples/osago.csv --today 2026-11-22'
	@$(BIN) check --rules Rules/osago.yaml Rules/samples/osago.csv --today 2026-11-22; \
	  status=$$?; [ $$status -le 1 ] || exit $$status
	@echo
	@echo '$$ rulecheck check --rules Rules/signup.yaml Rules/samples/signup.jsonl --today 2026-11-22 --format jsonl | tail -3'
	@set -o pipefail; $(BIN) check --rules Rules/signup.yaml Rules/samples/signup.jsonl --today 2026-11-22 --format jsonl \
	  | tail -3; status=$$?; [ $$status -le 1 ] || exit $$status
	@echo
	@echo '$$ rulecheck mask "+7 (000) 000-00-00" 9161234567 916123'
	@$(BIN) mask "+7 (000) 000-00-00" 9161234567 916123
	@echo
	@echo '$$ rulecheck check --rules Rules/server-driven/listing.schema.json --ui Rules/server-driven/listing.jsonforms.json Rules/server-driven/listing.jsonl'
	@$(BIN) check --rules Rules/server-driven/listing.schema.json --ui Rules/server-driven/listing.jsonforms.json \
	  Rules/server-driven/listing.jsonl --today 2026-11-22; \
	  status=$$?; [ $$status -le 1 ] || exit $$status

# Every Swift test, then the checks of CI's own guards (Tests/ci). A run is refused when any test
# target ran no test (scripts/test-counts.py reads the JUnit report), not only when a test fails.
# The suites of the PostgreSQL draft store need a PostgreSQL server: `make store-test` starts one
# and runs them; `make test` leaves them out and test-counts says so.
TEST_RESULTS = .build/test-results.xml
# Which share of seeded cases each property test chose (scripts/property-cases.py checks it).
PROPERTY_LOG = $(CURDIR)/.build/property-cases.log
STORE_SKIP = --skip PostgresStore
STORE_NOT_RUN = --not-run 'PostgresStore=the PostgreSQL draft store suites; make store-test runs them against a real PostgreSQL'
# HeapEstimateTests compares estimates with malloc's figures, which are the whole process's: it runs
# alone after the others (in a parallel run their traffic moved its figures by 14 bytes a string).
ALONE = HeapEstimateTests
ALONE_SKIP = --skip $(ALONE)
ALONE_NOT_RUN = --not-run '$(ALONE)=it measures the malloc figures of the process, so make test runs it alone after the others'
ALONE_RESULTS = .build/test-results-alone.xml
# The build's log is kept: a compiler warning in Sources/ or Tests/ fails the run (scripts/no-warnings.py).
test: deps
	@mkdir -p .build
	set -o pipefail; $(SWIFT) build $(TRAITS) --build-tests 2>&1 | tee .build/build-tests.log
	python3 scripts/no-warnings.py .build/build-tests.log
	rm -f $(TEST_RESULTS) $(TEST_RESULTS:.xml=-swift-testing.xml) $(PROPERTY_LOG) $(ALONE_RESULTS) $(ALONE_RESULTS:.xml=-swift-testing.xml)
	RULECHECK_PROPERTY_LOG=$(PROPERTY_LOG) $(SWIFT) test $(TRAITS) --skip-build --disable-xctest $(STORE_SKIP) $(ALONE_SKIP) --xunit-output $(TEST_RESULTS)
	python3 scripts/test-counts.py $(STORE_NOT_RUN) $(ALONE_NOT_RUN) $(TEST_RESULTS) $$($(SWIFT) package dump-package | python3 scripts/test-targets.py)
	python3 scripts/property-cases.py quick $(PROPERTY_LOG)
	$(SWIFT) test $(TRAITS) --skip-build --disable-xctest --filter $(ALONE) --xunit-output $(ALONE_RESULTS)
	python3 scripts/test-counts.py $(ALONE_RESULTS) RuleCheckTests
	python3 scripts/run-python-tests.py Tests/ci

# The same Swift tests again, the property tests trying every seeded case (RULECHECK_PROPERTY_RUNS=deep,
# _RuleCheckTestSupport/PropertyRuns.swift): `make test` tries a quick share of them. CI runs both,
# and scripts/property-cases.py fails either when a property test did not try its run's share.
DEEP_RESULTS = .build/test-results-deep.xml
DEEP_PROPERTY_LOG = $(CURDIR)/.build/property-cases-deep.log
test-deep: deps
	$(SWIFT) build $(TRAITS) --build-tests
	rm -f $(DEEP_RESULTS) $(DEEP_RESULTS:.xml=-swift-testing.xml) $(DEEP_PROPERTY_LOG)
	RULECHECK_PROPERTY_RUNS=deep RULECHECK_PROPERTY_LOG=$(DEEP_PROPERTY_LOG) \
	  $(SWIFT) test $(TRAITS) --skip-build --disable-xctest $(STORE_SKIP) $(ALONE_SKIP) --xunit-output $(DEEP_RESULTS)
	python3 scripts/test-counts.py $(STORE_NOT_RUN) $(ALONE_NOT_RUN) $(DEEP_RESULTS) $$($(SWIFT) package dump-package | python3 scripts/test-targets.py)
	python3 scripts/property-cases.py deep $(DEEP_PROPERTY_LOG)

# The draft store against a real PostgreSQL, started and stopped by the script (issue 41): the
# suites `make test` leaves out, two `rulecheck serve` on one database, kill -9 after a 200; then
# the database stopped and started again under a running server, between edits and under load
# (scripts/store_fault_load.py). SKIP_SWIFT_TESTS=1 RULECHECK_BIN=… runs the outage checks alone.
store-test: deps
	$(SWIFT) build --traits Postgres --build-tests
	SKIP_BUILD=1 scripts/postgres-test.sh

docs: deps
	scripts/docs.sh

release-smoke: deps
	scripts/release-smoke.sh

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# libFuzzer on the rules compiler, masks, JSON and the CSV/JSON readers (TOOLCHAIN.md's recipe).
# Crashing inputs are saved in fuzz-artifacts/; the corpus grows in .build-fuzz/corpus.
# FUZZ_SCRATCH is its build folder. A failed build stops here: no binary of an earlier build runs.
FUZZ_SCRATCH ?= .build-fuzz
fuzz: deps
	set -o pipefail; RULECHECK_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --product RuleCheckFuzz \
	  --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address 2>&1 | { grep -v "Cannot export local symbol" || true; }
	mkdir -p $(FUZZ_SCRATCH)/corpus$(TARGET:%=-%) fuzz-artifacts
	cp Rules/*.yaml Rules/samples/* $(FUZZ_SCRATCH)/corpus$(TARGET:%=-%)/ 2>/dev/null || true
	cp Fuzz/corpus/$(or $(TARGET),*)/* $(FUZZ_SCRATCH)/corpus$(TARGET:%=-%)/ 2>/dev/null || true
	FUZZ_TARGET=$(TARGET) SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/release/RuleCheckFuzz $(FUZZ_SCRATCH)/corpus$(TARGET:%=-%) \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -len_control=100 -artifact_prefix=fuzz-artifacts/$(TARGET:%=%-)

# Records/s of `rulecheck check` on CSV and JSON Lines, --jobs 1 and 2, next to `wc -l`, and the
# peak RSS on a ~1 GB CSV. The data goes to /tmp/rulecheck-bench (DATA_DIR=…), and is reused.
bench-batch: deps
	Benchmarks/batch.sh

browser-deps:
	@scripts/ensure-browser-deps.sh

# The preview page and the HTML report in a real browser: Tests/browser/ drives `rulecheck preview
# Rules/osago.yaml` and opens `check --format html` (test_html_report.py).
browser-test: deps browser-deps
	$(SWIFT) build $(TRAITS) --product rulecheck
	RULECHECK=$(BIN) python3 scripts/run-python-tests.py Tests/browser

screenshots: deps browser-deps
	$(SWIFT) build $(TRAITS) --product rulecheck
	RULECHECK=$(BIN) RULECHECK_SCREENSHOTS=Docs/images python3 -m unittest discover -s Tests/browser

load-test: deps
	scripts/load-test.sh

# The server under load and abuse at once (scripts/abuse-test.sh): /healthz and wrk's p99, status
# codes, slowloris clients closed and peak memory within the bounds of Docs/performance.md.
abuse-test: deps
	scripts/abuse-test.sh

# No 5xx, and every answer as Docs/openapi.yaml says, for ~7,000 generated requests (a minute).
api-test: deps
	scripts/api-test.sh

# Docs/scale-out.md's recipe, proven: Spark in local mode (local[2]) and GNU parallel check
# generated files in slices, and the merged reports must be byte for byte those of one
# `rulecheck check` (examples/spark/test_recipe.py). Installs Java, GNU parallel and PySpark
# 4.3.0 when they are missing (examples/spark/ensure-deps.sh).
# Docs/json-schema.md's conformance figures: scripts/json-schema-conformance.py fetches the suite
# (the jsonschema 4.26.0 sdist from PyPI, hash-checked, kept in .build/) and fails below 95% of the
# applicable cases or on a failure it does not know.
# The official JSON-Schema-Test-Suite, then real-world schemas with their published sample files
# (check-jsonschema's sdist), judged also by python-jsonschema (installed from PyPI).
# Docs/xlsform.md's figures: pyxform 1.6.0's test forms (its sdist, hash-pinned) through
# `rulecheck lint`; pyxform 4.5.0 in .build/xlsform-venv says which of them it converts itself.
# Then the round trip: every rules file exported as an XLSForm, converted by pyxform, read back.
XLSFORM_VENV = .build/xlsform-venv
xlsform-test: build
	test -x $(XLSFORM_VENV)/bin/python || python3 -m venv $(XLSFORM_VENV)
	$(XLSFORM_VENV)/bin/python -c 'import pyxform' 2>/dev/null || $(XLSFORM_VENV)/bin/pip install --quiet pyxform==4.5.0
	$(XLSFORM_VENV)/bin/python -W ignore scripts/xlsform-corpus.py $(BIN)
	$(XLSFORM_VENV)/bin/python -W ignore scripts/xlsform-roundtrip.py $(BIN)

conformance: build
	scripts/json-schema-conformance.py $(BIN)
	python3 -m pip install --quiet --disable-pip-version-check 'jsonschema==4.26.0' 'PyYAML==6.0.3'
	scripts/real-world-schemas.py $(BIN)

spark-test: build
	examples/spark/ensure-deps.sh
	RULECHECK=$(BIN) python3 examples/spark/test_recipe.py

# PCRE2 from source, as an iOS app builds it (Docs/ios.md): Debian's source package, checked
# against its SHA-256, compiled by SwiftPM; the libraries and their tests on it, without JIT as on
# iOS (PCRE2_JIT=1: with it, as on macOS). scripts/pcre2-source-test.sh says more.
PCRE2_JIT ?= 0
pcre2-source-test:
	PCRE2_JIT=$(PCRE2_JIT) scripts/pcre2-source-test.sh

# Tests/consumer: an app's package that depends on the RuleCheck library alone (the default package line) must
# resolve Yams and nothing else, build and run; Docs/ios.md's example must be its source.
consumer-test: deps
	scripts/consumer-test.sh

clean:
	rm -rf .build .build-pcre2-source .build-pcre2-source-jit Tests/consumer/.build-consumer Benchmarks/.build

FORMATTED = Sources Tests Fuzz Benchmarks/Benchmarks Benchmarks/Sources

format:
	$(SWIFT) format format -i -r $(FORMATTED)

format-check:
	$(SWIFT) format lint -r --strict $(FORMATTED)
