package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/routing"
)

// Outside the portable subset of engage patterns an implementation may give
// JavaScript's answer or refuse with unsupported_pattern, never a third
// answer. The required tier must accept both and nothing else. These tests
// run the routing profile's required tier at exact against the reference
// behind a filter: a faithful implementation that reads JavaScript's Annex B
// escapes the reference refuses, and two wrong ones.

// annexB rewrites the Annex B escapes the reference refuses into subset
// syntax with the same meaning in JavaScript: \x and \u without enough hex
// digits are the letter itself, and \0 followed by one or two octal digits
// is a legacy octal escape (\00 is NUL, \012 a newline).
func annexB(p string) string {
	isHex := func(r rune) bool { return strings.ContainsRune("0123456789abcdefABCDEF", r) }
	isOctal := func(r rune) bool { return r >= '0' && r <= '7' }
	hexRun := func(rs []rune, n int) bool {
		if len(rs) < n {
			return false
		}
		for _, r := range rs[:n] {
			if !isHex(r) {
				return false
			}
		}
		return true
	}
	rs := []rune(p)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		if rs[i] != '\\' || i+1 >= len(rs) {
			b.WriteRune(rs[i])
			continue
		}
		c := rs[i+1]
		switch {
		case c == 'x' && !hexRun(rs[i+2:], 2):
			b.WriteRune('x')
			i++
		case c == 'u' && !hexRun(rs[i+2:], 4):
			b.WriteRune('u')
			i++
		case c == '0' && i+2 < len(rs) && isOctal(rs[i+2]):
			v, j := 0, i+2
			for j < len(rs) && j < i+4 && isOctal(rs[j]) {
				v = v*8 + int(rs[j]-'0')
				j++
			}
			fmt.Fprintf(&b, `\x%02X`, v)
			i = j - 1
		default:
			b.WriteRune('\\')
			b.WriteRune(c)
			i++
		}
	}
	return b.String()
}

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

// rtPatternFilter answers routing.pattern_test with f applied to the
// reference's answer whenever the reference refuses the pattern as
// unsupported; it counts those calls.
func rtPatternFilter(n *atomic.Int64, f func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error)) mutant {
	return mutant{"", map[string]override{"routing.pattern_test": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		out, perr := next(in)
		if perr == nil || perr.Code != routing.CodeUnsupportedPattern {
			return out, perr
		}
		n.Add(1)
		return f(next, in)
	}}}
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
