#!/bin/sh
# v1.format_messages through the reference's JSON operation against v1's own
# Node code (the oracle's copy) on the same 10-message batch
# (format-messages-batch.json). The two alternate, three rounds each; the
# best of each side is compared, by wall time and by CPU time (the steadier
# of the two on a loaded machine). A round of each side lasts about 150 ms
# (Go 30,000 calls, Node 300): CPU time is read from the kernel's process
# accounting, which a round of a few milliseconds would blur.
# Usage: bench/format-messages.sh   (from the repository root; needs Go and Node 20)
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/v1.test" ./reference/v1
: >"$tmp/rounds"
for round in 1 2 3; do
	go_line=$(cd reference/v1 && "$tmp/v1.test" -test.run '^$' -test.bench '^BenchmarkFormatMessagesJSON$' -test.benchtime 30000x |
		awk '/^BenchmarkFormatMessagesJSON/ {for (i = 1; i < NF; i++) { if ($(i+1) == "ns/op") w = $i; if ($(i+1) == "cpu-ns/op") c = $i }; print int(w), int(c)}')
	node_line=$(node bench/format-messages.js 3 300 | awk '{print int($3), int($5)}')
	echo "round $round: go $go_line, node $node_line (wall ns/op, cpu ns/op)"
	echo "$go_line $node_line" >>"$tmp/rounds"
done
awk 'NR == 1 || $1 < gw { gw = $1 } NR == 1 || $2 < gc { gc = $2 } NR == 1 || $3 < nw { nw = $3 } NR == 1 || $4 < nc { nc = $4 }
	END { printf "best: go %d ns/op (cpu %d), node %d ns/op (cpu %d); node/go %.1fx wall, %.1fx cpu (goal >= 100x)\n", gw, gc, nw, nc, nw / gw, nc / gc }' "$tmp/rounds"
