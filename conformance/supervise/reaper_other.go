//go:build !linux

package supervise

// AdoptOrphans does nothing outside Linux: there is no subreaper.
func AdoptOrphans() error { return nil }
