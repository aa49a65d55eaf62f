package conformance

// The goldens: where each call's expected answer is stored, and the exact
// level's comparison of every answer of a scenario with its golden.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// GoldenName is where the golden of a scenario's n-th call lives.
func GoldenName(scenarioID string, n int) string {
	return scenarioID + "." + strconv.Itoa(n) + ".golden"
}

func (r *runner) checkGoldens(w *world) error {
	if r.opts.Goldens == nil {
		return errors.New("no goldens to compare with")
	}
	buf := canonicalBuffers.Get().(*bytes.Buffer)
	defer canonicalBuffers.Put(buf)
	for i, c := range w.calls {
		name := GoldenName(w.sc.ID, i+1)
		want, err := fs.ReadFile(r.opts.Goldens, name)
		if err != nil {
			return fmt.Errorf("call %d (%s): no golden %s (the reference writes goldens: make goldens)", i+1, c.op, name)
		}
		got, err := c.canonicalIn(buf) // compared, or copied into the mismatch
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		want = bytes.TrimRight(want, "\n")
		if r.opts.OnOpenCall != nil && (c.open.fields != nil || c.open.code || c.open.kind) {
			r.opts.OnOpenCall(w.sc, i+1)
		}
		same, err := goldenEqual(got, want, c.open)
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		if !same {
			return &goldenMismatch{call: i + 1, op: c.op, name: name, want: string(want), got: string(got)}
		}
	}
	return nil
}

func goldensTzdata(goldens fs.FS) string {
	if goldens == nil {
		return ""
	}
	b, err := fs.ReadFile(goldens, "tzdata.golden")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
