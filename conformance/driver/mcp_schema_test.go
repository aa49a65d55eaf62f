package driver

import (
	"bytes"
	"testing"
)

// A listed input schema that is the definition's JSON value, however it is
// spaced or ordered, skips the per-call check; any other value, even one
// only a number apart, keeps it.
func TestCanonicalJSONTellsTheSameSchemaFromAnother(t *testing.T) {
	def := []byte(`{"type": "object", "properties": {"operation": {"type": "string", "maxLength": 64}}, "required": ["operation"]}`)
	for _, c := range []struct {
		listed string
		same   bool
	}{
		{`{"required":["operation"],"properties":{"operation":{"maxLength":64,"type":"string"}},"type":"object"}`, true},
		{"{\n  \"type\": \"object\",\n  \"required\": [\"operation\"],\n  \"properties\": {\"operation\": {\"type\": \"string\", \"maxLength\": 64}}\n}", true},
		{`{"type":"object","properties":{"operation":{"type":"string","maxLength":63}},"required":["operation"]}`, false},
		{`{"type":"object","properties":{"operation":{"type":"string","maxLength":64.0}},"required":["operation"]}`, false},
		{`{"type":"object","properties":{"operation":{"type":"string","maxLength":64}},"required":["operation","timestamp"]}`, false},
		{`{"type":"object","properties":{"operation":{"type":"string","maxLength":64}}}`, false},
	} {
		a, err := canonicalJSON(def)
		if err != nil {
			t.Fatal(err)
		}
		b, err := canonicalJSON([]byte(c.listed))
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Equal(a, b); got != c.same {
			t.Errorf("%s: same %v, want %v", c.listed, got, c.same)
		}
	}
}
