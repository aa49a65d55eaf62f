package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// examples/vectors-python/validate_inputs.py validates every corpus call's
// input against its operation's input schema (spec/<profile>/spec.json)
// with schema.py, a stdlib validator. Its verdict on every call must be
// the verdict of jsonschema/v5 (format asserted, as spec/ compiles the
// schemas) on the same input and schema. The corpus holds inputs the
// schemas refuse on purpose, so agreement is checked on both sides.
func TestStdlibSchemaValidatorAgreesOnEveryCorpusInput(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	cmd := exec.Command("python3", filepath.Join(root, "examples", "vectors-python", "validate_inputs.py"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("validate_inputs.py: %v\n%s", err, stderr.String())
	}
	python := map[string]string{}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("not a verdict line: %q", line)
		}
		python[f[0]] = f[2]
	}
	schemas := inputSchemas(t, root)
	agree, invalid := 0, 0
	var unjudged []string
	for id, c := range corpusInputs(t, root) {
		s, ok := schemas[c.op]
		if !ok {
			t.Fatalf("%s: no spec.json defines %s", id, c.op)
		}
		// Numbers as json.Number: the library compares them exactly.
		dec := json.NewDecoder(bytes.NewReader(c.input))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		want, err := libraryVerdict(s, v)
		if err != nil {
			// jsonschema/v5 panics on a number math/big cannot hold
			// (1e-1000000000): no verdict to compare with.
			unjudged = append(unjudged, fmt.Sprintf("%s (schema.py: %s): %v", id, python[id], err))
			continue
		}
		if want == "invalid" {
			invalid++
		}
		switch got := python[id]; got {
		case want:
			agree++
		case "":
			t.Errorf("%s: validate_inputs.py gave no verdict", id)
		default:
			t.Errorf("%s (%s): schema.py says %s, jsonschema/v5 %s; input %s", id, c.op, got, want, c.input)
		}
	}
	t.Logf("%d calls: schema.py and jsonschema/v5 agree on %d (%d inputs invalid); jsonschema/v5 cannot judge %d:\n%s",
		len(python), agree, invalid, len(unjudged), strings.Join(unjudged, "\n"))
	if len(python) < 3000 || invalid < 50 || agree+len(unjudged) != len(python) || len(unjudged) > 1 {
		t.Errorf("%d verdicts, %d agreeing, %d invalid inputs, %d not judged", len(python), agree, invalid, len(unjudged))
	}
	// docs/vectors.md shows the summary the command prints.
	doc, err := os.ReadFile(filepath.Join(root, "docs", "vectors.md"))
	if err != nil {
		t.Fatal(err)
	}
	if summary := strings.TrimSpace(stderr.String()); !strings.Contains(string(doc), "--summary    # "+summary+"\n") {
		t.Errorf("docs/vectors.md does not show what validate_inputs.py --summary prints: %q", summary)
	}
}

// libraryVerdict is jsonschema/v5's verdict, or the panic it raised.
func libraryVerdict(s *jsonschema.Schema, v any) (verdict string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("jsonschema/v5 panics: %v", r)
		}
	}()
	if s.Validate(v) != nil {
		return "invalid", nil
	}
	return "valid", nil
}

