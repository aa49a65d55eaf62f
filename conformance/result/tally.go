package result

import (
	"sort"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// ProfileSummary counts one profile's results.
type ProfileSummary struct {
	Profile       string `json:"profile"`
	Claimed       bool   `json:"claimed"`
	Scenarios     int    `json:"scenarios"`
	CompatPassed  int    `json:"compat_passed"`
	CompatFailed  int    `json:"compat_failed"`
	ExactPassed   int    `json:"exact_passed"`
	ExactFailed   int    `json:"exact_failed"`
	NotClaimedCnt int    `json:"not_claimed"`
	// Faults counts the failed scenarios that crashed, timed out or broke
	// the protocol rather than answering wrongly.
	Faults int `json:"faults"`
	// Passed and Failed count at the run's level; KnownFailing of the
	// failed were listed as known failing; Flaky scenarios needed a retry.
	Passed       int `json:"passed"`
	Failed       int `json:"failed"`
	KnownFailing int `json:"known_failing,omitempty"`
	Flaky        int `json:"flaky,omitempty"`
	// MissingOps are the profile's operations the implementation lacks
	// (why it is not claimed).
	MissingOps []string `json:"missing_operations,omitempty"`
	// The tiers graded apart, at the run's level: required scenarios
	// passed, recommendations, decisions and extensions followed. The
	// profile is conformed to when every required scenario passed
	// (Conforms).
	Required    TierCount `json:"required"`
	Recommended TierCount `json:"recommended"`
	Decisions   TierCount `json:"decisions"`
	Extensions  TierCount `json:"extensions"`
}

// TierCount is one tier of one profile: how many of its scenarios ran,
// how many passed, and the ids of those that failed.
type TierCount struct {
	Passed  int      `json:"passed"`
	Total   int      `json:"total"`
	Failing []string `json:"failing,omitempty"`
}

// All reports whether every scenario of the tier that ran passed.
func (t TierCount) All() bool { return t.Passed == t.Total }

// Tier is the count of one tier.
func (p *ProfileSummary) Tier(t features.Tier) *TierCount {
	switch t {
	case features.Recommended:
		return &p.Recommended
	case features.Decision:
		return &p.Decisions
	case features.Extension:
		return &p.Extensions
	}
	return &p.Required
}

// Conforms reports whether the profile is claimed and every one of its
// required scenarios ran and passed at the run's level. A partial run
// says so elsewhere (Report.Complete).
func (p *ProfileSummary) Conforms() bool {
	return p.Claimed && p.Required.Total > 0 && p.Required.Passed == p.Required.Total
}

// Totals count a run's scenarios by their outcome at its level
// (Report.Outcome): what the summary's closing line says.
type Totals struct {
	Passed       int // passed, on no known list (or known flaky, passing at once)
	Failed       int // failed, on no known list, of a tier the run requires
	KnownFailing int // failed, as their known-failing list says
	Fixed        int // passed although listed as known failing
	Flaky        int // known flaky, run a second time
	// NotFollowed: recommendations, decisions and extensions that failed
	// where the run does not require their tier.
	NotFollowedRecommended, NotFollowedDecisions, NotFollowedExtensions int
}

// Tally counts a report's scenarios in one pass: each profile's counts at
// both levels, at the run's level and per tier (the profiles of the
// scenarios, in name order, each keeping the Claimed and MissingOps of its
// entry in r.Profiles), and the run's totals by outcome. It is the one
// place verdicts are counted: Recount stores its profiles in the report,
// and the summary closes with its totals.
func Tally(r *Report) ([]ProfileSummary, Totals) {
	var t Totals
	known := map[string]ProfileSummary{}
	for _, p := range r.Profiles {
		known[p.Profile] = p
	}
	by := map[string]*ProfileSummary{}
	var names []string
	for _, s := range r.Scenarios {
		v := r.LevelVerdict(s)
		switch r.Outcome(s) {
		case string(Passed):
			t.Passed++
		case OutcomeKnownFailing:
			t.KnownFailing++
		case OutcomeFixed:
			t.Fixed++
		case OutcomeFlaky:
			t.Flaky++
		case OutcomeNotFollowed:
			switch TierOf(s) {
			case features.Recommended:
				t.NotFollowedRecommended++
			case features.Decision:
				t.NotFollowedDecisions++
			default:
				t.NotFollowedExtensions++
			}
		default:
			if v.Fails() {
				t.Failed++
			}
		}
		p := by[s.Profile]
		if p == nil {
			old := known[s.Profile]
			p = &ProfileSummary{Profile: s.Profile, Claimed: old.Claimed, MissingOps: old.MissingOps}
			by[s.Profile] = p
			names = append(names, s.Profile)
		}
		p.count(s, v)
	}
	sort.Strings(names)
	var out []ProfileSummary
	for _, name := range names {
		out = append(out, *by[name])
	}
	return out, t
}

// count adds one scenario, whose verdict at the run's level is v.
func (p *ProfileSummary) count(s ScenarioResult, v Verdict) {
	p.Scenarios++
	switch {
	case s.Compat == Passed:
		p.CompatPassed++
	case s.Compat == NotClaimed:
		p.NotClaimedCnt++
	case s.Compat.Fails():
		p.CompatFailed++
		if s.Compat != Failed {
			p.Faults++
		}
	}
	switch {
	case s.Exact == Passed:
		p.ExactPassed++
	case s.Exact.Fails():
		p.ExactFailed++
	}
	if v != NotClaimed {
		t := p.Tier(TierOf(s))
		t.Total++
		switch {
		case v == Passed:
			t.Passed++
		case v.Fails():
			t.Failing = append(t.Failing, s.ID)
		}
	}
	switch {
	case v == Passed:
		p.Passed++
	case v.Fails():
		p.Failed++
		if s.Known == selection.KnownFailing {
			p.KnownFailing++
		}
	}
	if s.Attempts > 1 {
		p.Flaky++
	}
}

// Recount fills in what follows from the report's scenarios: the format
// and spec version it is written with, each scenario's verdict at the
// run's level, and every count of every profile (Tally).
func (r *Report) Recount() {
	r.Format = SummaryFormat
	if r.SpecVersion == "" {
		r.SpecVersion = spec.Version
	}
	for i := range r.Scenarios {
		r.Scenarios[i].Verdict = r.LevelVerdict(r.Scenarios[i])
	}
	r.Profiles, _ = Tally(r)
}
