package selection

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// Caps on a known-failing or known-flaky list. A list names scenarios of a
// suite of a few thousand: listing every id of the suite takes a few hundred
// KiB. The caps turn a wrong path (a list read from /dev/zero grew to
// 2.3 GB) or a runaway generator into a clear error instead of a stalled
// run.
const (
	// MaxPatternFileBytes caps the file: reading stops there.
	MaxPatternFileBytes = 16 << 20
	// MaxPatternLineBytes caps one line (a scenario id is under 200 bytes).
	MaxPatternLineBytes = 4 << 10
	// MaxGlobPatterns caps the distinct patterns with * ? [ in one list:
	// each is matched against every scenario (exact ids are looked up, and
	// are limited only by the file's size).
	MaxGlobPatterns = 10_000
)

// ReadPatternFile reads a known-failing or known-flaky list: one scenario id
// pattern per line (Pattern's syntax: * within a segment, ** across
// segments); blank lines are ignored and # starts a comment, on its own line
// or after a pattern.
func ReadPatternFile(path string) ([]Pattern, error) {
	// Opening a FIFO would block until something writes it: only a
	// regular file is read.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, st.Mode().Type())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxPatternFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > MaxPatternFileBytes {
		return nil, fmt.Errorf("%s: more than %d bytes (%d MiB), the cap on a pattern list; reading stopped there (a list of every scenario id is a few hundred KiB)",
			path, MaxPatternFileBytes, MaxPatternFileBytes>>20)
	}
	return ParsePatternList(path, b)
}

// ParsePatternList parses the contents of a pattern list (see
// ReadPatternFile); name is used in error messages.
func ParsePatternList(name string, b []byte) ([]Pattern, error) {
	var out []Pattern
	globs := map[Pattern]bool{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), MaxPatternLineBytes)
	n := 1
	for ; sc.Scan(); n++ {
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
		p := Pattern(line)
		if isGlob(p) && !globs[p] {
			if len(globs) == MaxGlobPatterns {
				return nil, fmt.Errorf("%s:%d: more than %d distinct patterns with * ? or [ (each is matched against every scenario); list ids exactly, or use fewer, broader patterns", name, n, MaxGlobPatterns)
			}
			globs[p] = true
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: a line longer than %d bytes, the cap on one pattern", name, n, MaxPatternLineBytes)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// The known lists a scenario can be on.
const (
	// KnownFailing: the scenario is expected to fail; it fails without
	// failing the run, and fails the run once it passes.
	KnownFailing = "failing"
	// KnownFlaky: the scenario is run again once when it fails, and never
	// fails the run.
	KnownFlaky = "flaky"
)

// StalePattern is a pattern of a known list that matches no scenario.
type StalePattern struct {
	List    string  `json:"list"` // KnownFailing or KnownFlaky
	Pattern Pattern `json:"pattern"`
}

// ClassifyKnown matches the known lists against the whole suite (not just
// the selection, so a shard or Run does not make a pattern stale): which
// list each scenario is on (KnownFailing or KnownFlaky, by id), and the
// patterns that match nothing. Exact ids are looked up, and each glob is
// compiled once and matched against ids split once: a 200,000-line list
// took 49 s when every line was matched against every scenario.
func ClassifyKnown(s *features.Suite, failing, flaky []Pattern) (map[string]string, []StalePattern, error) {
	if len(failing)+len(flaky) == 0 {
		return map[string]string{}, nil, nil // no lists: nothing to index
	}
	byID := map[string][]*features.Scenario{}
	type splitIDs struct{ id, base []string }
	split := make([]splitIDs, len(s.Scenarios))
	for i, sc := range s.Scenarios {
		byID[sc.ID] = append(byID[sc.ID], sc)
		if sc.BaseID != sc.ID {
			byID[sc.BaseID] = append(byID[sc.BaseID], sc)
		}
		split[i] = splitIDs{strings.Split(sc.ID, "/"), strings.Split(sc.BaseID, "/")}
	}
	known := map[string]string{}
	var stale []StalePattern
	mark := func(list string, ps []Pattern) error {
		done := map[Pattern]bool{}
		for _, p := range ps {
			if done[p] {
				continue
			}
			done[p] = true
			var hits []*features.Scenario
			if isGlob(p) {
				c := compilePattern(p)
				for i, sc := range s.Scenarios {
					if c.match(split[i].id) || c.match(split[i].base) {
						hits = append(hits, sc)
					}
				}
			} else {
				hits = byID[string(p)]
			}
			if len(hits) == 0 {
				stale = append(stale, StalePattern{List: list, Pattern: p})
			}
			for _, sc := range hits {
				if prev := known[sc.ID]; prev != "" && prev != list {
					return fmt.Errorf("%s is listed both as known failing and as known flaky (pattern %q)", sc.ID, p)
				}
				known[sc.ID] = list
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
