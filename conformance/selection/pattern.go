package selection

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

// ValidatePattern reports a malformed pattern (path.Match syntax errors),
// naming it.
func ValidatePattern(p string) error {
	if err := Pattern(p).Validate(); err != nil {
		return fmt.Errorf("pattern %q: %w", p, err)
	}
	return nil
}

// Validate reports what makes the pattern malformed (path.Match syntax
// errors), or nil.
func (p Pattern) Validate() error {
	for _, seg := range strings.Split(string(p), "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return err
		}
	}
	return nil
}

// Match reports whether id matches the pattern.
func (p Pattern) Match(id string) bool {
	return compilePattern(p).match(strings.Split(id, "/"))
}

// compiled is a pattern split into its segments once; a segment is "**" or
// a path.Match glob of one id segment.
type compiled []string

func compilePattern(p Pattern) compiled { return strings.Split(string(p), "/") }

// match runs in O(pattern segments × id segments) segment comparisons
// whatever the pattern: `**` matches any run of segments, so on a mismatch
// only the most recent `**` needs to take one more segment — an earlier one
// taking more could only reach states the later one reaches too (the
// classic wildcard argument, with segments for characters). The recursive
// matcher this replaces tried every split for every `**`: 30 of them then
// /zzz took 12.5 s.
func (c compiled) match(id []string) bool {
	p, i := 0, 0
	star, from := -1, 0 // the last ** seen, and the id segment it was tried up to
	for i < len(id) {
		switch {
		case p < len(c) && c[p] == "**":
			star, from = p, i
			p++
		case p < len(c) && segmentMatch(c[p], id[i]):
			p, i = p+1, i+1
		case star >= 0:
			from++
			p, i = star+1, from
		default:
			return false
		}
	}
	for p < len(c) && c[p] == "**" {
		p++
	}
	return p == len(c)
}

func segmentMatch(glob, seg string) bool {
	ok, _ := path.Match(glob, seg) // path.Match is linear-time within a segment; patterns are validated up front
	return ok
}

// patternSet splits patterns into plain ids (a map lookup) and globs,
// compiled once.
type patternSet struct {
	exact map[string]bool
	globs []compiled
}

func isGlob(p Pattern) bool { return strings.ContainsAny(string(p), `*?[\`) }

func newPatternSet(ps []Pattern) patternSet {
	set := patternSet{exact: map[string]bool{}}
	seen := map[Pattern]bool{}
	for _, p := range ps {
		switch {
		case !isGlob(p):
			set.exact[string(p)] = true
		case !seen[p]:
			seen[p] = true
			set.globs = append(set.globs, compilePattern(p))
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
	if len(set.globs) == 0 {
		return false
	}
	id, base := strings.Split(sc.ID, "/"), strings.Split(sc.BaseID, "/")
	for _, g := range set.globs {
		if g.match(id) || g.match(base) {
			return true
		}
	}
	return false
}
