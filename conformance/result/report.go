package result

import (
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/protocol"
)

// SummaryFormat marks a Report written as JSON (summary.json).
const SummaryFormat = "clockspec-summary/1"

// Report is the outcome of a run.
type Report struct {
	Format      string         `json:"format"` // SummaryFormat
	SpecVersion string         `json:"spec_version"`
	Kit         string         `json:"kit,omitempty"` // the conform build that judged (conform version's kit line); "" from a library call
	Hello       protocol.Hello `json:"hello"`
	Level       Level          `json:"level"`
	// Require: the tiers whose failures fail the run ("" reads as all).
	Require         Require          `json:"require,omitempty"`
	Profiles        []ProfileSummary `json:"profiles"`
	Scenarios       []ScenarioResult `json:"scenarios"`
	SchemaValidated int64            `json:"schema_validated"`
	// GoldensTzdata is the tzdata release the goldens were made with.
	GoldensTzdata string        `json:"goldens_tzdata,omitempty"`
	Duration      time.Duration `json:"duration_ns"`

	// Selection: the filters of the run, and whether it covered the whole
	// embedded suite (no filter, no shard, not stopped early), which a
	// certificate needs.
	Tags  string              `json:"tags,omitempty"`
	Run   []selection.Pattern `json:"run,omitempty"`
	Skip  []selection.Pattern `json:"skip,omitempty"`
	Shard string              `json:"shard,omitempty"`
	// CustomFeatures: the run used features of its own, not the embedded
	// suite.
	CustomFeatures bool `json:"custom_features,omitempty"`
	Complete       bool `json:"complete"`
	// NotRun counts the scenarios a stop at the first failure (FailFast)
	// left out.
	NotRun int `json:"not_run,omitempty"`
	// Stale are known-failing or known-flaky patterns that match no
	// scenario of the suite; they fail the run.
	Stale []selection.StalePattern `json:"stale_patterns,omitempty"`
	// CouldNotRun says why the run did not happen (the implementation could
	// not be started or reached): no scenario was judged.
	CouldNotRun string `json:"could_not_run,omitempty"`
	// Interrupted says why the run stopped before its end (a signal): the
	// scenarios it judged are kept, the others were not run (NotRun), and
	// no certificate is written for it.
	Interrupted string `json:"interrupted,omitempty"`
	// HostTZ is the TZ a subprocess implementation ran under, chosen by
	// HostTZSeed unless pinned (driver.HostZoneFor).
	HostTZ     string `json:"host_tz,omitempty"`
	HostTZSeed int64  `json:"host_tz_seed,omitempty"`
}

// OK reports whether the run is green: every scenario that ran passed at the
// run's level, except those listed as known failing (which must fail) or
// known flaky, no known pattern is stale, and the run was not interrupted.
func (r *Report) OK() bool {
	if len(r.Stale) > 0 || r.CouldNotRun != "" || r.Interrupted != "" {
		return false
	}
	for _, s := range r.Scenarios {
		if r.FailsRun(s) {
			return false
		}
	}
	return true
}

// LevelVerdict is a scenario's verdict at the run's level.
func (r *Report) LevelVerdict(s ScenarioResult) Verdict { return VerdictAt(r.Level, s) }

// VerdictAt is a scenario's verdict at a level: its compat verdict, or its
// exact one when that level was asked for and judged.
func VerdictAt(level Level, s ScenarioResult) Verdict {
	if s.Compat != Passed {
		return s.Compat
	}
	if level == LevelExact && s.Exact != NotCompared && s.Exact != "" {
		return s.Exact
	}
	return Passed
}

// FailsRun reports whether this scenario makes the run red: an unlisted
// failure of a tier the run requires, or a known-failing one that passes
// now (whatever its tier: the list is out of date).
func (r *Report) FailsRun(s ScenarioResult) bool { return FailsRunAt(r.Level, r.Require, s) }

// FailsRunAt is FailsRun for a run at level that requires require, before
// its report exists.
func FailsRunAt(level Level, require Require, s ScenarioResult) bool {
	v := VerdictAt(level, s)
	switch s.Known {
	case selection.KnownFlaky:
		return false
	case selection.KnownFailing:
		return v == Passed
	}
	return v.Fails() && require.Includes(TierOf(s))
}

// NotFollowed reports whether this scenario failed without failing the run
// because the run does not require its tier (a recommendation, decision
// or extension the implementation does not follow).
func (r *Report) NotFollowed(s ScenarioResult) bool {
	return s.Known == "" && r.LevelVerdict(s).Fails() && !r.Require.Includes(TierOf(s))
}

// Outcome is how a report shows a scenario: its verdict at the run's level,
// or what a known list made of it (known-failing; fixed: listed as known
// failing but passing; flaky: needed its second attempt), or not-followed:
// a recommendation, decision or extension that failed where the run does
// not require it.
// Every count of a run is a count of outcomes (Tally).
func (r *Report) Outcome(s ScenarioResult) string {
	v := r.LevelVerdict(s)
	switch {
	case r.NotFollowed(s):
		return OutcomeNotFollowed
	case s.Known == selection.KnownFailing && v.Fails():
		return OutcomeKnownFailing
	case s.Known == selection.KnownFailing && v == Passed:
		return OutcomeFixed
	case s.Known == selection.KnownFlaky && s.Attempts > 1:
		return OutcomeFlaky
	}
	return string(v)
}

// The outcomes beside the verdicts.
const (
	OutcomeNotFollowed  = "not-followed"
	OutcomeKnownFailing = "known-failing"
	OutcomeFixed        = "fixed"
	OutcomeFlaky        = "flaky"
)

// TzdataDiffers reports whether the implementation computes with another
// tzdata release than the goldens were made with.
func (r *Report) TzdataDiffers() bool {
	return r.GoldensTzdata != "" && r.Hello.Tzdata != "" && TzdataRelease(r.Hello.Tzdata) != TzdataRelease(r.GoldensTzdata)
}

// TzdataRelease is the IANA release of a tzdata name: "2025c" for
// "2025c+backzone". Releases are compared: an implementation that says
// "2025c" computes with the goldens' release (docs/tzdata.md says what the
// backzone build changes before 1970).
func TzdataRelease(name string) string {
	release, _, _ := strings.Cut(strings.TrimSpace(name), "+")
	return release
}
