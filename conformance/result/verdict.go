// Package result is what a run decides and how it is counted: the verdict
// of each scenario at each level (ScenarioResult), the run's Report, and
// Tally, the one function that counts a report's scenarios — per profile,
// per tier and in total — for summary.json, the summary, the HTML report,
// the certificate and the comparison of runs alike.
//
// Belongs here: what a verdict is, whether it fails a run, how verdicts
// add up. Not here: deciding a verdict (the runner, package conformance),
// writing a report for people or CI (conformance/report).
package result

import (
	"encoding/json"
	"time"
	"unicode/utf8"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

// Level is how strictly a run is judged.
type Level string

// Levels.
const (
	// LevelCompat judges a scenario by its own assertions, transcribed with
	// the strength of the original test (contains / equals / does not
	// contain): a faithful port that adds attributes still passes.
	LevelCompat Level = "compat"
	// LevelExact also requires every response to equal its golden byte for
	// byte (in canonical JSON).
	LevelExact Level = "exact"
)

// Verdict of one scenario at one level.
type Verdict string

// Verdicts.
const (
	Passed     Verdict = "passed"
	Failed     Verdict = "failed"
	NotClaimed Verdict = "not-claimed"
	// NotCompared: the run had no goldens, so the exact level was not judged.
	NotCompared Verdict = "not-compared"
	// Faults: the implementation did not answer properly. They fail a
	// scenario like a wrong answer but are counted apart.
	Crashed       Verdict = "crashed"
	TimedOut      Verdict = "timed-out"
	ProtocolError Verdict = "protocol-error"
)

// Fails reports whether a verdict fails the scenario: Failed, or a fault.
func (v Verdict) Fails() bool {
	return v == Failed || v == Crashed || v == TimedOut || v == ProtocolError
}

// Require names the tiers whose failing scenarios fail a run (its exit
// status). Whether an implementation conforms to a profile does not depend
// on it: that is always decided by the required tier alone.
type Require string

// The settings of Require.
const (
	// RequireRequired: only a failing required scenario fails the run; a
	// recommendation, decision or extension not followed is reported, never
	// fatal. What a third party certifying an implementation wants (the
	// CLI's default).
	RequireRequired Require = "required"
	// RequireRecommended: required and @recommended scenarios must pass.
	RequireRecommended Require = "recommended"
	// RequireDecisions: required, @recommended and @decision scenarios must
	// pass.
	RequireDecisions Require = "decisions"
	// RequireAll: every scenario must pass, extensions included; the
	// reference's own CI runs so. The zero Require means it too.
	RequireAll Require = "all"
)

// Requires lists the settings of Require, weakest first.
var Requires = []Require{RequireRequired, RequireRecommended, RequireDecisions, RequireAll}

// ParseRequire reads a setting of Require; anything else is an
// *selection.OptionError.
func ParseRequire(s string) (Require, error) {
	for _, q := range Requires {
		if string(q) == s {
			return q, nil
		}
	}
	return "", &selection.OptionError{Option: "Require", Value: s, Problem: "want required, recommended, decisions or all"}
}

// Includes reports whether a failing scenario of tier t fails the run.
func (q Require) Includes(t features.Tier) bool {
	switch t {
	case features.Recommended:
		return q == RequireRecommended || q == RequireDecisions || q == RequireAll || q == ""
	case features.Decision:
		return q == RequireDecisions || q == RequireAll || q == ""
	case features.Extension:
		return q == RequireAll || q == ""
	}
	return true
}

// ScenarioResult is one scenario's outcome.
type ScenarioResult struct {
	ID      string   `json:"id"`
	Profile string   `json:"profile"`
	Name    string   `json:"name"`
	Origins []string `json:"origins,omitempty"`
	// Tier: required, recommended, decision or extension ("" in a summary written before
	// tiers existed reads as required).
	Tier   features.Tier `json:"tier"`
	Compat Verdict       `json:"compat"`
	Exact  Verdict       `json:"exact"`
	// Problem says why the scenario failed (first failing step or golden).
	Problem string `json:"problem,omitempty"`

	// Verdict is the outcome at the run's level (compat, or exact when
	// goldens were compared).
	Verdict Verdict `json:"verdict"`
	// When a scenario fails: the failing step (absent for a golden
	// mismatch), what was expected and what came back, and each place the
	// answer broke its schema, with its JSON pointer.
	Step         string          `json:"step,omitempty"`
	Expected     string          `json:"expected,omitempty"`
	Actual       string          `json:"actual,omitempty"`
	SchemaErrors []SchemaProblem `json:"schema_errors,omitempty"`
	// Returned is the answer the failing call got (its output, or its
	// error, as JSON; at most MaxReturned bytes, cut with "…"): what broke
	// a schema is shown with the schema's complaint, never only named.
	Returned string `json:"returned,omitempty"`
	// Pointer is where the failing call's answer first differs from its
	// golden (a JSON pointer: "/output/card/title"), for a golden mismatch.
	Pointer string `json:"pointer,omitempty"`
	// Call is the call the failure is about: the one a golden differs for,
	// or the last call before the failing step (absent when none was made).
	Call *FailedCall `json:"call,omitempty"`
	// Known names the list the scenario is on: selection.KnownFailing or
	// selection.KnownFlaky.
	Known string `json:"known,omitempty"`
	// Attempts is 2 when a known-flaky scenario failed and was run again.
	Attempts int `json:"attempts,omitempty"`
	// Duration is how long the scenario took, from its first step to its
	// verdict (JUnit's time of the test).
	Duration time.Duration `json:"duration_ns,omitempty"`
}

// MaxReturned caps Returned: enough for a field's value in context, short
// enough for a JUnit message and a log line.
const MaxReturned = 300

// Capped is s itself, or s cut at a rune boundary with "…" after the cut,
// at most max bytes in all.
func Capped(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// FailedCall is the request a failure is about, as the scenario sent it.
type FailedCall struct {
	N     int             `json:"n"` // the scenario's n-th call, from 1
	Op    string          `json:"op"`
	Input json.RawMessage `json:"input"`
}

// SchemaProblem is one place an answer breaks its schema.
type SchemaProblem struct {
	Pointer string `json:"pointer"` // JSON pointer into the answer ("/result"; "" for the whole)
	Message string `json:"message"`
}

// TierOf is a result's tier; a summary written before tiers existed reads
// as required.
func TierOf(s ScenarioResult) features.Tier {
	if s.Tier == "" {
		return features.Required
	}
	return s.Tier
}
