package selection

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// Profiles lists the profile folders of fsys (a features folder) whose
// scenarios a run with these Tags and Run patterns can select, or nil when
// that may be any of them (or none: the whole suite then says why in its
// own words). It is decided without parsing the features: a Run pattern
// names its profile in its first segment, and a tag a profile's files never
// write (features.MayCarryTag) is on none of its scenarios. A run of the
// embedded suite parses only these profiles (about a sixth of the parsing
// for the tag @v1).
func Profiles(fsys fs.FS, tags string, run []Pattern) []string {
	expr := strings.TrimSpace(tags)
	if expr == "" && len(run) == 0 {
		return nil
	}
	var te *tagExpr
	if expr != "" {
		var err error
		if te, err = parseTagExpr(tags); err != nil {
			return nil
		}
	}
	folders, err := features.Folders(fsys)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range folders {
		if runMayMatch(run, p) && (te == nil || te.mayMatchIn(fsys, p)) {
			out = append(out, p)
		}
	}
	if len(out) == 0 || len(out) == len(folders) {
		return nil
	}
	return out
}

// runMayMatch reports whether a Run pattern can match an id of the
// profile: every id starts with its profile's segment.
func runMayMatch(run []Pattern, profile string) bool {
	if len(run) == 0 {
		return true
	}
	for _, p := range run {
		first, _, _ := strings.Cut(string(p), "/")
		if first == "**" || segmentMatch(first, profile) {
			return true
		}
	}
	return false
}

// maxFreeTags bounds the assignments mayMatchIn tries (2^n).
const maxFreeTags = 12

// mayMatchIn reports whether some scenario of the profile folder could
// satisfy the expression: whether it holds for some set of the tags the
// folder's files may carry (tags they never write being absent).
func (te *tagExpr) mayMatchIn(fsys fs.FS, profile string) bool {
	files, err := fs.Glob(fsys, path.Join(profile, "*.feature"))
	if err != nil {
		return true
	}
	var srcs [][]byte
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return true
		}
		srcs = append(srcs, b)
	}
	var free []string
	for _, t := range te.tags {
		if slices.Contains(free, t) {
			continue
		}
		for _, src := range srcs {
			if features.MayCarryTag(src, t) {
				free = append(free, t)
				break
			}
		}
	}
	if len(free) > maxFreeTags {
		return true
	}
	set := make([]string, 0, len(free))
	for mask := 0; mask < 1<<len(free); mask++ {
		set = set[:0]
		for i, t := range free {
			if mask&(1<<i) != 0 {
				set = append(set, t)
			}
		}
		if te.eval.Evaluate(set) {
			return true
		}
	}
	return false
}
