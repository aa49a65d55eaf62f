package conformance

import (
	"strings"
	"sync"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// The embedded spec and features never change within a process; loading
// them (schema compilation, Gherkin parsing) once keeps repeated runs cheap.
//
// A run of the embedded suite whose Tags or Run can only select the
// scenarios of some profiles parses only those profiles' features and spec
// (selection.Profiles). Known-failing and known-flaky lists need the whole
// suite (a pattern matching none of its scenarios is stale), and so does an
// error about a tag (Run loads the whole suite again to word it).
var (
	embeddedCatalog = sync.OnceValues(spec.Load)
	partialCatalogs sync.Map // the profiles joined by "," -> func() (*spec.Catalog, error)
	embeddedSuites  sync.Map // the profiles joined by "," ("" for all) → *embeddedLoad
)

// catalogOf is the embedded spec of just these profiles, loaded once per
// set.
func catalogOf(profiles []string) (*spec.Catalog, error) {
	load, _ := partialCatalogs.LoadOrStore(strings.Join(profiles, ","), sync.OnceValues(func() (*spec.Catalog, error) {
		return spec.LoadProfiles(profiles...)
	}))
	return load.(func() (*spec.Catalog, error))()
}

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
// scenarios the options can select, or nil when that may be any of them.
func selectableProfiles(o *Options) []string {
	if len(o.KnownFailing)+len(o.KnownFlaky) > 0 {
		return nil
	}
	return selection.Profiles(features.FS(), o.Tags, o.Run)
}
