package suitetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// The seed's own strength decides a scenario's tier: a scenario may be no
// stronger than the strongest requirement it cites (must → required,
// should and may → recommended, decision, extension), and a required
// scenario stands on a must requirement that quotes the seed's own words.

// seedOf names the seed text each profile's quotes come from: its file
// name's prefix in a folder of the seeds as the kit received them.
var seedOf = map[string][]string{
	"v1":              {"000_", "V1-RESTORED.md"}, // seed 000 and v1's code as restored
	"routing":         {"001_"},
	"timestamps":      {"002_"},
	"datetime":        {"003_"},
	"clock-core":      {"004_"},
	"clock-awareness": {"004_"},
	"clock-agent":     {"004_"},
}

// seedTexts reads the seeds a quote is checked against, normalised
// (normQuote): seed 004 always, from its copy in spec/clock-core; the
// others when CLOCKSPEC_SEEDS names the folder that holds them (a profile
// whose seed is not there has its quotes checked for form only).
func seedTexts(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	b, err := os.ReadFile(filepath.Join("..", "..", "spec", "clock-core", "seed-004.txt"))
	if err != nil {
		t.Fatalf("seed 004: %v", err)
	}
	out["004_"] = normQuote(string(b))
	dir := os.Getenv("CLOCKSPEC_SEEDS")
	if dir == "" {
		return out
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("CLOCKSPEC_SEEDS: %v", err)
	}
	for _, e := range entries {
		for _, names := range seedOf {
			for _, prefix := range names {
				if strings.HasPrefix(e.Name(), prefix) {
					b, err := os.ReadFile(filepath.Join(dir, e.Name()))
					if err != nil {
						t.Fatal(err)
					}
					out[prefix] = normQuote(string(b))
				}
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "..", "V1-RESTORED.md")); err == nil && out["V1-RESTORED.md"] == "" {
		out["V1-RESTORED.md"] = normQuote(string(b))
	}
	return out
}

// normQuote makes a quote and its seed comparable: typographic quotes as
// plain ones, Markdown emphasis and code marks dropped, white space one
// space (a quote may span the seed's lines and list marks).
func normQuote(s string) string {
	s = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`, "*", "", "`", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// quoteProblem says why a requirement's seed quote does not stand as the
// seed's words ("" when it does): it is missing, too short to fix
// anything, names a convention of the kit's instead of the seed, or is not
// in the profile's seed (when that seed is at hand). Parts of one passage
// may be joined by "…".
func quoteProblem(r *spec.Requirement, seeds map[string]string) string {
	q := normQuote(r.Seed)
	switch {
	case q == "":
		return "quotes no seed text"
	case strings.Contains(strings.ToLower(q), "convention"):
		return fmt.Sprintf("quotes %q, a convention, not the seed", r.Seed)
	case len(q) < 12:
		return fmt.Sprintf("quotes %q, too little of the seed to fix an answer", r.Seed)
	}
	var texts []string
	for _, prefix := range seedOf[r.Profile] {
		if s, ok := seeds[prefix]; ok {
			texts = append(texts, s)
		}
	}
	if len(texts) == 0 {
		return "" // the seed is not at hand: the form alone is checked
	}
	for _, part := range strings.Split(q, "…") {
		part = strings.TrimSpace(part)
		found := false
		for _, text := range texts {
			found = found || strings.Contains(text, part)
		}
		if part != "" && !found {
			return fmt.Sprintf("quotes %q, which the seed does not say", part)
		}
	}
	return ""
}

// strengthProblems lists every scenario whose tier is stronger than its
// requirements allow, every required scenario without a must requirement
// quoting the seed, and every quoting requirement whose quote is not the
// seed's.
func strengthProblems(scenarios []*features.Scenario, reqs []*spec.Requirement, seeds map[string]string) []string {
	var out []string
	byID := map[string]*spec.Requirement{}
	for _, r := range reqs {
		byID[r.ID] = r
		if r.Strength.Quoted() {
			if p := quoteProblem(r, seeds); p != "" {
				out = append(out, fmt.Sprintf("requirement %s (%s) %s", r.ID, r.Strength, p))
			}
		}
	}
	for _, sc := range scenarios {
		strongest := features.Tier("")
		var quoted []string
		var why []string
		for _, id := range sc.Reqs {
			r, ok := byID[id]
			if !ok {
				continue // TestEveryRequirementHasAScenarioAndEveryCitationExists reports it
			}
			max := features.Tier(r.Strength.MaxTier())
			if strongest == "" || max.Rank() < strongest.Rank() {
				strongest = max
			}
			if r.Strength == spec.Must {
				if p := quoteProblem(r, seeds); p == "" {
					quoted = append(quoted, r.ID)
				} else {
					why = append(why, r.ID+" "+p)
				}
			}
		}
		if strongest == "" {
			if sc.Tier == features.Required {
				out = append(out, fmt.Sprintf("%s is required but cites no requirement: no seed text fixes its answer", sc.ID))
			}
			continue
		}
		if sc.Tier.Rank() < strongest.Rank() {
			out = append(out, fmt.Sprintf("%s is %s, stronger than its requirements (%s) allow: at most %s",
				sc.ID, sc.Tier, strings.Join(sc.Reqs, ", "), strongest))
			continue
		}
		if sc.Tier == features.Required && len(quoted) == 0 {
			out = append(out, fmt.Sprintf("%s is required but no requirement it cites quotes the seed text that fixes its answer (%s)",
				sc.ID, strings.Join(why, "; ")))
		}
	}
	return out
}

func allRequirements(cat *spec.Catalog) []*spec.Requirement {
	var out []*spec.Requirement
	for _, p := range cat.Profiles {
		out = append(out, p.Requirements...)
	}
	return out
}

func TestTierIsNoStrongerThanTheSeed(t *testing.T) {
	cat, suite := load(t)
	for _, p := range strengthProblems(suite.Scenarios, allRequirements(cat), seedTexts(t)) {
		t.Error(p)
	}
}

// The strength test fails on a planted scenario of each kind it exists to
// catch, and passes the same scenario at the tier its requirements allow.
func TestStrengthTestRejectsPlantedScenarios(t *testing.T) {
	cat, _ := load(t)
	seeds := seedTexts(t)
	reqs := allRequirements(cat)
	convention := &spec.Requirement{ID: "PLANTED-CONVENTION", Profile: "timestamps", Strength: spec.Must,
		Seed: "profile convention (the seed reads created_at from the database)"}
	unquoted := &spec.Requirement{ID: "PLANTED-UNQUOTED", Profile: "clock-core", Strength: spec.Must,
		Seed: "Stored times MUST be written in UTC with a Z"}
	reqs = append(reqs, convention, unquoted)
	plant := func(tier features.Tier, req string) *features.Scenario {
		return &features.Scenario{ID: "planted/" + string(tier) + "/" + req, Tier: tier, Reqs: []string{req}}
	}
	for _, c := range []struct {
		sc   *features.Scenario
		want string // "" when the scenario must pass
	}{
		{plant(features.Required, "PLANTED-CONVENTION"), "a convention, not the seed"},
		{plant(features.Required, "PLANTED-UNQUOTED"), "which the seed does not say"},
		{plant(features.Required, "TS-INSTANT"), "stronger than its requirements"},
		{plant(features.Required, "CLK-WRAP-ACK"), "at most recommended"},
		{plant(features.Recommended, "DT-DEC-LOCALE"), "at most decision"},
		{plant(features.Extension, "AW-INPUT-STRICT"), ""},
		{plant(features.Recommended, "CLK-WRAP-ACK"), ""},
		{plant(features.Decision, "TS-INSTANT"), ""},
		{plant(features.Required, "CLK-TZ-PRECEDENCE"), ""},
		{&features.Scenario{ID: "planted/none", Tier: features.Required}, "cites no requirement"},
	} {
		checkPlanted(t, c.sc, c.want, reqs, seeds)
	}
}

// checkPlanted runs the strength rule on one planted scenario: want is ""
// when the scenario must pass, else a part of the one problem expected.
func checkPlanted(t *testing.T, sc *features.Scenario, want string, reqs []*spec.Requirement, seeds map[string]string) {
	t.Helper()
	var got []string
	for _, p := range strengthProblems([]*features.Scenario{sc}, reqs, seeds) {
		if strings.HasPrefix(p, sc.ID+" ") {
			got = append(got, p)
		}
	}
	switch {
	case want == "" && len(got) > 0:
		t.Errorf("%s: %v, want no problem", sc.ID, got)
	case want != "" && (len(got) != 1 || !strings.Contains(got[0], want)):
		t.Errorf("%s: %v, want one problem containing %q", sc.ID, got, want)
	}
}
