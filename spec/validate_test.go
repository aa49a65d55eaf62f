package spec

import (
	"errors"
	"strings"
	"testing"
)

// A oneOf failure shows the branch the answer's own discriminator selects
// (datetime_math's operation), or the closest branch without one — not every
// branch's errors.
func TestSchemaErrorsShowTheSelectedBranch(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	op, _ := c.Operation("datetime_math")
	for _, tc := range []struct {
		output string
		want   []string // each problem shown
		not    []string // never shown
	}{
		{`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":0}`,
			[]string{"/weekday_index: "}, []string{"left", "result", "valid against", "/weekday:"}},
		{`{"operation":"shift","input":"2026-04-20T10:00:00Z"}`,
			[]string{"/: missing properties: 'result'"}, []string{"left", "weekday", "target_timezone"}},
		{`{"operation":"convert_timezone","input":"2026-04-20T10:00:00Z","target_timezone":"UTC","result":"x","extra":1}`,
			[]string{"extra"}, []string{"left", "weekday", "value must be"}},
	} {
		err := op.ValidateOutput([]byte(tc.output))
		var se *SchemaError
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a schema error", tc.output, err)
			continue
		}
		all := strings.Join(se.Problems, "\n")
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: problems %q lack %q", tc.output, se.Problems, w)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(all, n) {
				t.Errorf("%s: problems %q mention %q, from a branch the answer did not select", tc.output, se.Problems, n)
			}
		}
	}
	if err := op.ValidateOutput([]byte(`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":1}`)); err != nil {
		t.Errorf("a valid answer: %v", err)
	}
}
