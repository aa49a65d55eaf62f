// Package conformance is the harness's runner: Run takes the Gherkin
// scenarios of features/, selects them (conformance/selection), sends each
// call through a driver (conformance/driver), runs the steps against the
// answers — every answer validated against its operation's schema before
// any assertion, and compared with its golden at the exact level
// (conformance/judge) — and returns the verdicts as a result.Report
// (conformance/result), which conformance/report writes out.
//
// This package holds what ties those together: the options and their
// defaults (options.go, embedded.go), the run and its verdicts (run.go,
// finish.go), the runner's own scenario loop and godog's (ownrun.go,
// godog.go, formatfile.go), the step definitions and how a step is matched
// and called (stepdefs.go, steps.go, steps_assert.go, steps_props.go,
// stepmatch.go, fastmatch.go), the call corpus the exact level compares
// with and the reference records (goldens.go, openpoints.go), replay files
// (replay.go) and what a failure says (detail.go). Nothing below it
// imports it; the step world holds a session of the run (the spec, the
// driver, the schema check), not the runner.
//
// The names below are the runner's vocabulary, defined in the packages it
// is built from, so that a caller of Run needs this package alone.
package conformance

import (
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/protocol"
)

type (
	// Driver is the seam between the scenarios and an implementation.
	Driver = driver.Driver
	// Implementation is what an in-process Go implementation provides.
	Implementation = driver.Implementation

	// Level is how strictly a run is judged.
	Level = result.Level
	// Verdict is one scenario's outcome at one level.
	Verdict = result.Verdict
	// Require names the tiers whose failures fail a run.
	Require = result.Require
	// ScenarioResult is one scenario's outcome.
	ScenarioResult = result.ScenarioResult
	// ProfileSummary counts one profile's results.
	ProfileSummary = result.ProfileSummary
	// TierCount is one tier of one profile.
	TierCount = result.TierCount
	// Report is the outcome of a run.
	Report = result.Report

	// Pattern matches scenario ids (Options.Run, Skip and the known lists).
	Pattern = selection.Pattern
	// Shard is one part of a run split across CI jobs.
	Shard = selection.Shard
	// OptionError is an option whose value cannot be used.
	OptionError = selection.OptionError
)

// Levels, verdicts and the settings of Require (see package result).
const (
	LevelCompat = result.LevelCompat
	LevelExact  = result.LevelExact

	Passed        = result.Passed
	Failed        = result.Failed
	NotClaimed    = result.NotClaimed
	NotCompared   = result.NotCompared
	Crashed       = result.Crashed
	TimedOut      = result.TimedOut
	ProtocolError = result.ProtocolError

	RequireRequired    = result.RequireRequired
	RequireRecommended = result.RequireRecommended
	RequireDecisions   = result.RequireDecisions
	RequireAll         = result.RequireAll
)

// InProcess drives a Go implementation directly (driver.InProcess).
func InProcess(impl Implementation) Driver { return driver.InProcess(impl) }

// Canonical is the byte form a response is compared in at the exact level
// (judge.Canonical).
func Canonical(r protocol.Result) ([]byte, error) { return judge.Canonical(r) }
