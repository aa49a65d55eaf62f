package conformance

import "testing"

// GodogRuns counts the runs that went through godog's runner.
func GodogRuns() int64 { return godogRuns.Load() }

// SelectableProfiles are the profiles a run with these options parses.
func SelectableProfiles(o Options) []string { return selectableProfiles(&o) }

// CucumberDiff compares godog's and the own loop's Cucumber JSON files.
func CucumberDiff(t *testing.T, godogFile, ownFile string) string {
	return cucumberDiff(t, godogFile, ownFile)
}
