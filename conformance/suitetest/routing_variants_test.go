package suitetest

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/routing"
)

func TestAnnexBRewrite(t *testing.T) {
	for in, want := range map[string]string{
		`\x4`: `x4`, `\u004`: `u004`, `\x41`: `\x41`, `\u0041`: `\u0041`, `\00`: `\x00`, `\012`: `\x0A`,
		`\0777`: `\x3F7`, `\08`: `\08`, `\0a`: `\0a`, `\\x4`: `\\x4`, `[\x]`: `[x]`,
	} {
		if got := annexB(in); got != want {
			t.Errorf("annexB(%q) = %q, want %q", in, got, want)
		}
	}
}

func rtRequired(t *testing.T, m mutant) []conformance.ScenarioResult {
	t.Helper()
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver:  conformance.InProcess(mutated{reference.New(), m}),
		Level:   conformance.LevelExact,
		Goldens: goldensFS(),
		Tags:    "@routing&&~@decision&&~@extension",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Scenarios) == 0 {
		t.Fatal("no routing scenario ran")
	}
	return dtFailed(rep)
}

// A faithful implementation that answers JavaScript's Annex B escapes the
// reference refuses passes every required routing scenario at exact.
func TestRoutingRequiredTierAcceptsJavaScriptBeyondTheSubset(t *testing.T) {
	var answered atomic.Int64
	m := rtPatternFilter(&answered, func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		in["pattern"] = annexB(str(in, "pattern"))
		return next(in)
	})
	for _, s := range rtRequired(t, m) {
		t.Errorf("required scenario %s rejects JavaScript's own answer: %s", s.ID, s.Problem)
	}
	if answered.Load() == 0 {
		t.Fatal("no required scenario called a pattern the reference refuses: the test shows nothing")
	}
}

// Answering a pattern just outside the subset otherwise — the opposite
// boolean, or another error code — fails a required scenario.
func TestRoutingRequiredTierRejectsAThirdAnswerBeyondTheSubset(t *testing.T) {
	wrong := map[string]func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error){
		"answers false": func(callFn, map[string]any) (json.RawMessage, *protocol.Error) {
			return json.RawMessage(`{"matched":false}`), nil
		},
		"a SyntaxError": func(callFn, map[string]any) (json.RawMessage, *protocol.Error) {
			return nil, protocol.Errorf(routing.CodeInvalidPattern, "invalid pattern")
		},
	}
	for name, f := range wrong {
		t.Run(name, func(t *testing.T) {
			var n atomic.Int64
			failed := rtRequired(t, rtPatternFilter(&n, f))
			if len(failed) == 0 {
				t.Fatal("a third answer outside the subset passes every required scenario")
			}
			t.Logf("rejected by %d required scenarios, e.g. %s", len(failed), failed[0].ID)
		})
	}
}
