package spec

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// Each keyword the fast checker implements, at and around its edge; every
// case is also checked against jsonschema, so a table entry cannot encode
// a wrong expectation.
func TestFastCheckKeywords(t *testing.T) {
	cases := []struct {
		schema string
		valid  []string
		wrong  []string
	}{
		{`{"type": "integer", "minimum": 1, "maximum": 10}`, []string{`1`, `10`, `10.0`, `1e1`}, []string{`0`, `11`, `1.5`, `"1"`, `10.0000000000000001`, `1e400`}},
		{`{"type": ["string", "null"], "minLength": 2, "maxLength": 3}`, []string{`"ab"`, `"abc"`, `"éé"`, `null`}, []string{`"a"`, `"abcd"`, `1`, `[]`}},
		{`{"type": "string", "pattern": "^a+$"}`, []string{`"aaa"`}, []string{`"b"`, `"aab"`}},
		{`{"type": "string", "format": "date-time"}`, []string{`"2026-02-28T10:00:00Z"`}, []string{`"2026-02-30T10:00:00Z"`, `"x"`}},
		{`{"enum": ["a", 1, null]}`, []string{`"a"`, `1`, `1.0`, `null`}, []string{`"b"`, `2`, `true`}},
		{`{"const": 3}`, []string{`3`, `3.0`, `30e-1`}, []string{`4`, `"3"`}},
		{`{"type": "object", "additionalProperties": false, "required": ["a"], "properties": {"a": {"type": "boolean"}}}`,
			[]string{`{"a": true}`, `{"a": 1, "a": false}`, `{"\u0061": true}`}, []string{`{}`, `{"a": 1}`, `{"a": true, "b": 1}`, `{"a": false, "a": 1}`, `{"A": true}`}},
		{`{"type": "object", "additionalProperties": {"type": "integer"}}`, []string{`{"x": 1}`, `{}`}, []string{`{"x": "1"}`}},
		{`{"dependentRequired": {"a": ["b"]}}`, []string{`{"a": 1, "b": 2}`, `{"b": 1}`, `7`}, []string{`{"a": 1}`}},
		{`{"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 2, "uniqueItems": true}`,
			[]string{`["a"]`, `["a", "b"]`}, []string{`[]`, `["a", "b", "c"]`, `["a", "a"]`, `[1]`}},
		{`{"type": "array", "uniqueItems": true}`, []string{`[1, "1", {"a": 1}, {"a": 2}]`}, []string{`[1, 1.0]`, `[{"a": 1, "b": 2}, {"b": 2, "a": 1}]`, `[[1], [1.0]]`}},
		{`{"oneOf": [{"type": "null"}, {"type": "string", "minLength": 1}]}`, []string{`null`, `"a"`}, []string{`""`, `1`}},
		{`{"oneOf": [{"type": "integer"}, {"type": "number"}]}`, []string{`1.5`}, []string{`1`}},
		{`{"anyOf": [{"type": "integer"}, {"type": "number"}]}`, []string{`1.5`, `1`}, []string{`"x"`}},
		{`{"not": {"type": "string"}}`, []string{`1`}, []string{`"a"`}},
		{`{"if": {"properties": {"m": {"const": "p"}}, "required": ["m"]}, "then": {"required": ["p"]}, "else": {"required": ["q"]}}`,
			[]string{`{"m": "p", "p": 1}`, `{"m": "x", "q": 1}`}, []string{`{"m": "p"}`, `{"m": "x"}`}},
		{`{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}`, []string{`0.5`, `1e-400`}, []string{`0`, `1`, `-1e-400`}},
		{`{"minProperties": 1, "maxProperties": 1}`, []string{`{"a": 1}`, `{"a": 1, "a": 2}`}, []string{`{}`, `{"a": 1, "b": 2}`}},
	}
	for _, c := range cases {
		var tree map[string]any
		d := json.NewDecoder(bytes.NewReader([]byte(c.schema)))
		d.UseNumber()
		if err := d.Decode(&tree); err != nil {
			t.Fatal(err)
		}
		check := compileFast(map[string]any{"s": tree}, "s")
		if check == nil {
			t.Errorf("%s: no fast checker", c.schema)
			continue
		}
		comp := jsonschema.NewCompiler()
		comp.Draft = jsonschema.Draft2020
		comp.AssertFormat = true
		if err := comp.AddResource("s.json", bytes.NewReader([]byte(c.schema))); err != nil {
			t.Fatal(err)
		}
		slow := comp.MustCompile("s.json")
		for _, group := range []struct {
			inputs []string
			want   bool
		}{{c.valid, true}, {c.wrong, false}} {
			for _, in := range group.inputs {
				r := jsonin.NewReader([]byte(in))
				got := check(r) && r.End()
				v, _ := jsonin.DecodeAny([]byte(in))
				ref := slow.Validate(tameNumbers(v)) == nil
				if got != group.want || ref != group.want {
					t.Errorf("%s on %s: fast %v, jsonschema %v, want %v", c.schema, in, got, ref, group.want)
				}
			}
		}
	}
}

// A keyword the fast checker does not know leaves the schema to jsonschema.
func TestFastCheckDeclinesUnknownKeywords(t *testing.T) {
	for _, s := range []map[string]any{
		{"patternProperties": map[string]any{"^a": true}},
		{"prefixItems": []any{true}},
		{"type": "object", "properties": map[string]any{"a": map[string]any{"contains": true}}},
		{"$ref": "#/$defs/missing"},
		{"enum": []any{map[string]any{"a": json.Number("1")}}},
	} {
		if compileFast(map[string]any{"s": s}, "s") != nil {
			t.Errorf("%v: a fast checker, want none", s)
		}
	}
}
