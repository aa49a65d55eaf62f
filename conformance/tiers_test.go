package conformance_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// callKey names one call: its operation and its input as the scenario wrote it.
func callKey(op string, in json.RawMessage) string { return op + "\x00" + string(in) }

// recordCalls runs the reference once and returns every scenario's calls.
func recordCalls(t *testing.T) (map[string][]string, *features.Suite) {
	t.Helper()
	calls := map[string][]string{}
	var suite *features.Suite
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, _ int, op string, in json.RawMessage, _ protocol.Result) {
			calls[sc.ID] = append(calls[sc.ID], callKey(op, in))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	suite, err = features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	return calls, suite
}

// pickBreakable finds the first scenario of the tier whose calls no
// scenario of another tier makes, so that breaking exactly those calls
// fails it (and perhaps others of its tier) and nothing of another tier.
func pickBreakable(t *testing.T, calls map[string][]string, suite *features.Suite, tier features.Tier) (*features.Scenario, map[string]bool) {
	t.Helper()
	usedBy := map[string]map[features.Tier]bool{}
	for _, sc := range suite.Scenarios {
		for _, k := range calls[sc.ID] {
			if usedBy[k] == nil {
				usedBy[k] = map[features.Tier]bool{}
			}
			usedBy[k][sc.Tier] = true
		}
	}
	for _, sc := range suite.Scenarios {
		if sc.Tier != tier || len(calls[sc.ID]) == 0 {
			continue
		}
		only := true
		for _, k := range calls[sc.ID] {
			only = only && len(usedBy[k]) == 1
		}
		if only {
			keys := map[string]bool{}
			for _, k := range calls[sc.ID] {
				keys[k] = true
			}
			return sc, keys
		}
	}
	t.Fatalf("no %s scenario has calls of its own", tier)
	return nil, nil
}

// breakCalls is the reference answering the given calls with an error code
// no operation has: every scenario making one of them fails.
type breakCalls struct {
	*reference.Implementation
	keys map[string]bool
}

func (b breakCalls) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if b.keys[callKey(op, in)] {
		return nil, &protocol.Error{Code: "broken_by_test", Message: "broken on purpose"}
	}
	return b.Implementation.Call(ctx, op, in)
}

func profileOf(rep *conformance.Report, name string) conformance.ProfileSummary {
	for _, p := range rep.Profiles {
		if p.Profile == name {
			return p
		}
	}
	return conformance.ProfileSummary{}
}

func certProfile(c *report.Certificate, name string) report.CertificateProfile {
	for _, p := range c.Profiles {
		if p.Profile == name {
			return p
		}
	}
	return report.CertificateProfile{}
}

// The tiers counted per profile are the suite's own, and the reference
// passes every one of them.
func TestTierCountsPerProfile(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[features.Tier]int{}
	for _, sc := range suite.Scenarios {
		if want[sc.Profile] == nil {
			want[sc.Profile] = map[features.Tier]int{}
		}
		want[sc.Profile][sc.Tier]++
	}
	rep := run(t, reference.New(), conformance.Options{})
	for _, p := range rep.Profiles {
		for _, tier := range features.Tiers {
			c := *p.Tier(tier)
			if c.Total != want[p.Profile][tier] || c.Passed != c.Total || len(c.Failing) != 0 {
				t.Errorf("%s %s: %+v, want %d of %d", p.Profile, tier, c, want[p.Profile][tier], want[p.Profile][tier])
			}
		}
		if n := p.Required.Total + p.Recommended.Total + p.Decisions.Total + p.Extensions.Total; n != p.Scenarios {
			t.Errorf("%s: the tiers add up to %d of %d scenarios", p.Profile, n, p.Scenarios)
		}
	}
}

// A recommendation or a decision the implementation does not follow leaves
// it conformant: the run is green under --require required, the
// certificate says it conforms and names the failing scenario; under
// --require recommended (decisions) the run is red. A failing required
// scenario makes it non-conformant.
func TestFailingDecisionKeepsConformance(t *testing.T) {
	calls, suite := recordCalls(t)
	for _, c := range []struct {
		tier   features.Tier
		strict conformance.Require // the weakest --require that fails the run on it
		count  func(p conformance.ProfileSummary) conformance.TierCount
	}{
		{features.Recommended, conformance.RequireRecommended, func(p conformance.ProfileSummary) conformance.TierCount { return p.Recommended }},
		{features.Decision, conformance.RequireDecisions, func(p conformance.ProfileSummary) conformance.TierCount { return p.Decisions }},
	} {
		t.Run(string(c.tier), func(t *testing.T) { notFollowedKeepsConformance(t, calls, suite, c.tier, c.strict, c.count) })
	}
}

