package spec_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// The compiler checks every schema against the draft 2020-12 meta-schema
// when it compiles a folder (LoadFS); this test is where the embedded
// spec's schemas are checked, a run compiling them without that check.
func TestEverySchemaCompilesAgainstTheMetaSchema(t *testing.T) {
	cat, err := spec.LoadFS(spec.FS())
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.Compile(); err != nil {
		t.Fatal(err)
	}
	if err := cat.Compile("no-such-profile"); err == nil {
		t.Error("Compile of an unknown profile: no error")
	}
}

// A schema the meta-schema refuses (a "type" that is no type) is an error
// naming the operation, from Compile and from every validation against the
// profile, never a silent pass.
func TestASchemaBreakingTheMetaSchemaIsRefused(t *testing.T) {
	fsys := fstest.MapFS{
		"demo/operations.yaml": {Data: []byte(`profile: demo
title: t
source: s
operations:
  - name: demo.ok
    summary: s
    origin: o
    input: {type: object}
    output: {type: object}
  - name: demo.broken
    summary: s
    origin: o
    input: {type: object}
    output: {type: 12}
`)},
	}
	cat, err := spec.LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	err = cat.Compile("demo")
	if err == nil || !strings.Contains(err.Error(), "demo/operations.yaml") || !strings.Contains(err.Error(), "/demo.broken.output/type") {
		t.Fatalf("Compile: %v, want an error naming demo/operations.yaml and demo.broken's output type", err)
	}
	op, _ := cat.Operation("demo.ok")
	err = op.ValidateOutput(json.RawMessage(`{}`))
	var se *spec.SchemaError
	if err == nil || errors.As(err, &se) {
		t.Errorf("validation against a profile whose schemas do not compile: %v, want the compile error (not a schema violation)", err)
	}
}

func TestAnOperationSchemaMayNotSetWhatTheCatalogSets(t *testing.T) {
	for _, key := range []string{"$id", "$schema", "$defs"} {
		fsys := fstest.MapFS{"demo/operations.yaml": {Data: []byte(`profile: demo
title: t
source: s
operations:
  - name: demo.op
    summary: s
    origin: o
    input: {type: object, "` + key + `": {}}
    output: {type: object}
`)}}
		if _, err := spec.LoadFS(fsys); err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("an input schema with %s: %v", key, err)
		}
	}
}

// standalone compiles a published schema document on its own, as the
// catalog did before it compiled per profile and as a third party reading
// the published schema would.
func standalone(t *testing.T, name string, doc json.RawMessage) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	url := "https://clockspec.dev/standalone/" + name + ".json"
	if err := c.AddResource(url, bytes.NewReader(doc)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// mutants derives documents from a valid answer that a schema may refuse:
// an added unknown field, each field dropped, each field retyped.
func mutants(raw json.RawMessage) []json.RawMessage {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return []json.RawMessage{json.RawMessage(`[]`)}
	}
	var out []json.RawMessage
	add := func(v any) {
		b, _ := json.Marshal(v)
		out = append(out, b)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	with := func(k string, v any, drop bool) map[string]any {
		c := make(map[string]any, len(m)+1)
		for k2, v2 := range m {
			c[k2] = v2
		}
		if drop {
			delete(c, k)
		} else {
			c[k] = v
		}
		return c
	}
	add(with("not_a_field_of_any_schema", 1, false))
	for _, k := range keys {
		add(with(k, nil, true))
		if _, isString := m[k].(string); isString {
			add(with(k, 42, false))
			add(with(k, "not-a-date-time", false)) // a format assertion
		} else {
			add(with(k, "x", false))
		}
	}
	add("not an object")
	return out
}

// Every input and answer of the whole suite, and mutants of each answer,
// get the same verdict from the per-profile compiled schemas as from each
// operation's published schema compiled on its own: compiling once per
// profile, and without the meta-schema check (spec.Load), changed no
// validation. For every profile some mutant is refused,
// so the check can fail.
func TestPerProfileSchemasAreAsStrictAsStandaloneOnes(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	type pair struct{ in, out *jsonschema.Schema }
	alone := map[string]pair{}
	for _, p := range cat.Profiles {
		for _, op := range p.Operations {
			alone[op.Name] = pair{standalone(t, op.Name+".input", op.InputSchema), standalone(t, op.Name+".output", op.OutputSchema)}
		}
	}
	decode := func(raw json.RawMessage) any {
		var v any
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	refused := map[string]int{}
	calls := 0
	_, err = conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Catalog: cat, Level: conformance.LevelCompat,
		OnCall: func(_ *features.Scenario, _ int, name string, input json.RawMessage, res protocol.Result) {
			op, ok := cat.Operation(name)
			if !ok {
				return
			}
			calls++
			if got, want := op.ValidateInput(input) == nil, alone[name].in.Validate(decode(input)) == nil; got != want {
				t.Errorf("%s input %s: accepted %v, standalone %v", name, input, got, want)
			}
			if res.Error != nil {
				return
			}
			if err := op.ValidateOutput(res.Output); err != nil {
				t.Errorf("%s: the reference's answer %s refused: %v", name, res.Output, err)
			}
			for _, m := range mutants(res.Output) {
				got, want := op.ValidateOutput(m) == nil, alone[name].out.Validate(decode(m)) == nil
				if got != want {
					t.Errorf("%s output %s: accepted %v, standalone %v", name, m, got, want)
				}
				if !got {
					refused[op.Profile]++
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 1000 {
		t.Errorf("only %d calls observed", calls)
	}
	for _, p := range cat.Profiles {
		if refused[p.Name] == 0 {
			t.Errorf("profile %s: no invalid answer refused", p.Name)
		}
	}
}

// The published schemas are encoding/json's own encoding of the whole
// document (the $defs are spliced in, not encoded per operation): decoding
// one and encoding it again gives the same bytes, and it carries the
// profile's $defs.
func TestPublishedSchemasAreCanonicalJSON(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cat.Profiles {
		for _, op := range p.Operations {
			for _, doc := range []json.RawMessage{op.InputSchema, op.OutputSchema} {
				var m map[string]any
				dec := json.NewDecoder(bytes.NewReader(doc))
				dec.UseNumber()
				if err := dec.Decode(&m); err != nil {
					t.Fatalf("%s: %v", op.Name, err)
				}
				again, _ := json.Marshal(m)
				if !bytes.Equal(again, doc) {
					t.Errorf("%s: published\n%s\nre-encoded\n%s", op.Name, doc, again)
				}
				if _, ok := m["$defs"].(map[string]any); !ok || m["$schema"] == nil || m["$id"] == nil {
					t.Errorf("%s: $defs, $schema or $id missing", op.Name)
				}
			}
		}
	}
}
