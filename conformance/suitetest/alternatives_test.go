package suitetest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// operationProfiles are the profiles whose requirements are judged on
// operation calls (clock-agent's are judged on conversations: its own
// strength tests cover it).
var operationProfiles = []string{"v1", "datetime", "timestamps", "routing", "clock-core", "clock-awareness"}

// TestEveryOpenChoiceIsASwitch: every requirement that is not a must names
// the answers the seed also permits, or says why there is none, and every
// named alternative is a switch built here (and every switch is named).
func TestEveryOpenChoiceIsASwitch(t *testing.T) {
	cat, _ := load(t)
	built := map[string]bool{}
	for _, a := range alternatives() {
		if a.req == "" {
			t.Errorf("switch %q takes no requirement's choice the other way", a.name)
			continue
		}
		built[a.req+"\x00"+a.name] = true
	}
	named := map[string]bool{}
	var without []string
	for _, p := range operationProfiles {
		prof, ok := cat.Profile(p)
		if !ok {
			t.Fatalf("no profile %s", p)
		}
		for _, r := range prof.Requirements {
			if r.Strength == spec.Must {
				continue
			}
			if len(r.Alternatives) == 0 && r.NoAlternative == "" {
				without = append(without, r.ID)
			}
			for _, a := range r.Alternatives {
				named[r.ID+"\x00"+a] = true
				if !built[r.ID+"\x00"+a] {
					t.Errorf("%s names the alternative %q, but no switch of the reference answers so", r.ID, a)
				}
			}
		}
	}
	for k := range built {
		if !named[k] {
			req, name, _ := strings.Cut(k, "\x00")
			t.Errorf("the switch %q is not among %s's alternatives: in requirements.yaml", name, req)
		}
	}
	sort.Strings(without)
	for id := range notYetSwitched {
		if !slices.Contains(without, id) {
			t.Errorf("%s is listed as not yet switched, but names its alternatives now: take it off notYetSwitched", id)
		}
	}
	for _, id := range without {
		if notYetSwitched[id] {
			continue
		}
		t.Errorf("%s is not a must, yet names no permitted alternative (alternatives:) and no reason why there is none (no_alternative:)", id)
	}
}

// notYetSwitched are the requirements whose open choice has no switch
// yet: a list that may only shrink (a requirement that names its
// alternatives must leave it).
var notYetSwitched = map[string]bool{}

// requiredTier is the tag expression of a profile's required tier.
func requiredTier(profile string) string {
	return "@" + profile + "&&~@decision&&~@recommended&&~@extension"
}

// TestRequiredTierAcceptsEveryAlternative: the reference behind each
// permitted alternative passes every required scenario of its profile at
// the default level (exact, goldens compared apart from the points the
// scenario leaves open), and fails at least one scenario of its own
// requirement, in that requirement's tier: the choice is pinned where it
// belongs and nowhere else.
func TestRequiredTierAcceptsEveryAlternative(t *testing.T) {
	cat, _ := load(t)
	for _, a := range alternatives() {
		r, ok := cat.Requirement(a.req)
		if !ok {
			t.Errorf("switch %q: no requirement %s", a.name, a.req)
			continue
		}
		t.Run(a.req+"/"+a.name, func(t *testing.T) {
			t.Parallel()
			failed := runTier(t, a, requiredTier(a.profile))
			for _, s := range failed {
				t.Errorf("required scenario %s rejects this permitted answer: %s", s.ID, firstLine(s.Problem))
			}
			own := runTier(t, a, fmt.Sprintf("@req:%s&&(@decision,@recommended,@extension)", a.req))
			if len(own) == 0 {
				t.Errorf("no scenario of %s (%s) tells this switch from the kit's choice: the choice is not pinned", a.req, r.Strength)
			}
		})
	}
}

func runTier(t *testing.T, a alternative, tags string) []conformance.ScenarioResult {
	t.Helper()
	return dtFailed(runExact(t, a.impl, tags))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// pinsOnlyMusts counts, per profile, the recommended, decision and
// extension scenarios that cite no requirement but musts: each pins a
// choice no requirement names, so no switch of the reference takes it the
// other way and the build cannot prove the required tier leaves it open.
// The counts may only fall: a new such scenario fails the build (cite the
// requirement whose choice it pins, or write that requirement).
var pinsOnlyMusts = map[string]int{"clock-awareness": 92, "clock-core": 217, "routing": 69, "timestamps": 7, "v1": 42}

func TestEveryPinnedChoiceNamesItsRequirement(t *testing.T) {
	cat, suite := load(t)
	got := map[string]int{}
	var first = map[string]string{}
	for _, sc := range suite.Scenarios {
		if sc.Tier == features.Required || !slices.Contains(operationProfiles, sc.Profile) {
			continue
		}
		open := false
		for _, id := range sc.Reqs {
			if r, ok := cat.Requirement(id); ok && r.Strength != spec.Must {
				open = true
			}
		}
		if !open {
			got[sc.Profile]++
			if first[sc.Profile] == "" {
				first[sc.Profile] = sc.ID
			}
		}
	}
	for _, p := range operationProfiles {
		switch {
		case got[p] > pinsOnlyMusts[p]:
			t.Errorf("%s: %d %s scenarios cite only must requirements (at most %d), e.g. %s: cite the requirement whose open choice each pins",
				p, got[p], "non-required", pinsOnlyMusts[p], first[p])
		case got[p] < pinsOnlyMusts[p]:
			t.Errorf("%s: %d non-required scenarios cite only must requirements, fewer than %d: lower pinsOnlyMusts", p, got[p], pinsOnlyMusts[p])
		}
	}
}