func notFollowedKeepsConformance(t *testing.T, calls map[string][]string, suite *features.Suite, tier features.Tier,
	strictRequire conformance.Require, count func(conformance.ProfileSummary) conformance.TierCount) {
	dec, keys := pickBreakable(t, calls, suite, tier)
	impl := breakCalls{reference.New(), keys}

	rep := run(t, impl, conformance.Options{Require: conformance.RequireRequired})
	got := byID(rep)
	if !failedVerdict(rep.LevelVerdict(got[dec.ID])) {
		t.Fatalf("%s was broken but passed", dec.ID)
	}
	var failing []string
	for _, s := range rep.Scenarios {
		if failedVerdict(rep.LevelVerdict(s)) {
			failing = append(failing, s.ID)
			if s.Tier != tier {
				t.Errorf("%s (%s) failed too: the breakage was meant for the %s tier only", s.ID, s.Tier, tier)
			}
		}
	}
	if !rep.OK() {
		t.Errorf("a failing %s scenario failed a --require required run", tier)
	}
	p := profileOf(rep, dec.Profile)
	if pc := count(p); !p.Required.All() || pc.Passed != pc.Total-len(pc.Failing) || !containsStr(pc.Failing, dec.ID) {
		t.Errorf("%s: tiers %+v / %+v", dec.Profile, p.Required, pc)
	}
	cert := report.NewCertificate(rep, "")
	cp := certProfile(cert, dec.Profile)
	cpc := cp.Decisions
	if tier == features.Recommended {
		cpc = cp.Recommended
	}
	if !cp.Conforms || !containsStr(cert.Conforms, dec.Profile) || !containsStr(cpc.Failing, dec.ID) ||
		cpc.Passed != cpc.Total-len(cpc.Failing) {
		t.Errorf("certificate with a decision not followed: %+v", cp)
	}
	if !strings.Contains(cert.Statement, " conforms to profiles ") || !strings.Contains(cert.Statement, "recommended") || !strings.Contains(cert.Statement, "decisions") {
		t.Errorf("statement: %s", cert.Statement)
	}
	if b := report.NewBadge(cert); b.Color != "brightgreen" || !strings.Contains(b.Message, dec.Profile+" req ") || !strings.Contains(b.Message, " rec ") {
		t.Errorf("badge: %+v", b)
	}
	var sum bytes.Buffer
	report.WriteSummary(&sum, rep)
	if !strings.Contains(sum.String(), "NOT FOLLOWED ("+string(tier)+") "+dec.ID) || strings.Contains(sum.String(), "FAIL ") ||
		!strings.Contains(sum.String(), "conform: ") || !strings.Contains(sum.String(), "0 failed, ") {
		t.Errorf("summary:\n%s", sum.String())
	}
	var html bytes.Buffer
	if err := report.WriteHTMLReport(&html, rep, cert); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">required</th>", ">recommended</th>", ">decisions</th>", ">extensions</th>", `class="n tier not-followed"`, "run passed", `data-outcome="not-followed"`} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}

	// The same implementation, its tier required: red; one tier weaker
	// (for a decision: recommended), green.
	strict := run(t, impl, conformance.Options{Require: strictRequire, Run: patterns(failing...)})
	if strict.OK() {
		t.Errorf("a failing %s scenario passed a --require %s run", tier, strictRequire)
	}
	if tier == features.Decision {
		if weaker := run(t, impl, conformance.Options{Require: conformance.RequireRecommended, Run: patterns(failing...)}); !weaker.OK() {
			t.Errorf("a failing decision failed a --require recommended run")
		}
	}
}

// A failing required scenario: no longer conformant, whatever --require.
func TestFailingRequiredLosesConformance(t *testing.T) {
	calls, suite := recordCalls(t)
	req, keys := pickBreakable(t, calls, suite, features.Required)
	rep := run(t, breakCalls{reference.New(), keys}, conformance.Options{Require: conformance.RequireRequired})
	if rep.OK() {
		t.Errorf("%s failed, yet the run is green", req.ID)
	}
	cert := report.NewCertificate(rep, "")
	if cp := certProfile(cert, req.Profile); cp.Conforms || containsStr(cert.Conforms, req.Profile) || !containsStr(cp.Required.Failing, req.ID) {
		t.Errorf("certificate with a required failure: %+v", cp)
	}
}

// Extensions fail a run only under --require all (the library's default).
func TestRequireAllIncludesExtensions(t *testing.T) {
	for _, c := range []struct {
		q    conformance.Require
		tier features.Tier
		want bool
	}{
		{conformance.RequireRequired, features.Required, true},
		{conformance.RequireRequired, features.Recommended, false},
		{conformance.RequireRequired, features.Decision, false},
		{conformance.RequireRecommended, features.Recommended, true},
		{conformance.RequireRecommended, features.Decision, false},
		{conformance.RequireDecisions, features.Recommended, true},
		{conformance.RequireRequired, features.Extension, false},
		{conformance.RequireDecisions, features.Decision, true},
		{conformance.RequireDecisions, features.Extension, false},
		{conformance.RequireAll, features.Extension, true},
		{"", features.Extension, true},
	} {
		if got := c.q.Includes(c.tier); got != c.want {
			t.Errorf("--require %q includes %s: %v, want %v", c.q, c.tier, got, c.want)
		}
	}
	if _, err := result.ParseRequire("some"); err == nil || !strings.Contains(err.Error(), "want required, recommended, decisions or all") {
		t.Errorf("an unknown --require: %v", err)
	}
	if _, err := conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(reference.New()), Require: "most"}); err == nil {
		t.Error("Run took an unknown Require")
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func failedVerdict(v conformance.Verdict) bool {
	return v != conformance.Passed && v != conformance.NotClaimed && v != conformance.NotCompared
}
