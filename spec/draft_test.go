package spec_test

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/spec"
)

// The draft the embedded spec compiles with skips the meta-schema check
// and nothing else: a document the meta-schema refuses ("type": 12)
// compiles under it and not under draft 2020-12, and a valid one
// validates the same under both (the whole suite's inputs and answers are
// compared in TestPerProfileSchemasAreAsStrictAsStandaloneOnes). Failing
// here after a jsonschema upgrade means the start of a run is slower, not
// that a verdict changed: the embedded spec is then checked as it compiles.
func TestTheEmbeddedSpecSkipsOnlyTheMetaSchemaCheck(t *testing.T) {
	unchecked := spec.DraftUnchecked()
	if unchecked == nil {
		t.Fatal("jsonschema/v5 no longer has the draft field the embedded compile relies on: every run now checks the spec against the meta-schema")
	}
	compile := func(d *jsonschema.Draft, doc string) (*jsonschema.Schema, error) {
		c := jsonschema.NewCompiler()
		c.Draft = d
		c.AssertFormat = true
		if err := c.AddResource("https://clockspec.dev/t.json", strings.NewReader(doc)); err != nil {
			return nil, err
		}
		return c.Compile("https://clockspec.dev/t.json")
	}
	broken := `{"type": 12}`
	if _, err := compile(jsonschema.Draft2020, broken); err == nil {
		t.Error("draft 2020-12 compiled a schema its meta-schema refuses")
	}
	if _, err := compile(unchecked, broken); err != nil {
		t.Errorf("the unchecked draft still checks the meta-schema: %v", err)
	}
	valid := `{"type": "object", "required": ["at"], "additionalProperties": false,
		"properties": {"at": {"type": "string", "format": "date-time"}, "n": {"type": "integer", "minimum": 1}},
		"unevaluatedProperties": false, "$defs": {"x": {"$ref": "#/properties/n"}}}`
	for _, d := range []*jsonschema.Draft{jsonschema.Draft2020, unchecked} {
		s, err := compile(d, valid)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			v    any
			want bool
		}{
			{map[string]any{"at": "2026-01-01T00:00:00Z"}, true},
			{map[string]any{"at": "yesterday"}, false}, // format asserted
			{map[string]any{"at": "2026-01-01T00:00:00Z", "n": 0.0}, false},
			{map[string]any{"at": "2026-01-01T00:00:00Z", "extra": 1.0}, false},
			{map[string]any{}, false},
		} {
			if got := s.Validate(tc.v) == nil; got != tc.want {
				t.Errorf("%v: %v accepted %v, want %v", d, tc.v, got, tc.want)
			}
		}
	}
}
