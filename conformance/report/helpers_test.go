package report_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

func goldensFS() fs.FS { return goldens.FS() }

// broken is the reference with three operations broken in three ways: a
// wrong string (v1.escape_xml forgets to escape &), an answer of the wrong shape
// (v1.is_valid_timezone) and a wrong object (datetime_math's weekday).
type broken struct{ *reference.Implementation }

func (b broken) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
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

func run(t *testing.T, impl conformance.Implementation, opts conformance.Options) *conformance.Report {
	t.Helper()
	opts.Driver = conformance.InProcess(impl)
	if opts.Goldens == nil {
		opts.Goldens = goldensFS()
	}
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func patterns(ps ...string) []conformance.Pattern {
	out := make([]conformance.Pattern, len(ps))
	for i, p := range ps {
		out[i] = conformance.Pattern(p)
	}
	return out
}

func byID(rep *conformance.Report) map[string]conformance.ScenarioResult {
	m := map[string]conformance.ScenarioResult{}
	for _, s := range rep.Scenarios {
		m[s.ID] = s
	}
	return m
}
