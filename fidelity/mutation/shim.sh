#!/usr/bin/env bash
# Installed as `go` at the head of gremlins' PATH by `make mutation`
# (fidelity/cmd/mutation). Gremlins runs `go test [flags] PKG` for its
# coverage pass and for every mutant; this shim runs the conformance suite
# against the in-process reference instead (the judge), so a mutant is killed
# only by a scenario, never by the reference's own unit tests. Every other go
# command goes to the real toolchain.
set -euo pipefail
real="${CLOCKSPEC_REAL_GO:?CLOCKSPEC_REAL_GO is not set}"
if [ "${1:-}" != test ]; then
	exec "$real" "$@"
fi
shift
# gremlins' flags (-timeout, -failfast, -tags, -cover, -coverprofile,
# -coverpkg) are kept; its last argument, the package to test, is replaced.
args=("${@:1:$#-1}")
extra=()
cover=no
for a in "${args[@]}"; do
	if [ "$a" = -cover ]; then
		extra+=("-coverpkg=${CLOCKSPEC_COVERPKG:?}")
		cover=yes
	fi
done
# A mutant's run names the mutated package; the judge then replays only the
# calls of the operations that reach it (the coverage map). The coverage
# pass replays every call.
if [ "$cover" = no ]; then
	export CLOCKSPEC_JUDGE_MUTATED="${!#}"
fi
cd "$(dirname "$("$real" env GOMOD)")"
if [ "$cover" = yes ]; then
	exec "$real" test -vet=off -count=1 -ldflags="-s -w" "${args[@]}" "${extra[@]}" \
		-run "${CLOCKSPEC_JUDGE_RUN:?}" "${CLOCKSPEC_JUDGE_PKG:?}"
fi
# Where a scenario leaves a point of an answer open, the judge cannot tell a
# permitted answer from a wrong one; it names those scenarios instead, and
# they run through the harness built with the mutant, at the exact level.
open_only="$(mktemp)"
trap 'rm -f "$open_only"' EXIT
export CLOCKSPEC_JUDGE_OPENONLY="$open_only"
rc=0
"$real" test -vet=off -count=1 -ldflags="-s -w" "${args[@]}" "${extra[@]}" \
	-run "${CLOCKSPEC_JUDGE_RUN:?}" "${CLOCKSPEC_JUDGE_PKG:?}" || rc=$?
if [ "$rc" != 0 ] || [ ! -s "$open_only" ]; then
	exit "$rc"
fi
ids="$(paste -sd, "$open_only")"
if "$real" run -ldflags="-s -w" ./cmd/conform run --run "$ids" --require all --level exact >/dev/null 2>&1; then
	exit 0
fi
exit 1
