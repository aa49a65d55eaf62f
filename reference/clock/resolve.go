package clock

import (
	"fmt"
	"strings"
	"time"
)

// Session TZ sources, in the §4.2 precedence order.
const (
	FromExplicit       = "explicit"        // 1) written in the message
	FromThreadOverride = "thread_override" // 2) stored session override for this thread
	FromUserDefault    = "user_default"    // 3) the user's profile default
	FromLocation       = "location"        // 4) an unambiguous place mentioned
	FromFallback       = "fallback"        // 5) UTC
)

// SessionInput is everything §4.2 looks at. Empty strings are absent.
type SessionInput struct {
	Explicit          string // a zone as the message writes it: "Tokyo time", "UTC+9", "Asia/Tokyo", "EST"
	ThreadOverride    string // threads[k].session_tz
	UserDefault       string // users[u].default_tz
	MentionedLocation string // a place the message mentions: "Tokyo"
	TimeSensitive     bool   // the prompt is about a time (scheduling, reminders, deadlines)
	Now               time.Time
}

// Skipped records a candidate that was present but not used, and why: an
// invalid stored zone is never silently replaced, it is reported.
type Skipped struct {
	Source string `json:"source"`
	Value  string `json:"value"`
	Reason string `json:"reason"`
}

// SessionResolution is the outcome of §4.2.
type SessionResolution struct {
	Zone   *Zone  // nil when the user must be asked
	Source string // one of the From* constants
	// Notice: the zone is the UTC fallback and the prompt is time-sensitive,
	// so the agent must say that it assumed UTC.
	Notice             bool
	NeedsClarification bool
	Question           string
	// AbbreviationVia names the known zone an abbreviation in the message
	// was resolved through (thread_override or user_default), "" otherwise.
	AbbreviationVia string
	Skipped         []Skipped
}

// ClarifyZone is the question asked when a zone cannot be resolved.
func ClarifyZone(written string) string {
	return fmt.Sprintf("Which time zone do you mean by %q? Please name a city or an IANA time zone (for example Asia/Tokyo).", written)
}

// ResolveSession applies the §4.2 precedence. An explicit zone in the message
// always decides: if it cannot be resolved the answer is a question, never a
// lower-precedence zone, because the user did say something and guessing
// past it would be silent. Invalid stored zones are skipped and reported.
func ResolveSession(in SessionInput) SessionResolution {
	var r SessionResolution
	known := []struct {
		source string
		zone   Zone
	}{}
	for _, c := range []struct{ source, value string }{{FromThreadOverride, in.ThreadOverride}, {FromUserDefault, in.UserDefault}} {
		if c.value == "" {
			continue
		}
		z, err := CanonicalZone(c.value)
		if err != nil {
			r.Skipped = append(r.Skipped, Skipped{c.source, c.value, err.(*ZoneError).Reason})
			continue
		}
		known = append(known, struct {
			source string
			zone   Zone
		}{c.source, z})
	}
	if strings.TrimSpace(in.Explicit) != "" {
		r.Source = FromExplicit
		z, abbr, reason := ParseZoneExpression(in.Explicit, true)
		switch {
		case reason == "" && abbr == "":
			r.Zone = &z
		case abbr != "":
			// §4.2: an abbreviation resolves through known user context or
			// is asked about. The context is the zones already known for
			// this thread and user; it resolves only when exactly one of
			// them uses the abbreviation this year.
			var hits []int
			for i, k := range known {
				if UsesAbbreviation(k.zone.Loc, abbr, in.Now) && (len(hits) == 0 || known[hits[0]].zone.Name != k.zone.Name) {
					hits = append(hits, i)
				}
			}
			if len(hits) == 1 {
				z := known[hits[0]].zone
				r.Zone, r.AbbreviationVia = &z, known[hits[0]].source
			}
		}
		if r.Zone == nil {
			r.NeedsClarification = true
			r.Question = ClarifyZone(strings.Join(strings.Fields(in.Explicit), " "))
		}
		return r
	}
	if len(known) > 0 {
		z := known[0].zone
		r.Zone, r.Source = &z, known[0].source
		return r
	}
	if strings.TrimSpace(in.MentionedLocation) != "" {
		z, reason := LookupMentionedPlace(in.MentionedLocation)
		if reason == "" {
			r.Zone, r.Source = &z, FromLocation
			return r
		}
		r.Skipped = append(r.Skipped, Skipped{FromLocation, in.MentionedLocation, reason})
	}
	z := UTC
	r.Zone, r.Source, r.Notice = &z, FromFallback, in.TimeSensitive
	return r
}

