package suitetest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/protocol"
)

func TestRoutingPatternRequiredTierAcceptsJavaScriptBeyondTheSubset(t *testing.T) {
	changed := map[[2]string]bool{}
	js := dtVariant{"javascript-where-the-reference-refuses", rpPattern(func(pattern, text string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
		a, ok := rpJS[[2]string{pattern, text}]
		if !ok || perr == nil || perr.Code != "unsupported_pattern" {
			return out, perr
		}
		changed[[2]string{pattern, text}] = true
		if code, isCode := a.(string); isCode {
			return nil, protocol.Errorf(code, "SyntaxError")
		}
		return rpMatched(a.(bool))
	})}
	rep := dtRun(t, js, "@routing&&~@decision&&~@extension")
	for _, s := range dtFailed(rep) {
		t.Errorf("required scenario %s rejects JavaScript's answer: %s", s.ID, s.Problem)
	}
	if len(changed) < len(rpJS)-3 {
		t.Fatalf("the variant answered as JavaScript for only %d of the %d required cases: the scenarios no longer call these patterns", len(changed), len(rpJS)-3)
	}
	pinned := dtFailed(dtRun(t, js, "@routing&&@extension"))
	if len(pinned) == 0 {
		t.Fatalf("no extension scenario pins the kit's refusal beyond the size limits")
	}
	t.Logf("%d required scenarios passed; %d extension scenarios pin the refusal, e.g. %s", len(rep.Scenarios), len(pinned), pinned[0].ID)
}

func TestRoutingPatternRequiredTierRejectsThirdAnswers(t *testing.T) {
	for _, v := range []dtVariant{
		{"reads-past-an-unclosed-brace", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if rpUnclosedBrace.MatchString(pattern) {
				return nil, protocol.Errorf(protocol.CodeInternal, "index out of range")
			}
			return out, perr
		})},
		{"an-unclosed-brace-never-matches", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if rpUnclosedBrace.MatchString(pattern) {
				return rpMatched(false)
			}
			return out, perr
		})},
		{"lookbehind-is-a-syntax-error", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if strings.HasPrefix(pattern, "(?<=") || strings.HasPrefix(pattern, "(?<!") {
				return nil, protocol.Errorf("invalid_pattern", "SyntaxError")
			}
			return out, perr
		})},
		{"a-count-of-nine-is-a-literal-brace", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if strings.Contains(pattern, "{9") {
				return nil, protocol.Errorf("unsupported_pattern", "a literal '{'")
			}
			return out, perr
		})},
		{"a-group-opener-at-the-end-crashes", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if strings.HasPrefix(pattern, "(?") && !strings.Contains(pattern, ")") {
				return nil, protocol.Errorf(protocol.CodeInternal, "index out of range")
			}
			return out, perr
		})},
		{"a-surrogate-half-is-a-replacement-character", rpPattern(func(pattern, text string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if pattern == `\ufffd` && strings.ContainsFunc(text, func(r rune) bool { return r > 0xFFFF }) {
				return rpMatched(true)
			}
			return out, perr
		})},
		{"a-thousand-characters-is-too-long", rpPattern(func(pattern, _ string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error) {
			if len(pattern) >= 1000 {
				return nil, protocol.Errorf("unsupported_pattern", "too long")
			}
			return out, perr
		})},
	} {
		t.Run(v.name, func(t *testing.T) {
			failed := dtFailed(dtRun(t, v, "@routing&&~@decision&&~@extension"))
			if len(failed) == 0 {
				t.Fatalf("the wrong variant passes every required routing scenario")
			}
			t.Logf("rejected by %d required scenarios, e.g. %s", len(failed), failed[0].ID)
		})
	}
}
