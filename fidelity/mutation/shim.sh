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
exec "$real" test -vet=off -count=1 -ldflags="-s -w" "${args[@]}" "${extra[@]}" \
	-run "${CLOCKSPEC_JUDGE_RUN:?}" "${CLOCKSPEC_JUDGE_PKG:?}"
