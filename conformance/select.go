package conformance

import (
	"fmt"
	"path"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// Pattern matches scenario ids segment by segment: `*` within a segment
// matches any run of characters but not "/", and a whole segment `**` matches
// any number of segments, so `v1/**` is the whole profile and
// `v1/*/escapes-*` one case name across features.
type Pattern string

// ValidatePattern reports a malformed pattern (path.Match syntax errors).
func ValidatePattern(p string) error {
	for _, seg := range strings.Split(p, "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("pattern %q: %w", p, err)
		}
	}
	return nil
}

// Match reports whether id matches the pattern.
func (p Pattern) Match(id string) bool {
	return matchSegments(strings.Split(string(p), "/"), strings.Split(id, "/"))
}

func matchSegments(pat, id []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(id); i++ {
				if matchSegments(pat[1:], id[i:]) {
					return true
				}
			}
			return false
		}
		if len(id) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], id[0]); !ok {
			return false
		}
		pat, id = pat[1:], id[1:]
	}
	return len(id) == 0
}

// patternSet splits patterns into plain ids (a map lookup) and globs.
type patternSet struct {
	exact map[string]bool
	globs []Pattern
}

func newPatternSet(ps []Pattern) patternSet {
	set := patternSet{exact: map[string]bool{}}
	for _, p := range ps {
		if strings.ContainsAny(string(p), `*?[\`) {
			set.globs = append(set.globs, p)
		} else {
			set.exact[string(p)] = true
		}
	}
	return set
}

// matches: a scenario is selected by a pattern that matches its own id or,
// for an outline row, its outline's id.
func (set patternSet) matches(sc *features.Scenario) bool {
	if set.exact[sc.ID] || set.exact[sc.BaseID] {
		return true
	}
	for _, p := range set.globs {
		if p.Match(sc.ID) || p.Match(sc.BaseID) {
			return true
		}
	}
	return false
}

// Select applies --run and --skip: with no run patterns everything is in;
// skip patterns then take scenarios out.
func Select(s *features.Suite, run, skip []Pattern) map[string]bool {
	runSet, skipSet := newPatternSet(run), newPatternSet(skip)
	out := map[string]bool{}
	for _, sc := range s.Scenarios {
		if (len(run) == 0 || runSet.matches(sc)) && !skipSet.matches(sc) {
			out[sc.ID] = true
		}
	}
	return out
}

// Filter lists the scenarios a run with these options would consider, after
// checking the tag expression and patterns the same way Run does.
func Filter(s *features.Suite, tags string, run, skip []Pattern) ([]*features.Scenario, error) {
	return Selection(s, tags, run, skip, Shard{})
}