// ParseZoneExpression reads a zone as a message writes it: "UTC"; an offset
// (UTC+9, GMT-03:30) or an instant carrying one; an IANA id (any letter
// case); "<place> time" ("Tokyo time", "New York time"); with allowPlace, a
// bare place ("Tokyo"). An abbreviation is returned in abbr for the caller to
// resolve through context. reason is set when the text is not a usable zone:
// an offset without an IANA id (UTC+5:30) is not a Session TZ, since §4.4
// requires IANA ids, and is reported with ReasonFixedOffset.
func ParseZoneExpression(s string, allowPlace bool) (z Zone, abbr string, reason string) {
	s = strings.Join(strings.Fields(s), " ")
	if strings.EqualFold(s, "UTC") {
		return UTC, "", ""
	}
	if t, err := ParseInstant(s); err == nil {
		// An instant's offset is explicit too; it names a zone only when
		// it has an IANA id (whole hours, Etc/GMT∓N).
		_, off := t.Zone()
		oz, iana := offsetZone(off / 60)
		if !iana {
			return Zone{}, "", ReasonFixedOffset
		}
		return oz, "", ""
	}
	if oz, ok, err := ParseOffsetZone(s); ok {
		if err != nil {
			return Zone{}, "", ReasonUnknownZone
		}
		if oz.Fixed {
			return Zone{}, "", ReasonFixedOffset
		}
		return oz, "", ""
	}
	if strings.Contains(s, "/") {
		z, err := CanonicalZone(s)
		if err != nil {
			return Zone{}, "", err.(*ZoneError).Reason
		}
		return z, "", ""
	}
	if lower := strings.ToLower(s); strings.HasSuffix(lower, " time") {
		z, reason := LookupPlace(s[:len(s)-len(" time")])
		return z, "", reason
	}
	if allowPlace {
		if z, reason := LookupPlace(s); reason == "" {
			return z, "", ""
		}
	}
	if IsAbbreviation(s) {
		return Zone{}, strings.ToUpper(s), ""
	}
	if _, err := CanonicalZone(s); err != nil {
		return Zone{}, "", err.(*ZoneError).Reason
	}
	return Zone{}, "", ReasonNotIANAID
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Agent TZ sources.
const (
	AgentFromHost     = "host"
	AgentFromFallback = "fallback"
)

// AgentTimezone is §4.2's agent TZ: the host's zone when it is an IANA id,
// else UTC. The host's zone is an input, never read here.
func AgentTimezone(host string) (Zone, string, *Skipped) {
	if host != "" {
		z, err := CanonicalZone(host)
		if err == nil {
			return z, AgentFromHost, nil
		}
		return UTC, AgentFromFallback, &Skipped{"host", host, err.(*ZoneError).Reason}
	}
	return UTC, AgentFromFallback, nil
}

// Delta is §4.2's delta hours, computed in minutes (§2: compare in minutes).
type Delta struct {
	SessionOffsetMinutes int
	AgentOffsetMinutes   int
	Minutes              int
}

// Hours is delta_hours: fractional, e.g. 5.5, 5.75, -3.5.
func (d Delta) Hours() float64 { return float64(d.Minutes) / 60 }

// DeltaAt is (Session TZ offset) − (Agent TZ offset) at the instant at, each
// offset DST-aware.
func DeltaAt(session, agent Zone, at time.Time) (Delta, error) {
	so, err := OffsetMinutes(session.Loc, at)
	if err != nil {
		return Delta{}, err
	}
	ao, err := OffsetMinutes(agent.Loc, at)
	if err != nil {
		return Delta{}, err
	}
	return Delta{so, ao, so - ao}, nil
}

// RelativeTimesAmbiguous applies ambiguity_threshold_hours (§0): when the
// Session TZ and the Agent TZ are at least that far apart, a relative
// expression ("tomorrow", "tonight") can name different days for the user
// and the host, so it must be anchored explicitly.
func RelativeTimesAmbiguous(d Delta, thresholdHours float64) bool {
	return float64(abs(d.Minutes)) >= thresholdHours*60
}
