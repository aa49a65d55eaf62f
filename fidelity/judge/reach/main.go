// Command reach writes the coverage map's raw data for the mutation command
// (fidelity/cmd/mutation): built with -cover -covermode=atomic over
// ./reference/... and itself (the hook that registers the coverage metadata
// runs only from an instrumented main package), it replays the recorded calls operation by operation and
// writes the coverage counters of start-up into DIR/_init and those of each
// operation's calls into DIR/<n> (the operations named in DIR/ops.json),
// each with the coverage metadata, for `go tool covdata` to read.
//
//	reach CALLS.jsonl DIR
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/coverage"
	"strings"

	"github.com/clockspec/clockspec/reference"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: reach CALLS.jsonl DIR")
		os.Exit(2)
	}
	if err := writeReach(os.Args[2], os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "reach:", err)
		os.Exit(2)
	}
}

// replayable is the judge's rule: the store operations are not replayed out
// of their scenarios (their files are gone).
func replayable(op string) bool { return !strings.HasPrefix(op, "clock-core.store_") }

func writeReach(dir, calls string) error {
	f, err := os.Open(calls)
	if err != nil {
		return err
	}
	defer f.Close()
	byOp := map[string][]json.RawMessage{}
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var c struct {
			Op    string `json:"op"`
			Input string `json:"input"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return fmt.Errorf("%s: %w", calls, err)
		}
		if !replayable(c.Op) {
			continue
		}
		if _, ok := byOp[c.Op]; !ok {
			order = append(order, c.Op)
		}
		byOp[c.Op] = append(byOp[c.Op], json.RawMessage(c.Input))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	write := func(sub string) error {
		d := filepath.Join(dir, sub)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := coverage.WriteMetaDir(d); err != nil {
			return err
		}
		return coverage.WriteCountersDir(d)
	}
	if err := write("_init"); err != nil {
		return err
	}
	impl := reference.New()
	for i, op := range order {
		if err := coverage.ClearCounters(); err != nil {
			return err
		}
		for _, in := range byOp[op] {
			impl.Call(context.Background(), op, in)
		}
		if err := write(fmt.Sprint(i)); err != nil {
			return err
		}
	}
	b, err := json.Marshal(order)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "ops.json"), b, 0o644)
}
