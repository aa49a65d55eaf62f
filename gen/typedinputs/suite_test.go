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

	"github.com/clockspec/clockspec/internal/schemasuite"
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
// another value (compared in the judge's canonical form: numbers by their
// exact value; an optional member left out is read as its field's nil,
// written again as null).
const suiteCheckMain = `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/gen/typedinputs/suitecheck/suite"
)

type suiteCase struct {
	Op    string          ` + "`json:\"op\"`" + `
	Where string          ` + "`json:\"where\"`" + `
	Data  json.RawMessage ` + "`json:\"data\"`" + `
}

// dropAbsent removes from got the null members want does not have: an
// optional member the data leaves out is its field's nil, written null.
func dropAbsent(got, want any) {
	g, ok1 := got.(map[string]any)
	w, ok2 := want.(map[string]any)
	if !ok1 || !ok2 {
		return
	}
	for k, v := range g {
		if _, in := w[k]; !in && v == nil {
			delete(g, k)
		} else {
			dropAbsent(v, w[k])
		}
	}
}

// canonical is the judge's form of a value: equal values (numbers by
// their exact decimal value) give equal bytes.
func canonical(v any) string {
	var b bytes.Buffer
	if err := judge.WriteCanonical(&b, v); err != nil {
		return "not canonical: " + err.Error()
	}
	return b.String()
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
		got, err1 := judge.DecodeOutput(out)
		want, err2 := judge.DecodeOutput(c.Data)
		m, _ := got.(map[string]any)
		if err1 == nil && err2 == nil && m != nil {
			dropAbsent(m["v"], want)
		}
		if err1 != nil || err2 != nil || m == nil || canonical(m["v"]) != canonical(want) {
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
// 2020-12 cases (internal/schemasuite): gen writes a
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
	groups, err := schemasuite.Groups()
	if err != nil {
		t.Fatal(err)
	}
	var ops strings.Builder
	ops.WriteString("profile: suite\ntitle: suite\nsource: test\noperations:\n")
	var cases []suiteCase
	schemas, skipped := 0, 0
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
				cases = append(cases, suiteCase{Op: op, Where: g.Where(tc), Data: tc.Data})
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
