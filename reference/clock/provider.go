package clock

import "time"

// Provider is the §4.4 timezone provider: the minimum interface every
// runtime (server, mobile node, browser worker) implements so that all of
// them resolve time the same way.
type Provider interface {
	// Now is the decision cycle's snapshot: the same instant for every
	// call of one cycle.
	Now() time.Time
	// AgentTimezone is the host's zone, or UTC.
	AgentTimezone() Zone
	// SessionTimezone resolves a thread's Session TZ by the §4.2 precedence.
	SessionTimezone(threadKey string) SessionResolution
	// OffsetMinutes is the DST-aware UTC offset of z at t.
	OffsetMinutes(z Zone, t time.Time) (int, error)
	// ToISO writes t in z as ISO 8601 with an offset.
	ToISO(t time.Time, z Zone) (string, error)
	// ParseAnchoredTime parses anchored times only (anchor nil: none).
	ParseAnchoredTime(text string, anchor *Zone, ref time.Time) ParseResult
}

// Snapshot is the reference Provider: everything it answers comes from its
// fields, which the caller fills once per decision cycle.
type Snapshot struct {
	At     time.Time // the cycle's now
	HostTZ string    // the host's zone as the OS reports it
	State  *State    // the state read at the start of the cycle
	// UserKey is the user the cycle answers; their default_tz is the
	// §4.2 step 3 candidate. "" → the thread's only participant, if any.
	UserKey string
}

var _ Provider = Snapshot{}

// Now returns the snapshot's instant.
func (s Snapshot) Now() time.Time { return s.At }

// AgentTimezone is AgentTimezone(HostTZ).
func (s Snapshot) AgentTimezone() Zone {
	z, _, _ := AgentTimezone(s.HostTZ)
	return z
}

// SessionTimezone reads the thread's stored override and the user's default
// from the state and applies §4.2.
func (s Snapshot) SessionTimezone(threadKey string) SessionResolution {
	return ResolveSession(s.SessionInput(threadKey))
}

// SessionInput gathers the §4.2 candidates the state holds for a thread.
func (s Snapshot) SessionInput(threadKey string) SessionInput {
	in := SessionInput{Now: s.At}
	if s.State == nil {
		return in
	}
	uk := s.UserKey
	if t := s.State.Threads[threadKey]; t != nil {
		in.ThreadOverride = t.SessionTZ
		if uk == "" && len(t.Participants) == 1 {
			// A group has no single user zone (§7.3): only a thread with
			// one participant takes that user's default.
			uk = t.Participants[0]
		}
	}
	if u := s.State.Users[uk]; u != nil {
		in.UserDefault = u.DefaultTZ
	}
	return in
}

// OffsetMinutes is the package function.
func (Snapshot) OffsetMinutes(z Zone, t time.Time) (int, error) { return OffsetMinutes(z.Loc, t) }

// ToISO is FormatInstant.
func (Snapshot) ToISO(t time.Time, z Zone) (string, error) { return FormatInstant(t, z.Loc) }

// ParseAnchoredTime is the package function.
func (Snapshot) ParseAnchoredTime(text string, anchor *Zone, ref time.Time) ParseResult {
	return ParseAnchoredTime(text, anchor, ref)
}

// NextSnapshot takes a decision cycle's now from the host clock, never going
// back before the previous cycle's snapshot: §4.4 calls now() monotonic, and
// a wall clock stepped back (NTP, a VM resumed) must not make elapsed time
// negative. clamped reports that the previous snapshot was kept.
func NextSnapshot(host, previous time.Time, hasPrevious bool) (now time.Time, clamped bool) {
	if hasPrevious && host.Before(previous) {
		return previous, true
	}
	return host, false
}
