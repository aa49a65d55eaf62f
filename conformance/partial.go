package conformance

import (
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/clockspec/clockspec/features"
)

// A run of the embedded suite whose --tags or --run can only select the
// scenarios of some profiles parses only those profiles' features (about a
// sixth of the parsing for --tags @v1). Which profiles those are is decided
// without parsing: a --run pattern names its profile in its first segment,
// and a tag a profile's files never write (features.MayCarryTag) is on none
// of its scenarios. Known-failing and known-flaky lists need the whole
// suite (a pattern matching none of its scenarios is stale), and so does an
// error about a tag (Run loads the whole suite again to word it).

// embeddedSuites are the embedded features, loaded once per set of
// profiles ("" for all of them).
var embeddedSuites sync.Map // string → *embeddedLoad

type embeddedLoad struct {
	once  sync.Once
	suite *features.Suite
	err   error
}

// embeddedSuiteOf loads the named profiles of the embedded features (all
// of them for nil), once per process.
func embeddedSuiteOf(profiles []string) (*features.Suite, error) {
	v, _ := embeddedSuites.LoadOrStore(strings.Join(profiles, ","), &embeddedLoad{})
	l := v.(*embeddedLoad)
	l.once.Do(func() { l.suite, l.err = features.LoadProfiles(features.FS(), profiles) })
	return l.suite, l.err
}

// selectableProfiles lists the profiles of the embedded features whose
// scenarios the options can select, or nil when that may be any of them
// (or none: the whole suite then says why in its own words).
func selectableProfiles(o *Options) []string {
	if len(o.KnownFailing)+len(o.KnownFlaky) > 0 {
		return nil
	}
	expr := strings.TrimSpace(o.Tags)
	if expr == "" && len(o.Run) == 0 {
		return nil
	}
	var te *tagExpr
	if expr != "" {
		var err error
		if te, err = parseTagExpr(o.Tags); err != nil {
			return nil
		}
	}
	fsys := features.FS()
	folders, err := features.Folders(fsys)
	if err != nil {
		return nil
	}
	var out []string
	for _, p := range folders {
		if runMayMatch(o.Run, p) && (te == nil || te.mayMatchIn(fsys, p)) {
			out = append(out, p)
		}
	}
	if len(out) == 0 || len(out) == len(folders) {
		return nil
	}
	return out
}

// runMayMatch reports whether a --run pattern can match an id of the
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
