package spec_test

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/spec"
)

// sourceFile is how living documentation must never cite the reference:
// by one of its source files.
var sourceFile = regexp.MustCompile(`reference/[A-Za-z0-9_/]+\.go`)

// undescribed lists every error code of every operation whose error_docs
// entry does not say when the code applies: missing, empty, not written as
// a condition ("when …", "for …", or "never…" for a listed code the
// reference does not answer), or naming a reference source file.
func undescribed(c *spec.Catalog) []string {
	var bad []string
	for _, p := range c.Profiles {
		for _, op := range p.Operations {
			for _, code := range op.Errors {
				doc := op.ErrorDocs[code]
				switch {
				case doc == "":
					bad = append(bad, op.Name+" "+code+": no description")
				case !strings.HasPrefix(doc, "when ") && !strings.HasPrefix(doc, "for ") && !strings.HasPrefix(doc, "never"):
					bad = append(bad, op.Name+" "+code+": does not say when it applies: "+doc)
				case sourceFile.MatchString(doc):
					bad = append(bad, op.Name+" "+code+": names a reference source file: "+doc)
				}
			}
		}
	}
	return bad
}

// Every error code of every operation of every profile says when the
// reference answers with it, so a profile page never shows "(not
// described)" and an implementer never has to guess.
func TestEveryErrorCodeIsDescribed(t *testing.T) {
	c, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	codes := 0
	for _, p := range c.Profiles {
		for _, op := range p.Operations {
			codes += len(op.Errors)
		}
	}
	if codes < 100 {
		t.Fatalf("only %d error codes in the catalog: did spec.Load find the profiles?", codes)
	}
	for _, b := range undescribed(c) {
		t.Error(b)
	}
}

// The check can fail: it rejects an operation with an undescribed code, a
// description that is not a condition and one that cites a source file, and
// accepts a fully described one (invalid_input's default counts).
func TestUndescribedRejectsAndAccepts(t *testing.T) {
	load := func(errorDocs string) *spec.Catalog {
		t.Helper()
		c, err := spec.LoadFS(fstest.MapFS{"x/operations.yaml": {Data: []byte(`profile: x
operations:
  - name: x.op
    errors: [invalid_input, out_of_range, invalid_thing]
` + errorDocs + `
    input: {type: object}
    output: {type: object}
`)}})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for name, tc := range map[string]struct {
		docs string
		want string // a fragment of the one complaint; "" for none
	}{
		"one missing":     {`    error_docs: {out_of_range: when the year is past 9999}`, "x.op invalid_thing: no description"},
		"not a condition": {`    error_docs: {out_of_range: when the year is past 9999, invalid_thing: it is bad}`, "does not say when"},
		"source file":     {`    error_docs: {out_of_range: when reference/x/ops.go says so, invalid_thing: never}`, "names a reference source file"},
		"all described":   {`    error_docs: {out_of_range: for a year past 9999, invalid_thing: never (the reference does not answer it)}`, ""},
	} {
		bad := undescribed(load(tc.docs))
		switch {
		case tc.want == "" && len(bad) != 0:
			t.Errorf("%s: want no complaint, got %q", name, bad)
		case tc.want != "" && (len(bad) != 1 || !strings.Contains(bad[0], tc.want)):
			t.Errorf("%s: want one complaint containing %q, got %q", name, tc.want, bad)
		}
	}
}
