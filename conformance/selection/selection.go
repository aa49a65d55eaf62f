// Package selection decides which scenarios a run takes: id patterns
// (Pattern: Run, Skip and the known lists), Cucumber tag expressions,
// shards, the known-failing and known-flaky lists (ReadPatternFile,
// ClassifyKnown), and which profiles a selection can reach before the
// features are parsed (Profiles). Of computes a selection once, in suite
// order; the runner, the CLI's list and the shards all use it.
//
// Belongs here: anything that says whether a scenario is in a run. Not
// here: loading features (package features), running them (conformance).
package selection

import (
	"fmt"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// Filter selects the scenarios of a run; its fields are the runner's
// Options of the same names.
type Filter struct {
	Tags  string    // a Cucumber tag expression (or godog's older form); "" selects every scenario
	Run   []Pattern // only scenarios matching one of these (all when empty)
	Skip  []Pattern // minus those matching one of these
	Shard Shard     // then, when set, only this shard of them
}

// Check reports what makes the filter unusable on the suite: a tag
// expression that does not parse or names a tag no scenario has, a
// malformed pattern or shard (each an *OptionError).
func (f Filter) Check(s *features.Suite) error {
	if err := CheckTags(s, f.Tags); err != nil {
		return err
	}
	for _, opt := range []struct {
		name string
		ps   []Pattern
	}{{"Run", f.Run}, {"Skip", f.Skip}} {
		for _, p := range opt.ps {
			if err := p.Validate(); err != nil {
				return &OptionError{Option: opt.name, Value: string(p), Problem: err.Error()}
			}
		}
	}
	return f.Shard.Validate()
}

// Of lists the scenarios the filter selects, in suite order: a scenario is
// in when its id, or its outline's id, matches a Run pattern (every one
// when there is none) and no Skip pattern, and its tags satisfy Tags; a
// Shard then keeps its part of them. The filter is checked first (Check).
func Of(s *features.Suite, f Filter) ([]*features.Scenario, error) {
	if err := f.Check(s); err != nil {
		return nil, err
	}
	var te *tagExpr
	if strings.TrimSpace(f.Tags) != "" {
		var err error
		if te, err = parseTagExpr(f.Tags); err != nil {
			return nil, err
		}
	}
	runSet, skipSet := newPatternSet(f.Run), newPatternSet(f.Skip)
	var out []*features.Scenario
	k := 0 // the selected scenarios dealt so far, for the shard
	for _, sc := range s.Scenarios {
		if len(f.Run) > 0 && !runSet.matches(sc) || skipSet.matches(sc) {
			continue
		}
		if te != nil && !te.eval.Evaluate(sc.Tags) {
			continue
		}
		if f.Shard.Count > 0 {
			mine := k%f.Shard.Count == f.Shard.Index-1
			k++
			if !mine {
				continue
			}
		}
		out = append(out, sc)
	}
	return out, nil
}

// OptionError is an option of a run whose value cannot be used. Option is
// its name as a field of the runner's Options (Tags, Run, Skip, Shard,
// Require, Level, Format, …; Filter's fields have the same names): a
// library names what its caller set, and a command line words the error
// with its own flag.
type OptionError struct {
	Option  string
	Value   string
	Problem string // what is wrong, and what would do
	// Err, when set, is the kind of problem (ErrUnknownTag).
	Err error
}

func (e *OptionError) Error() string { return fmt.Sprintf("%s %q: %s", e.Option, e.Value, e.Problem) }

func (e *OptionError) Unwrap() error { return e.Err }
