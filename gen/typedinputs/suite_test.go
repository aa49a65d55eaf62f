package typedinputs

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/spec"
)

// suiteCase is one test of the JSON-Schema-Test-Suite, the data as written.
type suiteCase struct {
	Op    string          `json:"op"`
	Where string          `json:"where"`
	Data  json.RawMessage `json:"data"`
}

// suiteCheckMain is a program that decodes each case's data, as the value
// of the property "v" of its operation's input, with the decoder gen wrote
// for it, and prints every case whose decoder refuses it or reads it as
// another value (compared as JSON Schema compares values: numbers exactly,
// by value; an optional member left out is read as its field's zero,
// written again as null).
const suiteCheckMain = `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"

	"github.com/clockspec/clockspec/gen/typedinputs/suitecheck/suite"
)

type suiteCase struct {
	Op    string          ` + "`json:\"op\"`" + `
	Where string          ` + "`json:\"where\"`" + `
	Data  json.RawMessage ` + "`json:\"data\"`" + `
}

func tree(b []byte) (any, error) {
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	err := d.Decode(&v)
	return v, err
}

func equal(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		p, ok1 := new(big.Rat).SetString(string(x))
		q, ok2 := new(big.Rat).SetString(string(y))
		return ok1 && ok2 && p.Cmp(q) == 0
	case map[string]any:
		// a is the decoded value written again: an optional member the data
		// leaves out is a nil field, written null.
		y, ok := b.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok && v == nil {
				continue
			}
			if !ok || !equal(v, w) {
				return false
			}
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

func main() {
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var cases []suiteCase
	if err := json.Unmarshal(b, &cases); err != nil {
		panic(err)
	}
	bad := 0
	for _, c := range cases {
		args, ok, err := suite.DecodeArgs(c.Op, []byte("{\"v\": "+string(c.Data)+"}"))
		if !ok || err != nil {
			bad++
			fmt.Printf("%s: refused: %v\n", c.Where, err)
			continue
		}
		out, err := json.Marshal(args)
		if err != nil {
			bad++
			fmt.Printf("%s: the decoded value does not encode: %v\n", c.Where, err)
			continue
		}
		got, err1 := tree(out)
		want, err2 := tree(c.Data)
		m, _ := got.(map[string]any)
		if err1 != nil || err2 != nil || m == nil || !equal(m["v"], want) {
			bad++
			fmt.Printf("%s: read as %s\n", c.Where, out)
		}
	}
	fmt.Printf("checked %d\n", len(cases))
	if bad > 0 {
		os.Exit(1)
	}
}
`

// usesRefs says whether a schema names another ($ref, $defs, $id, and the
// rest of the reference keywords): the generator resolves a reference
// only to its profile's $defs, and the suite's point to the schema's own.
func usesRefs(raw json.RawMessage) bool {
	s := string(raw)
	for _, k := range []string{`"$ref"`, `"$defs"`, `"$id"`, `"$anchor"`, `"$dynamicRef"`, `"$dynamicAnchor"`} {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

// The generated decoders are proved on the JSON-Schema-Test-Suite's draft
// 2020-12 cases (spec/testdata/json-schema-test-suite): gen writes a
// decoder for each schema of the suite (as the one property of an
// operation's input), and a program built from them reads every test the
// suite calls valid: none may be refused (a valid input turned into
// invalid_input) or read as another value (1.0 read as 1 is the same
// value; 10.0000000000000001 read as 10 is not). Schemas that refer to
// others are left out: the generator resolves references to its
// profile's $defs, the suite's to the schema's own.
func TestGeneratedDecodersReadTheSuitesValidData(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "spec", "testdata", "json-schema-test-suite", "draft2020-12", "*.json"))
	optional, _ := filepath.Glob(filepath.Join(root, "spec", "testdata", "json-schema-test-suite", "draft2020-12", "optional", "*.json"))
	files = append(files, optional...)
	var ops strings.Builder
	ops.WriteString("profile: suite\ntitle: suite\nsource: test\noperations:\n")
	var cases []suiteCase
	schemas, skipped := 0, 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []struct {
				Description string          `json:"description"`
				Data        json.RawMessage `json:"data"`
				Valid       bool            `json:"valid"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, g := range groups {
			if usesRefs(g.Schema) {
				skipped++
				continue
			}
			schemas++
			op := fmt.Sprintf("suite.case_%d", schemas)
			fmt.Fprintf(&ops, "  - name: %s\n    summary: s\n    origin: o\n    requirements: [SUITE-1]\n    errors: [invalid_input]\n"+
				"    input: {type: object, additionalProperties: false, required: [v], properties: {v: %s}}\n    output: {type: object}\n",
				op, strings.Join(strings.Fields(string(g.Schema)), " "))
			for _, tc := range g.Tests {
				if tc.Valid {
					cases = append(cases, suiteCase{Op: op, Where: fmt.Sprintf("%s: %s: %s", filepath.Base(file), g.Description, tc.Description), Data: tc.Data})
				}
			}
		}
	}
	cat, err := spec.LoadFS(fstest.MapFS{
		"suite/operations.yaml":   {Data: []byte(ops.String())},
		"suite/requirements.yaml": {Data: []byte("profile: suite\nrequirements:\n  - {id: SUITE-1, source: test, strength: decision, text: t}\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	p, ok := cat.Profile("suite")
	if !ok {
		t.Fatal("no suite profile")
	}
	src, err := inputSource(p, "suite", map[string]bool{})
	if err != nil {
		t.Fatal(err)
	}
	// The program lives, for the go command alone, in a folder of the
	// module that does not exist (-overlay): nothing is written into the
	// source tree, and the generated code may import the module's
	// internal packages.
	dir := t.TempDir()
	pkg := filepath.Join(root, "gen", "typedinputs", "suitecheck")
	write := func(name string, b []byte) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{
		filepath.Join(pkg, "suite", "input_gen.go"): write("input_gen.go", src),
		filepath.Join(pkg, "main.go"):               write("main.go", []byte(suiteCheckMain)),
	}})
	casesJSON, _ := json.Marshal(cases)
	cmd := exec.Command("go", "run", "-overlay", write("overlay.json", overlay), "./gen/typedinputs/suitecheck", write("cases.json", casesJSON))
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := fmt.Sprintf("checked %d\n", len(cases)); !strings.HasSuffix(string(out), want) {
		t.Fatalf("the program did not check every case:\n%s", out)
	}
	t.Logf("%d schemas (%d left out: they refer to others), %d valid tests read as written", schemas, skipped, len(cases))
}
