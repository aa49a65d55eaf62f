// Package runtest holds what the harness's tests share (the runner's, the
// reports' and the selection's): a run of the embedded suite in process,
// and a reference broken in three known ways. It is test support, imported
// only by _test files.
package runtest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Broken is the reference with three operations broken in three ways: a
// wrong string (v1.escape_xml forgets to escape &), an answer of the wrong
// shape (v1.is_valid_timezone) and a wrong object (datetime_math's weekday).
type Broken struct{ *reference.Implementation }

// Call answers as the reference, but for the three broken operations.
func (b Broken) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	switch op {
	case "v1.escape_xml":
		out, perr := b.Implementation.Call(ctx, op, in)
		fix := strings.NewReplacer("&amp;", "&", `\u0026amp;`, "&")
		return json.RawMessage(fix.Replace(string(out))), perr
	case "v1.is_valid_timezone":
		return json.RawMessage(`{"valid":"yes"}`), nil
	case "datetime_math":
		if strings.Contains(string(in), `"weekday"`) {
			return json.RawMessage(`{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00","weekday":"Tuesday","weekday_index":2}`), nil
		}
	}
	return b.Implementation.Call(ctx, op, in)
}

// Run runs the suite against impl in process, with the embedded goldens
// unless opts names others; a run that cannot happen fails the test.
func Run(t *testing.T, impl conformance.Implementation, opts conformance.Options) *conformance.Report {
	t.Helper()
	opts.Driver = conformance.InProcess(impl)
	if opts.Goldens == nil {
		opts.Goldens = goldens.FS()
	}
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Patterns turns strings into scenario id patterns.
func Patterns(ps ...string) []conformance.Pattern {
	out := make([]conformance.Pattern, len(ps))
	for i, p := range ps {
		out[i] = conformance.Pattern(p)
	}
	return out
}

// ByID indexes a report's scenarios by id.
func ByID(rep *conformance.Report) map[string]conformance.ScenarioResult {
	m := map[string]conformance.ScenarioResult{}
	for _, s := range rep.Scenarios {
		m[s.ID] = s
	}
	return m
}
