# RuleCheck — the two commands of the README, plus benchmarks and fuzzing.
#
#   make demo    build the CLI and run it on the bundled examples in Rules/
#   make test    build and run every test
#   make bench   run the benchmarks (a separate package in Benchmarks/, kept out of `make test`)
#   make fuzz    run the fuzz targets for a while (clang's libFuzzer)

SWIFT ?= swift
BIN    = .build/debug/rulecheck

.PHONY: demo test bench fuzz deps build clean

deps:
	@scripts/ensure-deps.sh

build: deps
	$(SWIFT) build --product rulecheck

demo: build
	@echo '$$ rulecheck mask "+7 (000) 000-00-00" 9161234567 916123 "+7 (916) 1"'
	@$(BIN) mask "+7 (000) 000-00-00" 9161234567 916123 "+7 (916) 1"
	@echo
	@echo '$$ rulecheck mask "A 000 AA 009" "А123ВС77" "а 123 вс 7"'
	@$(BIN) mask "A 000 AA 009" "А123ВС77" "а 123 вс 7"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	rm -rf .build Benchmarks/.build
