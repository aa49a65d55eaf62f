#!/bin/sh
# v1.format_messages through the reference's JSON operation against v1's own
# Node code (the oracle's copy) on the same 10-message batch
# (format-messages-batch.json). The two alternate, three rounds each, and the
# best of each side is compared, so both see the same machine load.
# Usage: bench/format-messages.sh   (from the repository root; needs Go and Node 20)
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/v1.test" ./reference/v1
best_go=; best_node=
for round in 1 2 3; do
	go_ns=$(cd reference/v1 && "$tmp/v1.test" -test.run '^$' -test.bench '^BenchmarkFormatMessagesJSON$' -test.benchtime 3000x |
		awk '/^BenchmarkFormatMessagesJSON/ {print int($3)}')
	node_ns=$(node bench/format-messages.js 3 300 | awk '{print int($3)}')
	echo "round $round: go ${go_ns} ns/op, node ${node_ns} ns/op"
	if [ -z "$best_go" ] || [ "$go_ns" -lt "$best_go" ]; then best_go=$go_ns; fi
	if [ -z "$best_node" ] || [ "$node_ns" -lt "$best_node" ]; then best_node=$node_ns; fi
done
awk -v g="$best_go" -v n="$best_node" 'BEGIN { printf "best: go %d ns/op, node %d ns/op, ratio node/go %.1fx (goal >= 100x)\n", g, n, n / g }'
