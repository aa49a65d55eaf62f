package main

import (
	"strings"
	"testing"

	"github.com/clockspec/clockspec/spec"
)

// Every profile page lists each error code of each operation with the text
// that says when it applies, and no generated file falls back to "(not
// described)".
func TestProfilePagesDescribeEveryErrorCode(t *testing.T) {
	f := files(t)
	cat, err := spec.LoadFS(mustSub(t, "spec"))
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, p := range cat.Profiles {
		md := string(f["docs/profiles/"+p.Name+".md"])
		for _, op := range p.Operations {
			for _, code := range op.Errors {
				line := "- " + mdCode(code) + ": " + mdText(op.ErrorDocs[code]) + "\n"
				if op.ErrorDocs[code] == "" || !strings.Contains(md, line) {
					t.Errorf("%s: %s %s is not described on the page", p.Name, op.Name, code)
					continue
				}
				listed++
			}
		}
	}
	if listed == 0 {
		t.Fatal("no error code found on any profile page")
	}
	for name, b := range f {
		if strings.Contains(string(b), "(not described)") {
			t.Errorf("%s shows an error code as (not described)", name)
		}
	}
}
