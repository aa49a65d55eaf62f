package features

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func load(t *testing.T, files map[string]string) (*Suite, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	return Load(fsys)
}

const tiered = `@p
Feature: tiers
  @id:p/t/plain
  Scenario: required by default
    When nothing

  @recommended @id:p/t/recommended
  Scenario: what the seed recommends
    When nothing recommended

  @decision @id:p/t/decided
  Scenario: pinned where the seed is silent
    When nothing else

  @extension @id:p/t/extended
  Scenario: beyond the seed
    When something more

  @id:p/t/rows
  Scenario Outline: rows
    When <x>

    Examples:
      | case | x |
      | a    | y |

    @extension
    Examples:
      | case | x |
      | b    | z |
`

func TestTierByTag(t *testing.T) {
	s, err := load(t, map[string]string{"p/t.feature": tiered})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Tier{"p/t/plain": Required, "p/t/recommended": Recommended, "p/t/decided": Decision, "p/t/extended": Extension,
		"p/t/rows/a": Required, "p/t/rows/b": Extension}
	for id, tier := range want {
		sc, ok := s.ByID(id)
		if !ok {
			t.Fatalf("no scenario %s", id)
		}
		if sc.Tier != tier || sc.Decision != (tier == Decision) {
			t.Errorf("%s: tier %q (decision %v), want %q", id, sc.Tier, sc.Decision, tier)
		}
	}
}

func TestTwoTierTagsAreRefused(t *testing.T) {
	cases := map[string]struct{ body, want string }{
		"on the scenario": {`@p
Feature: f
  @id:p/f/ok
  Scenario: ok
    When nothing

  @decision
  @extension @id:p/f/both
  Scenario: both
    When something
`, "p/f.feature:9: scenario \"p/f/both\" has two tier tags (decision and extension)"},
		"one inherited from the feature": {`@p @extension
Feature: f
  @id:p/f/ok
  @decision
  Scenario: ok
    When nothing
`, "p/f.feature:5: scenario \"p/f/ok\" has two tier tags (extension and decision)"},
		"one on an examples table": {`@p
Feature: f
  @id:p/f/plain
  Scenario: plain
    When nothing

  @decision @id:p/f/rows
  Scenario Outline: rows
    When <x>

    @extension
    Examples:
      | case | x |
      | a    | y |
`, "p/f.feature:14: scenario \"p/f/rows/a\" has two tier tags (decision and extension)"},
		"recommended and decision": {`@p
Feature: f
  @id:p/f/ok
  Scenario: ok
    When nothing

  @recommended @decision @id:p/f/both
  Scenario: both
    When something
`, "p/f.feature:8: scenario \"p/f/both\" has two tier tags (recommended and decision)"},
	}
	for name, c := range cases {
		_, err := load(t, map[string]string{"p/f.feature": c.body})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", name, err, c.want)
		}
	}
}

func TestProfileWithoutRequiredScenarioIsRefused(t *testing.T) {
	only := `@q
Feature: f
  @decision @id:q/f/a
  Scenario: a
    When nothing

  @extension @id:q/f/b
  Scenario: b
    When something
`
	_, err := load(t, map[string]string{"p/t.feature": tiered, "q/f.feature": only})
	if err == nil || !strings.Contains(err.Error(), "profile q (q/f.feature) has no required scenario") {
		t.Fatalf("got %v, want the profile without a required scenario named", err)
	}
}

// The embedded suite loads: no scenario there has two tier tags and every
// profile has required scenarios.
func TestEmbeddedSuiteHasFourTiers(t *testing.T) {
	s, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	n := map[Tier]int{}
	for _, sc := range s.Scenarios {
		n[sc.Tier]++
	}
	if n[Required] == 0 || n[Recommended] == 0 || n[Decision] == 0 || n[Extension] == 0 ||
		n[Required]+n[Recommended]+n[Decision]+n[Extension] != len(s.Scenarios) {
		t.Errorf("tiers %v of %d scenarios", n, len(s.Scenarios))
	}
}

