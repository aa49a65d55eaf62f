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

.PHONY: test test-long python-check lint fmt-check vet staticcheck unit conform fuzz-short oracle oracle-deps examples-deps mcp-example-deps goldens bench clean mutation fidelity fidelity-sample
.PHONY: gen check chromium-deps node-check mod-tidy fuzz release release-snapshot

# The prerequisites come first, so a fresh machine of this kind (Go 1.26,
# Node 20, root, Debian's packages and the npm registry reachable) passes on
# the first run: Node is checked, Chromium installed, npm packages fetched.
test: node-check python-check chromium-deps fmt-check vet mod-tidy check unit conform oracle fidelity-sample

# The slow tests make test leaves out: each skips itself under go test
# -short and runs here, by name. CI runs make test, then make test-long
# (.ci/run). A test that takes more than ~20 s of a 2-core machine belongs
# here, named in LONG_TESTS and skipping itself when testing.Short().
#
# Two checks that are cheap once their caches are warm but cost minutes of a
# fresh machine's CPU run here too, not in make test: staticcheck (it
# type-checks and analyses every package, dependencies included, from
# source: ~150 s of CPU cold) and fuzz-short (it builds every package of its
# targets again with coverage instrumentation: ~160 s of CPU cold). go vet,
# gofmt and go mod tidy stay in make test; each fuzz target's seed corpus
# runs in make test too, as a plain test.
LONG_TESTS := ^(TestSchemaAgreementProbeThroughServe|TestServeStaysUnderItsMemoryUnderWorstCaseLoad|TestOwnLoopMatchesGodog|TestStoreCheck|TestMakeCheckFailsAfterAHandEdit|TestNonFlushingPythonIsToldToFlush|TestFlushOnlyHelloIsToldToFlush|TestDocCommandsLong|TestGoInstallFromAModuleCopy|TestReleaseSnapshot|TestActionSteps)$$
test-long: oracle-deps examples-deps mcp-example-deps staticcheck fuzz-short
	$(GO) test -run '$(LONG_TESTS)' ./...

lint: fmt-check vet staticcheck mod-tidy

# go.mod and go.sum say exactly what the code imports.
mod-tidy:
	$(GO) mod tidy -diff

# The JavaScript oracle and the Node example run v1's code on Node 20 (v1's
# runtime: its Intl, ICU and tzdata decide valid zones and formatted times).
node-check:
	@v=$$($(NODE) --version 2>/dev/null) || { echo "make test needs Node 20 (v1's runtime) and found no node on PATH: install Node 20 (nodejs.org or NodeSource; Debian's nodejs package is another version)" >&2; exit 1; }; \
	case "$$v" in v20.*) echo "node $$v";; *) echo "make test needs Node 20 (v1's runtime); found node $$v: install Node 20 (nodejs.org or NodeSource) or put it first on PATH" >&2; exit 1;; esac

