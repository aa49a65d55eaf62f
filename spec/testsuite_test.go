package spec

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/internal/schemasuite"
)

// suiteSchemaTree is a schema as the spec's trees hold one: numbers as
// json.Number.
func suiteSchemaTree(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// fastSuiteChecker compiles a suite schema as compileFast compiles an
// operation's: its own $defs are the definitions "#/$defs/…" names. nil:
// the schema uses what the fast checker leaves to jsonschema (another
// kind of $ref, a keyword it does not know).
func fastSuiteChecker(schema any) checker {
	defs := map[string]any{}
	if m, ok := schema.(map[string]any); ok {
		if d, ok := m["$defs"].(map[string]any); ok {
			for k, v := range d {
				defs[k] = v
			}
		}
		root := make(map[string]any, len(m))
		for k, v := range m {
			if k != "$defs" {
				root[k] = v
			}
		}
		schema = root
	}
	const rootName = "\x00root" // no $defs name of the suite
	defs[rootName] = schema
	return compileFast(defs, rootName)
}

// slowSuiteSchema compiles a suite schema with jsonschema as the kit
// compiles its own (draft 2020-12, formats asserted); nil when jsonschema
// cannot compile it alone (a remote reference).
func slowSuiteSchema(raw json.RawMessage) *jsonschema.Schema {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	const url = "https://clockspec.dev/suite-case.json"
	if err := c.AddResource(url, bytes.NewReader(raw)); err != nil {
		return nil
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil
	}
	return s
}

// onlyType says whether schema is {"type": t} (with "$schema" at most):
// its tests' validity is then whether the data is of that type.
func onlyType(schema any, t string) bool {
	m, ok := schema.(map[string]any)
	if !ok || m["type"] != t {
		return false
	}
	for k := range m {
		if k != "type" && k != "$schema" {
			return false
		}
	}
	return true
}

// The input check is proved on the JSON-Schema-Test-Suite's draft 2020-12
// cases (internal/schemasuite: a file per keyword the fast
// checker compiles, the suite's bignum cases and the kit's integer cases):
// for every schema the fast checker compiles, its verdict on every test is
// the suite's; for every schema jsonschema compiles alone, so is the
// verdict of jsonschema reading the data as the kit does (exact numbers,
// tamed only beyond 10^400); and every number the integer and bignum
// schemas accept is one jsonin.Whole reads as whole, exactly.
func TestTheJSONSchemaTestSuite(t *testing.T) {
	groups, err := schemasuite.Groups()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	var schemas, fastSchemas, fastTests, slowTests, wholeTests int
	for _, g := range groups {
		files[g.File] = true
		schemas++
		tree := suiteSchemaTree(t, g.Schema)
		fast := fastSuiteChecker(tree)
		slow := slowSuiteSchema(g.Schema)
		if fast != nil {
			fastSchemas++
		}
		for _, tc := range g.Tests {
			where := g.Where(tc)
			if fast != nil {
				fastTests++
				r := jsonin.NewReader(tc.Data)
				if got := fast(r) && r.End(); got != tc.Valid {
					t.Errorf("%s: the fast checker says valid=%v, the suite %v", where, got, tc.Valid)
				}
			}
			if slow != nil {
				slowTests++
				if got := validate(slow, tc.Data, "data") == nil; got != tc.Valid {
					t.Errorf("%s: jsonschema, as the kit reads data, says valid=%v, the suite %v", where, got, tc.Valid)
				}
			}
			if onlyType(tree, "integer") {
				if lit := strings.TrimSpace(string(tc.Data)); len(lit) > 0 && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9') {
					wholeTests++
					if _, whole := jsonin.Whole(lit); whole != tc.Valid {
						t.Errorf("%s: jsonin.Whole says whole=%v, the suite %v", where, whole, tc.Valid)
					}
				}
			}
		}
	}
	if len(files) < 30 {
		t.Fatalf("found %d suite files", len(files))
	}
	t.Logf("%d files, %d schemas: the fast checker compiles %d and agrees on %d tests; jsonschema agrees on %d; jsonin.Whole on %d numbers",
		len(files), schemas, fastSchemas, fastTests, slowTests, wholeTests)
	// The fast checker must cover most of what the kit's schemas use, or
	// it is the fallback that is being tested.
	if fastSchemas*2 < schemas || wholeTests < 15 {
		t.Errorf("only %d of %d schemas compile to a fast checker, %d numbers read by Whole", fastSchemas, schemas, wholeTests)
	}
}
