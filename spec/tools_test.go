package spec_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"slices"
	"sort"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/spec"
)

// tool is one entry of datetime/tools.json, in the Anthropic tool format.
type tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// The PRD's example requests (seed 003). The PRD shows the shift answer but
// not its fields; 1 day and 21 hours is a request that gives it.
var prdInputs = map[string][]string{
	"datetime_math": {
		`{"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-22T15:30:00+03:00"}`,
		`{"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": 1, "hours": 21}`,
		`{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}`,
		`{"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Oslo"}`,
	},
	"datetime_format": {
		`{"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Europe/Oslo"}`,
	},
}

// The PRD's example answers, verbatim.
var prdOutputs = map[string][]string{
	"datetime_math": {
		`{"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-22T15:30:00+03:00", "duration_seconds": 192600, "duration_minutes": 3210, "duration_hours": 53.5, "duration_days": 2.2291666667, "sign": 1}`,
		`{"operation": "shift", "input": "2026-04-20T10:00:00+03:00", "result": "2026-04-22T07:00:00+03:00"}`,
		`{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00", "weekday": "Monday", "weekday_index": 1}`,
		`{"operation": "convert_timezone", "input": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Oslo", "result": "2026-04-20T09:00:00+02:00"}`,
	},
	"datetime_format": {
		`{"input": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Oslo", "style": "long", "formatted": "2026-04-20 09:00 CEST", "timezone": "Europe/Oslo", "utc_offset": "+02:00"}`,
	},
}

