# clockspec — the conformance kit for time-aware agents.
# `make test` is what CI runs (.ci/run) and what a newcomer runs first.

GO      ?= go
NODE    ?= node
NPM     ?= npm
TZDATA  := 2025c
BUILD   := build
ORACLE  := oracle/js
# The operations the JavaScript oracle recomputes from v1's own code.
ORACLE_OPS := v1.escape_xml,v1.format_messages,v1.strip_internal_tags,v1.format_outbound,v1.format_local_time,v1.is_valid_timezone,v1.resolve_timezone,v1.trigger_match,v1.should_process,v1.compute_next_run,v1.resolve_config_timezone,v1.validate_group_folder,v1.check_due_task

.PHONY: test lint fmt-check vet staticcheck unit conform fuzz-short oracle oracle-deps examples-deps goldens bench clean mutation fidelity fidelity-sample
.PHONY: gen check chromium-deps fuzz

test: lint check unit conform fuzz-short oracle fidelity-sample

lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

# The Go tests certify examples/node-v1 through the subprocess driver, so
# both JavaScript projects' dependencies come first.
unit: oracle-deps examples-deps
	$(GO) test ./...

# The whole suite against the embedded reference, as a user runs it.
conform:
	$(GO) run ./cmd/conform

# Fuzzing (fidelity/cmd/fuzz): any input answers with a schema-valid output
# or a listed error, never a panic. Each target fuzzes for its time after its
# warm-up (build, setup, baseline coverage), prints its new executions, and
# fails the run if it made none. fuzz-short (make test): FuzzOperations and a
# pair of other targets that changes daily. fuzz: every target, FUZZTIME
# each. A failing input lands in the package's testdata/fuzz: commit it.
FUZZ_SHORT_TIME ?= 4s
FUZZTIME ?= 1m
fuzz-short:
	$(GO) run ./fidelity/cmd/fuzz -short -time $(FUZZ_SHORT_TIME)

fuzz:
	$(GO) run ./fidelity/cmd/fuzz -time $(FUZZTIME)

# v1 ran on Node 20 with cron-parser 5.5.0: every recorded answer of the
# reference is recomputed there, and any disagreement not listed (with its
# reason) in $(ORACLE)/exceptions.json fails the build.
oracle: oracle-deps
	@mkdir -p $(BUILD)
	$(GO) run ./cmd/conform record --ops $(ORACLE_OPS) > $(BUILD)/v1-calls.jsonl
	$(NODE) $(ORACLE)/check.js $(BUILD)/v1-calls.jsonl --exceptions $(ORACLE)/exceptions.json --tzdata $(TZDATA)

oracle-deps: $(ORACLE)/node_modules/.package-lock.json

$(ORACLE)/node_modules/.package-lock.json: $(ORACLE)/package-lock.json
	$(NPM) ci --prefix $(ORACLE) --no-audit --no-fund

EXAMPLE := examples/node-v1
examples-deps: oracle-deps $(EXAMPLE)/node_modules/.package-lock.json

$(EXAMPLE)/node_modules/.package-lock.json: $(EXAMPLE)/package-lock.json
	$(NPM) ci --prefix $(EXAMPLE) --no-audit --no-fund

# Generated files: features from spec/*/cases/*.yaml, and the living
# documentation (docs/profiles/*.md, docs/site/) from spec/, features/ and a
# reference run. `make gen` (or go generate ./...) writes them; `make check`
# fails when one is stale, edited by hand or left over.
gen:
	$(GO) run ./gen

check:
	$(GO) run ./gen -check

# Headless Chromium for the test that renders conform's HTML report
# (Debian packages; needs root, as in CI).
chromium-deps:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then \
		chromium --version 2>/dev/null; \
	else \
		apt-get update -qq && apt-get install -y -qq chromium chromium-driver; \
	fi

# The differential oracle matrix (fidelity/): every case answered by the
# JavaScript oracle (oracle/js/serve.js, through the subprocess driver) and by
# the reference (in process); any disagreement not listed with its reason in
# fidelity/exceptions.json fails. make test runs a fixed sample (seeded, a few
# thousand cases); make fidelity runs all of it (>= 100,000 cases, minutes)
# and writes docs/fidelity.md.
fidelity-sample: oracle-deps
	$(GO) run ./fidelity/cmd/fidelity -sample

fidelity: oracle-deps
	$(GO) run ./fidelity/cmd/fidelity -doc docs/fidelity.md

# Mutation score of the reference under the suite (gremlins, judged only by
# the scenarios' calls; see fidelity/cmd/mutation). Slow (about half an hour
# on 2 cores), so not part of make test. Writes fidelity/mutation.json and
# docs/mutation-survivors.md; MUTATION_WORKERS bounds the parallel mutants.
MUTATION_WORKERS ?= 3
mutation:
	$(GO) run ./fidelity/cmd/mutation -workers $(MUTATION_WORKERS)

# Only the reference writes goldens.
goldens:
	$(GO) test ./goldens -update

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf $(BUILD)
