package spec_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/spec"
)

// Every error code of compute_next_run says when it applies, and
// error_docs cannot document a code the operation does not have.
func TestErrorDocs(t *testing.T) {
	c, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	op, ok := c.Operation("v1.compute_next_run")
	if !ok {
		t.Fatal("no v1.compute_next_run")
	}
	for _, code := range op.Errors {
		if doc := op.ErrorDocs[code]; !strings.HasPrefix(doc, "when") && !strings.HasPrefix(doc, "for ") {
			t.Errorf("%s: %q does not say when it applies: %q", op.Name, code, doc)
		}
	}
	for _, p := range c.Profiles {
		for _, o := range p.Operations {
			for _, code := range o.Errors {
				if code == "invalid_input" && o.ErrorDocs[code] == "" {
					t.Errorf("%s: invalid_input has no description", o.Name)
				}
			}
		}
	}
	bad := fstest.MapFS{"x/operations.yaml": {Data: []byte(`profile: x
operations:
  - name: x.op
    errors: [invalid_input]
    error_docs: {no_such_code: when never}
    input: {type: object}
    output: {type: object}
`)}}
	if _, err := spec.LoadFS(bad); err == nil || !strings.Contains(err.Error(), "no_such_code") {
		t.Errorf("an error_docs entry for a code the operation lacks: %v", err)
	}
	good := fstest.MapFS{"x/operations.yaml": {Data: []byte(`profile: x
operations:
  - name: x.op
    errors: [invalid_input]
    input: {type: object}
    output: {type: object}
`)}}
	if _, err := spec.LoadFS(good); err != nil {
		t.Errorf("a spec without error_docs must still load: %v", err)
	}
}
