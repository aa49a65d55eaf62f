package suitetest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/internal/jsonin"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// These tests hold spec/, features/ and the reference to each other, so that
// a requirement without a scenario, a scenario citing nothing, or a schema
// that disagrees with the reference is caught before it reaches a user.

func load(t *testing.T) (*spec.Catalog, *features.Suite) {
	t.Helper()
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	return cat, suite
}

func TestEveryRequirementHasAScenarioAndEveryCitationExists(t *testing.T) {
	cat, suite := load(t)
	cited := map[string]int{}
	for _, sc := range suite.Scenarios {
		for _, r := range sc.Reqs {
			if _, ok := cat.Requirement(r); !ok {
				t.Errorf("%s cites @req:%s, which spec/ does not define", sc.ID, r)
			}
			cited[r]++
		}
	}
	for _, p := range cat.Profiles {
		if len(p.Requirements) == 0 {
			t.Errorf("profile %s has no requirement catalog", p.Name)
		}
		for _, r := range p.Requirements {
			if cited[r.ID] == 0 {
				t.Errorf("requirement %s (%s) has no scenario", r.ID, p.Name)
			}
		}
	}
}

func TestV1TranscribesExactly54Cases(t *testing.T) {
	_, suite := load(t)
	sel, err := selection.Of(suite, selection.Filter{Tags: "@v1-case"})
	if err != nil {
		t.Fatal(err)
	}
	if len(sel) != 54 {
		t.Errorf("%d scenarios carry @v1-case; V1-RESTORED.md lists 54 v1 test cases", len(sel))
	}
	origins := map[string]string{}
	for _, sc := range sel {
		if len(sc.Origins) != 1 {
			t.Errorf("%s: a transcribed case needs exactly one @origin tag, has %v", sc.ID, sc.Origins)
			continue
		}
		if prev, dup := origins[sc.Origins[0]]; dup {
			t.Errorf("%s and %s share origin %s", prev, sc.ID, sc.Origins[0])
		}
		origins[sc.Origins[0]] = sc.ID
		if !strings.Contains(sc.Description, "Origin: src/v1/") {
			t.Errorf("%s: the description must name the v1 source (Origin: src/v1/…)", sc.ID)
		}
	}
}

func TestEveryDecisionSaysWhy(t *testing.T) {
	_, suite := load(t)
	n := 0
	for _, sc := range suite.Scenarios {
		if sc.Tier != features.Required {
			n++
			if len(sc.Description) < 20 {
				t.Errorf("%s is a @%s without a reason in its description", sc.ID, sc.Tier)
			}
		}
	}
	if n == 0 {
		t.Error("no @decision scenarios at all")
	}
}

// TestSchemasAgreeWithTheReference replays every call of the suite: an input
// the reference refuses as invalid_input must break the input schema, and
// every other input must satisfy it. Every operation must be exercised. A
// repeated key is the exception: JSON Schema sees the decoded object, in
// which the repetition is already gone.
func TestSchemasAgreeWithTheReference(t *testing.T) {
	cat, _ := load(t)
	used := map[string]int{}
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, n int, op string, input json.RawMessage, res protocol.Result) {
			used[op]++
			o, ok := cat.Operation(op)
			if !ok {
				t.Errorf("%s calls unknown operation %s", sc.ID, op)
				return
			}
			schemaErr := o.ValidateInput(input)
			refused := res.Error != nil && res.Error.Code == protocol.CodeInvalidInput
			if refused && schemaErr == nil && !jsonin.RepeatsAKey(input) {
				t.Errorf("%s call %d: the reference refuses %s as invalid_input (%s) but the input schema accepts it", sc.ID, n, input, res.Error.Message)
			}
			if !refused && schemaErr != nil {
				t.Errorf("%s call %d: the input schema refuses an input the reference answers: %v", sc.ID, n, schemaErr)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	hello := reference.New().Hello()
	implemented := map[string]bool{}
	for _, op := range hello.Operations {
		implemented[op] = true
		if _, ok := cat.Operation(op); !ok {
			t.Errorf("the reference implements %s, which spec/ does not define", op)
		}
	}
	for _, p := range cat.Profiles {
		for _, op := range p.Operations {
			if !implemented[op.Name] {
				t.Errorf("the reference does not implement %s", op.Name)
			}
			if used[op.Name] == 0 {
				t.Errorf("no scenario calls %s", op.Name)
			}
		}
	}
}

// TestReferencePassesUnderGoTest runs the suite with godog's testing
// integration: one subtest per scenario, so `go test -run` can target one.
func TestReferencePassesUnderGoTest(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Goldens: goldensFS(), TestingT: t,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatal("the reference fails its own suite")
	}
	if rep.SchemaValidated == 0 {
		t.Fatal("no response was schema-validated")
	}
}