func loadTools(t *testing.T) []tool {
	t.Helper()
	b, err := fs.ReadFile(spec.FS(), "datetime/tools.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var tools []tool
	if err := dec.Decode(&tools); err != nil {
		t.Fatalf("datetime/tools.json: %v", err)
	}
	return tools
}

func compileTool(t *testing.T, tl tool) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	url := "https://clockspec.dev/tools/" + tl.Name + ".input.json"
	if err := c.AddResource(url, bytes.NewReader(tl.InputSchema)); err != nil {
		t.Fatalf("%s: %v", tl.Name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: input_schema does not compile: %v", tl.Name, err)
	}
	return s
}

func decode(t *testing.T, doc string) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(doc)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The LLM tool definitions are the same two tools as the catalog's datetime
// operations, their schemas compile and accept every PRD example.
func TestDatetimeToolDefinitions(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, ok := cat.Profile("datetime")
	if !ok {
		t.Fatal("no datetime profile")
	}
	var want []string
	for _, op := range p.Operations {
		want = append(want, op.Name)
	}
	tools := loadTools(t)
	var got []string
	for _, tl := range tools {
		got = append(got, tl.Name)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("tools.json names %v, the catalog's datetime operations are %v", got, want)
	}
	for _, tl := range tools {
		if len(tl.Description) < 100 {
			t.Errorf("%s: a model needs a real description, got %q", tl.Name, tl.Description)
		}
		var top struct {
			Type                 string                     `json:"type"`
			Properties           map[string]json.RawMessage `json:"properties"`
			AdditionalProperties *bool                      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(tl.InputSchema, &top); err != nil {
			t.Fatalf("%s: %v", tl.Name, err)
		}
		if top.Type != "object" || top.AdditionalProperties == nil || *top.AdditionalProperties {
			t.Errorf("%s: input_schema must be a closed object schema", tl.Name)
		}
		// The tool offers exactly the fields the catalog's input schema knows.
		op, _ := cat.Operation(tl.Name)
		var catalog struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(op.InputSchema, &catalog); err != nil {
			t.Fatal(err)
		}
		if a, b := keys(top.Properties), keys(catalog.Properties); !slices.Equal(a, b) {
			t.Errorf("%s: tools.json offers fields %v, the catalog defines %v", tl.Name, a, b)
		}
		for name, prop := range top.Properties {
			var d struct {
				Description string `json:"description"`
			}
			if err := json.Unmarshal(prop, &d); err != nil || d.Description == "" {
				t.Errorf("%s: field %s has no description for the model", tl.Name, name)
			}
		}

		s := compileTool(t, tl)
		if len(prdInputs[tl.Name]) == 0 {
			t.Errorf("%s: no PRD example input", tl.Name)
		}
		for _, in := range prdInputs[tl.Name] {
			if err := s.Validate(decode(t, in)); err != nil {
				t.Errorf("%s: the tool's input_schema refuses the PRD example %s: %v", tl.Name, in, err)
			}
			if err := op.ValidateInput(json.RawMessage(in)); err != nil {
				t.Errorf("%s: the catalog's input schema refuses the PRD example %s: %v", tl.Name, in, err)
			}
		}
		if err := s.Validate(decode(t, `{"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "style": "long", "locale": "en", "days": 1}`)); err == nil {
			t.Errorf("%s: the tool's input_schema accepts fields of the other tool", tl.Name)
		}
	}
}

func keys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// The PRD's example answers satisfy the output schemas, and its error
// examples the published error payloads ($defs math_error, format_error).
func TestDatetimePRDExamplesMatchTheSchemas(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, outs := range prdOutputs {
		op, ok := cat.Operation(name)
		if !ok {
			t.Fatalf("no operation %s", name)
		}
		for _, out := range outs {
			if err := op.ValidateOutput(json.RawMessage(out)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}

	errorDef := func(op, def string) *jsonschema.Schema {
		t.Helper()
		o, _ := cat.Operation(op)
		url := "https://clockspec.dev/schemas/" + op + ".output.json"
		c := jsonschema.NewCompiler()
		c.Draft = jsonschema.Draft2020
		if err := c.AddResource(url, bytes.NewReader(o.OutputSchema)); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile(url + "#/$defs/" + def)
		if err != nil {
			t.Fatalf("%s: %v", def, err)
		}
		return s
	}
	mathErr, formatErr := errorDef("datetime_math", "math_error"), errorDef("datetime_format", "format_error")
	for _, c := range []struct {
		s     *jsonschema.Schema
		doc   string
		valid bool
	}{
		{mathErr, `{"error": {"code": "invalid_timezone", "message": "target_timezone must be a valid IANA timezone"}}`, true},
		{formatErr, `{"error": {"code": "invalid_style", "message": "style must be one of short, long, date_only, time_only, weekday_date"}}`, true},
		{mathErr, `{"error": {"code": "empty_shift", "message": "shift needs at least one field"}}`, true},
		{formatErr, `{"error": {"code": "empty_shift", "message": "not a format code"}}`, false},
		{mathErr, `{"error": {"code": "invalid_style", "message": "not a math code"}}`, false},
		{mathErr, `{"error": {"code": "invalid_timezone"}}`, false},
		{mathErr, `{"error": {"code": "invalid_timezone", "message": "x", "field": "target_timezone"}}`, false},
		{mathErr, `{"code": "invalid_timezone", "message": "unwrapped"}`, false},
	} {
		if err := c.s.Validate(decode(t, c.doc)); (err == nil) != c.valid {
			t.Errorf("%s: valid=%v, want %v (%v)", c.doc, err == nil, c.valid, err)
		}
	}

	// Each operation's errors list matches its error payload's code enum.
	for op, def := range map[string]string{"datetime_math": "math_error", "datetime_format": "format_error"} {
		s := errorDef(op, def)
		o, _ := cat.Operation(op)
		for _, code := range o.Errors {
			doc := `{"error": {"code": "` + code + `", "message": "m"}}`
			if err := s.Validate(decode(t, doc)); err != nil {
				t.Errorf("%s lists %s but %s refuses it: %v", op, code, def, err)
			}
		}
	}
}

// A tool description reaches a model through hosts that forward it
// unchanged, and OpenAI's function API refuses one over 1,024 characters.
func TestToolDescriptionsFitEveryHost(t *testing.T) {
	for _, tl := range loadTools(t) {
		if n := len([]rune(tl.Description)); n > 1024 {
			t.Errorf("%s: a description of %d characters, more than 1,024", tl.Name, n)
		}
	}
}
