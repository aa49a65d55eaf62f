package spec_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/spec"
)

// A requirement's strength is typed data: each of the five loads, with the
// seed's words where the strength is the seed's; an unknown or missing
// strength, or a must/should/may without a quote, stops the load with an
// error that names the file, the requirement and what is wanted.
func TestRequirementStrengthLoads(t *testing.T) {
	load := func(req string) (*spec.Catalog, error) {
		return spec.LoadFS(fstest.MapFS{
			"x/operations.yaml":   {Data: []byte("profile: x\noperations:\n  - name: x.op\n    requirements: [X-1]\n    input: {type: object}\n    output: {type: object}\n")},
			"x/requirements.yaml": {Data: []byte("profile: x\nrequirements:\n  - " + req + "\n")},
		})
	}
	for _, c := range []struct {
		req      string
		strength spec.Strength
		want     string // a fragment of the error; "" when it loads
	}{
		{`{id: X-1, source: s, text: t, strength: must, seed: "The tool MUST answer."}`, spec.Must, ""},
		{`{id: X-1, source: s, text: t, strength: should, seed: "It SHOULD answer."}`, spec.Should, ""},
		{`{id: X-1, source: s, text: t, strength: may, seed: "It MAY answer."}`, spec.May, ""},
		{`{id: X-1, source: s, text: t, strength: decision}`, spec.Decision, ""},
		{`{id: X-1, source: s, text: t, strength: extension}`, spec.Extension, ""},
		{`{id: X-1, source: s, text: t, strength: required, seed: q}`, "", `x/requirements.yaml: requirement X-1: unknown strength "required" (want must, should, may, decision or extension)`},
		{`{id: X-1, source: s, text: t}`, "", "requirement X-1: no strength (want must, should, may, decision or extension)"},
		{`{id: X-1, source: s, text: t, strength: must}`, "", "requirement X-1 is must but quotes no seed text"},
		{`{id: X-1, source: s, text: t, strength: should, seed: "  "}`, "", "requirement X-1 is should but quotes no seed text"},
	} {
		cat, err := load(c.req)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.req, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error containing %q", c.req, err, c.want)
		case c.want == "":
			if r, _ := cat.Requirement("X-1"); r.Strength != c.strength {
				t.Errorf("%s: strength %q, want %q", c.req, r.Strength, c.strength)
			}
		}
	}
}

// The strongest tier each strength allows its scenarios.
func TestStrengthMaxTier(t *testing.T) {
	want := map[spec.Strength]string{spec.Must: "required", spec.Should: "recommended", spec.May: "recommended",
		spec.Decision: "decision", spec.Extension: "extension"}
	for _, s := range spec.Strengths {
		if got := s.MaxTier(); got != want[s] {
			t.Errorf("%s: %s, want %s", s, got, want[s])
		}
	}
}

// Every requirement of the embedded spec has a strength.
func TestEmbeddedRequirementsHaveAStrength(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := map[spec.Strength]int{}
	for _, p := range cat.Profiles {
		for _, r := range p.Requirements {
			n[r.Strength]++
		}
	}
	for _, s := range []spec.Strength{spec.Must, spec.Should, spec.May, spec.Decision, spec.Extension} {
		if n[s] == 0 {
			t.Errorf("no requirement is %s: %v", s, n)
		}
	}
}
