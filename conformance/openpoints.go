package conformance

import (
	"bytes"

	"github.com/clockspec/clockspec/conformance/judge"
)

// openPoints are the parts of one call's answer that the scenario's steps
// declared open (judge.Open says what that means for the exact level).
type openPoints struct {
	fields map[string]bool // dotted output paths whose value is open
	code   bool            // which error code (among the operation's) is open
	kind   bool            // whether the call answers or refuses is open
}

func (c *callRecord) openField(path string) {
	if c.open.fields == nil {
		c.open.fields = map[string]bool{}
	}
	c.open.fields[path] = true
}

// goldenEqual reports whether an answer equals its golden outside the
// points the scenario declared open (judge.EqualApart), under the name
// goldens.go uses. Both sides are canonical JSON.
func goldenEqual(got, want []byte, open openPoints, declared func(string) bool) (bool, error) {
	return judge.EqualApart(got, want, judge.Open{Fields: open.fields, Code: open.code, Kind: open.kind, Declared: declared})
}

// writeCanonical writes a decoded JSON value in canonical form
// (judge.WriteCanonical), under the name replay.go uses.
func writeCanonical(b *bytes.Buffer, v any) error { return judge.WriteCanonical(b, v) }

// quote writes a string as JSON without HTML escaping (judge.Quote), under
// the name goldens.go uses.
func quote(s string) string { return judge.Quote(s) }
