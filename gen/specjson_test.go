package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
)

// spec/<profile>/spec.json is the whole spec an implementer without a YAML
// reader needs: read alone (no other file), each operation's input schema
// accepts the input of every call of the corpus, and each output schema
// the corpus's outputs.
func TestSpecJSONAloneValidatesTheCorpus(t *testing.T) {
	type op struct {
		Name   string          `json:"name"`
		Input  json.RawMessage `json:"input_schema"`
		Output json.RawMessage `json:"output_schema"`
	}
	schemas := map[string][2]*jsonschema.Schema{}
	profiles, _ := filepath.Glob(filepath.Join(repo, "spec", "*", "spec.json"))
	if len(profiles) < 6 {
		t.Fatalf("only %d spec.json files", len(profiles))
	}
	for _, p := range profiles {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Operations   []op              `json:"operations"`
			Requirements []json.RawMessage `json:"requirements"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(doc.Operations) == 0 || len(doc.Requirements) == 0 {
			t.Fatalf("%s: %d operations, %d requirements", p, len(doc.Operations), len(doc.Requirements))
		}
		for _, o := range doc.Operations {
			var pair [2]*jsonschema.Schema
			for i, raw := range [][]byte{o.Input, o.Output} {
				c := jsonschema.NewCompiler()
				c.Draft = jsonschema.Draft2020
				c.LoadURL = func(u string) (_ io.ReadCloser, err error) { return nil, fmt.Errorf("reads nothing: %s", u) }
				url := fmt.Sprintf("mem://%s/%d.json", o.Name, i)
				if err := c.AddResource(url, bytes.NewReader(raw)); err != nil {
					t.Fatalf("%s %s: %v", p, o.Name, err)
				}
				s, err := c.Compile(url)
				if err != nil {
					t.Fatalf("%s %s: %v", p, o.Name, err)
				}
				pair[i] = s
			}
			schemas[o.Name] = pair
		}
	}
	checked := 0
	err := conformance.WalkCorpus(goldens.FS(), func(id string, calls []conformance.CorpusCall) error {
		for _, c := range calls {
			pair, ok := schemas[c.Op]
			if !ok {
				return fmt.Errorf("%s calls %s, which no spec.json lists", id, c.Op)
			}
			dec := json.NewDecoder(bytes.NewReader(c.Input))
			dec.UseNumber()
			var in any
			if err := dec.Decode(&in); err != nil {
				return err
			}
			// Only inputs the reference answered: a refused one may be
			// refused by the schema on purpose.
			if strings.HasPrefix(string(c.Answer), `{"error"`) {
				continue
			}
			if err := pair[0].Validate(in); err != nil {
				return fmt.Errorf("%s: %s's input schema in spec.json refuses %s: %v", id, c.Op, c.Input, err)
			}
			var ans struct {
				Output json.RawMessage `json:"output"`
			}
			if err := json.Unmarshal(c.Answer, &ans); err != nil {
				return err
			}
			dec = json.NewDecoder(bytes.NewReader(ans.Output))
			dec.UseNumber()
			var out any
			if err := dec.Decode(&out); err != nil {
				return err
			}
			if err := pair[1].Validate(out); err != nil {
				return fmt.Errorf("%s: %s's output schema in spec.json refuses %s: %v", id, c.Op, ans.Output, err)
			}
			checked++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 2000 {
		t.Fatalf("only %d calls checked", checked)
	}
	t.Logf("%d answered corpus calls: input and output valid against their operation's schemas in spec.json", checked)
}