# The Python example (examples/python-timestamps, docs/implementing.md) runs
# on Python 3.9 or later, standard library only (zoneinfo reads the system's
# tzdata).
python-check:
	@v=$$(python3 -c 'import sys, zoneinfo; assert zoneinfo.available_timezones(), "no tzdata"; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || { echo "make test needs Python 3.9 or later with the system's tzdata (the Python example): apt-get install python3 tzdata" >&2; exit 1; }; \
	echo "python $$v"

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

# The Go tests certify examples/node-v1 through the subprocess driver and
# examples/mcp-datetime-node through the MCP driver (whose TypeScript SDK
# client also checks conform serve --mcp), so their npm dependencies come first.
#
# Under make test, go vet ./... has already vetted every package with
# its tests, with every analyzer go test's vet step runs (a subset), so unit
# runs go test -vet=off there: on a cold cache that second vet type-checked
# each test package again. make unit alone keeps go test's vet.
test: UNIT_VET := -vet=off
unit: oracle-deps examples-deps mcp-example-deps
	$(GO) test -short $(UNIT_VET) ./...

# The whole suite against the embedded reference, as a user runs it, but
# strictest: the reference must pass every tier, extensions included.
conform:
	$(GO) run ./cmd/conform --require all

# Fuzzing (fidelity/cmd/fuzz): any input answers with a schema-valid output
# or a listed error, never a panic. Each target fuzzes for its time after its
# warm-up (build, setup, baseline coverage), prints its new executions, and
# fails the run if it made none. fuzz-short (make test-long): FuzzOperations
# and a pair of other targets that changes daily. fuzz: every target, FUZZTIME
# each. A failing input lands in the package's testdata/fuzz: commit it.
FUZZ_SHORT_TIME ?= 4s
FUZZTIME ?= 1m
fuzz-short:
	$(GO) run ./fidelity/cmd/fuzz -short -time $(FUZZ_SHORT_TIME)

fuzz:
	$(GO) run ./fidelity/cmd/fuzz -time $(FUZZTIME)

# v1 ran on Node 20 with cron-parser 5.5.0: every answer of the reference
# in the call corpus (conform record reads goldens/, make gen writes it) is
# recomputed there, and any disagreement not listed (with its reason) in
# $(ORACLE)/exceptions.json fails the build.
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

MCP_EXAMPLE := examples/mcp-datetime-node
mcp-example-deps: $(MCP_EXAMPLE)/node_modules/.package-lock.json

$(MCP_EXAMPLE)/node_modules/.package-lock.json: $(MCP_EXAMPLE)/package-lock.json
	$(NPM) ci --prefix $(MCP_EXAMPLE) --no-audit --no-fund

# Every derived file, in one run and one order (gen/main.go): the features
# of spec/*/cases/*.yaml, the examples' copies of the kit's files, the call
# corpus goldens/*.jsonl (the reference's answers: only the reference writes
# goldens), spec/clock-core/musts_listing.md, and the living documentation
# (docs/profiles/*.md, docs/site/) from a reference run against that corpus.
# `make gen` (or go generate ./...) writes them; `make check` fails when one
# is stale, edited by hand or left over. No test writes a source file.
gen:
	$(GO) run ./gen/inputs
	$(GO) run ./gen

check:
	$(GO) run ./gen -check

# Headless Chromium for the test that renders conform's HTML report, from
# Debian's packages (needs root, as in CI; without recommends it is a third
# of the download).
chromium-deps:
	@if command -v chromium >/dev/null 2>&1; then \
		chromium --version 2>/dev/null || echo "chromium is installed"; \
	elif [ "$$(id -u)" != 0 ]; then \
		echo "make test needs headless Chromium: run 'sudo make chromium-deps' (apt-get install chromium) once" >&2; exit 1; \
	else \
		echo "installing chromium (Debian packages)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null && chromium --version; \
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

# Mutation score of the reference under the suite (gremlins, each mutant
# judged only by the calls of the scenarios whose operations reach its
# package; see fidelity/cmd/mutation). One profile at a time with
# PROFILE=v1 (or a comma-separated list; default all); the others keep their
# last measurement and are not judged: the exit status says whether the
# measured profiles meet their goal (every survivor triaged, raw score >= 90 %).
# Slow (minutes per profile), so not part of make test.
# Writes fidelity/mutation.json and docs/mutation-survivors.md (then run
# make fidelity, or fidelity -redoc, for docs/fidelity.md); MUTATION_WORKERS
# bounds the mutants tested at once.
MUTATION_WORKERS ?= 2
PROFILE ?= all
mutation:
	$(GO) run ./fidelity/cmd/mutation -workers $(MUTATION_WORKERS) -profile $(PROFILE)

# The goldens are part of make gen's one run; the old name stays for habit.
goldens: gen

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Release archives (internal/release): conform cross-compiled with
# CGO_ENABLED=0 and -trimpath, the kit version stamped, for linux and darwin
# (amd64, arm64; not Windows: conform's process supervision is Unix's): a
# tar.gz each and checksums.txt (sha256sum's format) in $(DIST), emptied
# first (a folder holding anything else is refused). make release
# VERSION=vX.Y.Z builds a tag HEAD is at, from a clean work tree;
# make release-snapshot any commit, as v0.0.0-SNAPSHOT-<commit>.
DIST    ?= dist
VERSION ?=
release:
	$(GO) run ./internal/release -version '$(VERSION)' -out '$(DIST)'

# TARGETS=linux/amd64,darwin/arm64 builds only those pairs of a snapshot
# (make test-long's check of both OSes and both architectures).
TARGETS ?=
release-snapshot:
	$(GO) run ./internal/release -snapshot -targets '$(TARGETS)' -out '$(DIST)'

clean:
	rm -rf $(BUILD)
