package conformance

// GodogRuns counts the runs that went through godog's runner.
func GodogRuns() int64 { return godogRuns.Load() }

// SelectableProfiles are the profiles a run with these options parses.
func SelectableProfiles(o Options) []string { return selectableProfiles(&o) }
