package suitetest

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/clockspec/clockspec/protocol"
)

// Outside the portable subset an engage pattern gets JavaScript's answer or
// unsupported_pattern, never a third answer (ROUTING-PATTERN-SUBSET). The
// required tier must accept an implementation that answers as JavaScript
// where the reference refuses, and reject one that gives a third answer
// (reading past the end of the pattern, a wrong match, another code).

// rpJS is Node 20's new RegExp(pattern).test(text) for the patterns outside
// the subset that the routing scenarios call with (an error code where Node
// throws a SyntaxError), measured with node -e.
var rpJS = map[[2]string]any{
	{"a{1", "a{1"}:        true,
	{"a{1,", "a{1,"}:      true,
	{"a{12,3", "xa{12,3"}: true,
	{"a{1", "a"}:          false,
	{"(?<=a)b", "ab"}:     true,
	{"(?<!a)b", "cb"}:     true,
	{"(?<n>a)b", "ab"}:    true,
	{"(?<", "a"}:          "invalid_pattern",
	// The extension's cases beyond the size limits.
	{strings.Repeat("x", 1001), strings.Repeat("x", 1001)}: true,
	{strings.Repeat(".{0,1000}", 6), "x"}:                  true,
	{"[a-z]{300}b", strings.Repeat("a", 524288)}:           false,
}

// rpPattern filters routing.pattern_test: f sees the request's pattern and
// text and the reference's answer, and returns its own.
func rpPattern(f func(pattern, text string, out json.RawMessage, perr *protocol.Error) (json.RawMessage, *protocol.Error)) dtFilter {
	return func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
		out, perr := ref(op, input)
		in := dtFields(input)
		if op != "routing.pattern_test" || in == nil {
			return out, perr
		}
		return f(dtString(in, "pattern"), dtString(in, "text"), out, perr)
	}
}

func rpMatched(b bool) (json.RawMessage, *protocol.Error) {
	return dtEncode(map[string]any{"matched": b}), nil
}

var rpUnclosedBrace = regexp.MustCompile(`\{[0-9]+,?[0-9]*$`)
