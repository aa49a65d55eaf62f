package selection_test

import (
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/reference"
)

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

// --tags reads Cucumber tag expressions and godog's older form alike, and
// what Selection lists is exactly what a run runs.
func TestTagExpressions(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, sc := range suite.Scenarios {
		if hasTag(sc.Tags, "@v1") && !hasTag(sc.Tags, "@decision") {
			want = append(want, sc.ID)
		}
	}
	if len(want) == 0 {
		t.Fatal("no @v1 scenario without @decision")
	}
	for _, expr := range []string{"@v1 and not @decision", "@v1&&~@decision", "not @decision and (@v1)"} {
		sel, err := selection.Of(suite, selection.Filter{Tags: expr})
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		var got []string
		for _, sc := range sel {
			got = append(got, sc.ID)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s selects %d scenarios, want %d", expr, len(got), len(want))
		}
	}
	// An or across profiles, with the old comma form.
	a, _ := selection.Of(suite, selection.Filter{Tags: "@v1 or @datetime"})
	b, _ := selection.Of(suite, selection.Filter{Tags: "@v1,@datetime"})
	v1, _ := selection.Of(suite, selection.Filter{Tags: "@v1"})
	if len(a) != len(b) || len(a) <= len(v1) {
		t.Errorf("or: %d and %d scenarios, @v1 alone %d", len(a), len(b), len(v1))
	}
	// The run runs what the selection lists, no more, no less.
	rep := run(t, reference.New(), conformance.Options{Tags: "@v1 and not @decision"})
	if len(rep.Scenarios) != len(want) || !rep.OK() {
		t.Errorf("the run has %d scenarios (ok %v), the selection %d", len(rep.Scenarios), rep.OK(), len(want))
	}
	for _, s := range rep.Scenarios {
		if !strings.HasPrefix(s.ID, "v1/") {
			t.Errorf("%s ran", s.ID)
		}
	}
	for _, bad := range []string{"@v1 and", "@v1 and (", "v1", "@v1 or or", "@no-such-tag", "not @nope"} {
		if _, err := selection.Of(suite, selection.Filter{Tags: bad}); err == nil {
			t.Errorf("--tags %q accepted", bad)
		}
	}
}

// A conversation profile's tag is unknown to a run of operations (its
// scenarios are not loaded there), and the refusal says which command
// runs them; any other unknown tag gets no such hint.
func TestConversationTagPointsAtConformAgent(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	err = selection.CheckTags(suite, "@clock-agent")
	if err == nil || !strings.Contains(err.Error(), "clock-agent's conversations are run by conform agent") {
		t.Errorf("@clock-agent: %v, want a refusal naming conform agent", err)
	}
	err = selection.CheckTags(suite, "@no-such-tag")
	if err == nil || strings.Contains(err.Error(), "conform agent") {
		t.Errorf("@no-such-tag: %v, want a refusal without the hint", err)
	}
}
