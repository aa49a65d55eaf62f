package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// ReadPatternFile reads a known-failing or known-flaky list: one scenario id
// pattern per line (the --run syntax: * within a segment, ** across
// segments); blank lines are ignored and # starts a comment, on its own line
// or after a pattern.
func ReadPatternFile(path string) ([]Pattern, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParsePatternList(path, b)
}

// ParsePatternList parses the contents of a pattern list (see
// ReadPatternFile); name is used in error messages.
func ParsePatternList(name string, b []byte) ([]Pattern, error) {
	var out []Pattern
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.ContainsAny(line, " \t,") {
			return nil, fmt.Errorf("%s:%d: %q: one pattern per line (a scenario id has no spaces or commas)", name, n, line)
		}
		if err := ValidatePattern(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		out = append(out, Pattern(line))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// classifyKnown matches the known lists against the whole suite (not just
// the selection, so a shard or --run does not make a pattern stale): which
// list each scenario is on, and the patterns that match nothing.
func classifyKnown(s *features.Suite, failing, flaky []Pattern) (map[string]string, []StalePattern, error) {
	known := map[string]string{}
	var stale []StalePattern
	mark := func(list string, ps []Pattern) error {
		for _, p := range ps {
			set := newPatternSet([]Pattern{p})
			hit := false
			for _, sc := range s.Scenarios {
				if !set.matches(sc) {
					continue
				}
				hit = true
				if prev := known[sc.ID]; prev != "" && prev != list {
					return fmt.Errorf("conformance: %s is listed both as known failing and as known flaky (pattern %q)", sc.ID, p)
				}
				known[sc.ID] = list
			}
			if !hit {
				stale = append(stale, StalePattern{List: list, Pattern: p})
			}
		}
		return nil
	}
	if err := mark(KnownFailing, failing); err != nil {
		return nil, nil, err
	}
	if err := mark(KnownFlaky, flaky); err != nil {
		return nil, nil, err
	}
	return known, stale, nil
}
