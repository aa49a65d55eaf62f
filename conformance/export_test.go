package conformance

// GodogRuns counts the runs that went through godog's runner.
func GodogRuns() int64 { return godogRuns.Load() }