// schema.py refuses a schema it would misread: a keyword it does not know
// (ignoring it would accept what the schema refuses), a $ref outside the
// schema, a pattern construct ECMA-262 and Python read differently. And
// its patterns are ECMA-262's: $ does not match before a final newline, .
// does not match \r, \d is ASCII.
func TestStdlibSchemaValidatorRefusesWhatItDoesNotKnow(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", "..", "examples", "vectors-python"))
	probe := `import sys, json; sys.path.insert(0, sys.argv[1]); import schema
for s, value in json.loads(sys.argv[2]):
    try:
        v = schema.Validator(schema.load_json(json.dumps(s)))
    except schema.SchemaError as e:
        print("refused:", e); continue
    print("valid" if not v.errors(value) else "invalid")`
	cases := []struct {
		schema, value, want string
	}{
		{`{"type":"string","maxLength":3}`, `"abcd"`, "refused: #: keyword maxLength"},
		{`{"if":{"type":"string"},"else":false}`, `1`, "refused: #: keyword else"},
		{`{"$ref":"other.json#/x"}`, `1`, "refused: #: $ref"},
		{`{"type":"string","pattern":"(?<y>a)"}`, `"a"`, "refused: #: pattern"},
		{`{"type":"string","format":"email"}`, `"a"`, "refused: #: format"},
		{`{"type":"string","pattern":"^a$"}`, `"a\n"`, "invalid"},
		{`{"type":"string","pattern":"^a.b$"}`, `"a\rb"`, "invalid"},
		{`{"type":"string","pattern":"^\\d$"}`, `"\u0663"`, "invalid"},
		{`{"type":"string","pattern":"^a.b$"}`, `"axb"`, "valid"},
		{`{"type":"integer","minimum":1}`, `1.0`, "valid"},
		{`{"type":"integer"}`, `1.5`, "invalid"},
		{`{"const":1}`, `true`, "invalid"},
		{`{"type":"string","format":"date-time"}`, `"2024-02-30T00:00:00Z"`, "invalid"},
		{`{"type":"string","format":"date-time"}`, `"2016-12-31T23:59:60Z"`, "valid"},
		{`{"type":"string","format":"date-time"}`, `"2016-12-31T22:59:60Z"`, "invalid"},
	}
	var list []string
	for _, c := range cases {
		list = append(list, "["+c.schema+","+c.value+"]")
	}
	out, err := exec.Command("python3", "-c", probe, root, "["+strings.Join(list, ",")+"]").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(got) != len(cases) {
		t.Fatalf("%d answers for %d cases:\n%s", len(got), len(cases), out)
	}
	for i, c := range cases {
		if !strings.HasPrefix(got[i], c.want) {
			t.Errorf("schema %s, value %s: got %q, want %q…", c.schema, c.value, got[i], c.want)
		}
	}
}

// inputSchemas compiles every operation's standalone input schema from
// spec/<profile>/spec.json, loading nothing else.
func inputSchemas(t *testing.T, root string) map[string]*jsonschema.Schema {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(root, "spec", "*", "spec.json"))
	out := map[string]*jsonschema.Schema{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Operations []struct {
				Name  string          `json:"name"`
				Input json.RawMessage `json:"input_schema"`
			} `json:"operations"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, op := range doc.Operations {
			c := jsonschema.NewCompiler()
			c.Draft = jsonschema.Draft2020
			c.AssertFormat = true // as spec/ compiles them: a date-time is RFC 3339
			c.LoadURL = func(u string) (io.ReadCloser, error) { return nil, fmt.Errorf("reads nothing: %s", u) }
			url := "mem://" + op.Name + ".input.json"
			if err := c.AddResource(url, bytes.NewReader(op.Input)); err != nil {
				t.Fatal(err)
			}
			if out[op.Name], err = c.Compile(url); err != nil {
				t.Fatalf("%s %s: %v", f, op.Name, err)
			}
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d operations in %d spec.json files", len(out), len(files))
	}
	return out
}

type corpusInput struct {
	op    string
	input json.RawMessage
}

// corpusInputs reads every call of the corpus by its id (<scenario id>#<n>).
func corpusInputs(t *testing.T, root string) map[string]corpusInput {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "goldens", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var idx struct {
		Scenarios []struct{ ID, File string }
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	out := map[string]corpusInput{}
	for _, sc := range idx.Scenarios {
		f, err := os.Open(filepath.Join(root, "goldens", filepath.FromSlash(sc.File)))
		if err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(f)
		lines.Buffer(nil, 1<<20)
		for n := 1; lines.Scan(); n++ {
			var call struct {
				Op    string          `json:"op"`
				Input json.RawMessage `json:"input"`
			}
			if err := json.Unmarshal(lines.Bytes(), &call); err != nil {
				t.Fatalf("%s#%d: %v", sc.ID, n, err)
			}
			out[fmt.Sprintf("%s#%d", sc.ID, n)] = corpusInput{call.Op, call.Input}
		}
		f.Close()
	}
	return out
}