// calledOperation reads what the expression `^I call "([^"]+)" with`
// captures, on every step of the suite and on texts at its edges.
func TestCalledOperationIsTheCallExpression(t *testing.T) {
	expr := regexp.MustCompile(`^I call "([^"]+)" with`)
	texts := []string{`I call "v1.escape_xml" with {}`, `I call "" with {}`, `I call "a"with`, `I call "a" without`,
		`I call "a" wit`, `I call "a`, `I call "a"" with`, `I call "a b" with`, `I call`, ` I call "a" with`,
		`I call "é" with`, `When I call "a" with`, `I call "a" with "b" with`}
	s, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range s.Scenarios {
		for _, st := range sc.Steps {
			texts = append(texts, st.Text)
		}
	}
	calls := 0
	for _, text := range texts {
		op, ok := calledOperation(text)
		m := expr.FindStringSubmatch(text)
		if ok != (m != nil) || (ok && op != m[1]) {
			t.Errorf("%q: calledOperation says %q, %v; the expression %q", text, op, ok, m)
		}
		if ok {
			calls++
		}
	}
	if calls < 1000 {
		t.Errorf("only %d call steps read: the comparison saw too few", calls)
	}
}

// Find builds the scenario Load builds, from its own file alone: a plain
// scenario, an outline's row, and none for an id no scenario has (an
// outline's own id included: its rows are the scenarios).
func TestFindIsLoadsScenario(t *testing.T) {
	suite, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for i, want := range suite.Scenarios {
		if i%37 != 0 && want.ID != "v1/escape-xml/ampersand" {
			continue
		}
		got, ok, err := Find(FS(), want.ID)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", want.ID, ok, err)
		}
		if got.ID != want.ID || got.URI != want.URI || got.Line != want.Line || got.Name != want.Name || got.Description != want.Description ||
			!slices.Equal(got.Tags, want.Tags) || got.Tier != want.Tier || len(got.Steps) != len(want.Steps) || got.fingerprint != want.fingerprint {
			t.Errorf("%s: Find gives %+v\nLoad gives %+v", want.ID, got, want)
		}
		if want.ID != want.BaseID {
			rows++
		}
	}
	if rows == 0 {
		t.Error("no outline row was found")
	}
	for _, id := range []string{"v1/escape-xml/ampersnd", "v1/timezone/format-exact", "nowhere/at/all", ""} {
		if sc, ok, err := Find(FS(), id); ok || err != nil {
			t.Errorf("%q: found %v (%v)", id, sc, err)
		}
	}
}

// FindRows builds, from the outline's own file alone, the rows Load builds
// for every outline of the suite, in order; and none for an id that is no
// outline's: a plain scenario's, a row's, or the common prefix of several
// scenarios that are not an outline's rows.
func TestFindRowsIsLoadsRows(t *testing.T) {
	suite, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	var order []string
	for _, sc := range suite.Scenarios {
		if sc.ID != sc.BaseID {
			if want[sc.BaseID] == nil {
				order = append(order, sc.BaseID)
			}
			want[sc.BaseID] = append(want[sc.BaseID], sc.ID)
		}
	}
	if len(order) < 100 {
		t.Fatalf("only %d outlines in the suite", len(order))
	}
	for i, id := range order {
		if i%7 != 0 && id != "timestamps/timezone/rails-names" {
			continue
		}
		rows, err := FindRows(FS(), id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.ID)
		}
		if !slices.Equal(got, want[id]) {
			t.Errorf("%s: FindRows gives %v, Load %v", id, got, want[id])
		}
	}
	for _, id := range []string{"v1/escape-xml/ampersand", "timestamps/timezone/rails-names/hawaii", "v1/trigger/word-character-after", "v1/escape-xml", "nowhere/at/all", ""} {
		if rows, err := FindRows(FS(), id); len(rows) > 0 || err != nil {
			t.Errorf("%q: rows %d (%v)", id, len(rows), err)
		}
	}
}
