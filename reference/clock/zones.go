package clock

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// Zone is what a time is interpreted in: an IANA zone, or a fixed UTC offset
// written in a message ("9am UTC+5:30") that has no IANA id.
type Zone struct {
	// Name is the canonical IANA id (Asia/Tokyo, UTC, Etc/GMT-9) or, for a
	// fixed offset without an IANA id, "UTC+05:30".
	Name  string
	Loc   *time.Location
	Fixed bool // a fixed offset that is not an IANA zone
}

// UTC is the fallback zone of §4.2.
var UTC = Zone{Name: "UTC", Loc: time.UTC}

// Reasons a zone name is refused; they appear in resolution outputs.
const (
	ReasonEmpty        = "empty"
	ReasonAbbreviation = "abbreviation"  // EST, IST, BST…: never mapped silently (§4.2)
	ReasonNotIANAID    = "not_iana_id"   // a tzdb name that is not Area/Location (Japan, EST5EDT)
	ReasonUnknownZone  = "unknown_zone"  // not in the pinned tzdb at all
	ReasonUnknownPlace = "unknown_place" // no tzdb place of that name
	ReasonAmbiguous    = "ambiguous_place"
	ReasonFixedOffset  = "offset_without_iana_id"
)

// ZoneError says why a string is not an IANA zone id.
type ZoneError struct {
	Value  string
	Reason string
}

func (e *ZoneError) Error() string {
	switch e.Reason {
	case ReasonEmpty:
		return "the time zone is empty"
	case ReasonAbbreviation:
		return fmt.Sprintf("%q is an abbreviation, not an IANA time zone id; abbreviations are never mapped silently", e.Value)
	case ReasonNotIANAID:
		return fmt.Sprintf("%q is a legacy tzdb name, not an Area/Location IANA id", e.Value)
	}
	return fmt.Sprintf("%q is not an IANA time zone id", e.Value)
}

// abbreviationPattern: two to five ASCII letters. Every such word that is not
// UTC is treated as a zone abbreviation: EST, CST, IST, BST, AEST, CEST…
// Some are also tzdb link names (EST, MST, HST, CET); they are still
// abbreviations here, because §4.4 requires IANA ids, not abbreviations.
var abbreviationPattern = regexp.MustCompile(`^[A-Za-z]{2,5}$`)

// IsAbbreviation reports whether s is written like a zone abbreviation.
func IsAbbreviation(s string) bool {
	return abbreviationPattern.MatchString(s) && !strings.EqualFold(s, "UTC")
}

// CanonicalZone accepts an IANA time zone id — a tzdb name of the form
// Area/Location (any letter case; the canonical spelling is returned) or
// "UTC" — and refuses everything else: abbreviations, legacy names without
// an area (Japan, EST5EDT, Zulu), Factory, "" and unknown names. It never
// consults the host: zones come from the pinned tzdb only.
func CanonicalZone(name string) (Zone, error) {
	if strings.TrimSpace(name) == "" {
		return Zone{}, &ZoneError{name, ReasonEmpty}
	}
	if IsAbbreviation(name) {
		return Zone{}, &ZoneError{name, ReasonAbbreviation}
	}
	exact, ok := tzdb.Canonical(name)
	if !ok {
		return Zone{}, &ZoneError{name, ReasonUnknownZone}
	}
	if exact != "UTC" && !strings.Contains(exact, "/") {
		return Zone{}, &ZoneError{name, ReasonNotIANAID}
	}
	loc, err := tzdb.Load(exact)
	if err != nil {
		return Zone{}, &ZoneError{name, ReasonUnknownZone}
	}
	return Zone{Name: exact, Loc: loc}, nil
}

// offsetPattern: UTC or GMT, a sign, then hours (one or two digits),
// optionally ":MM", or four digits HHMM: UTC+9, UTC+09, UTC+09:00,
// GMT-0330. Three digits (UTC+930) are refused: 9:30 or 93 minutes?
var offsetPattern = regexp.MustCompile(`^(?i:utc|gmt)([+-])(?:([0-9]{1,2})(?::([0-9]{2}))?|([0-9]{2})([0-9]{2}))$`)

// Offset limits: the offsets in use run from -12:00 to +14:00.
const (
	minOffsetMinutes = -12 * 60
	maxOffsetMinutes = 14 * 60
)

// ParseOffsetZone reads "UTC+9"-style offsets. ok is false when s is not
// written as an offset at all; err is set when it is, but out of range. A
// whole-hour offset becomes its IANA id (UTC+9 → Etc/GMT-9, whose sign tzdb
// inverts; UTC+0 → UTC); any other offset is a fixed zone named UTC±hh:mm.
func ParseOffsetZone(s string) (z Zone, ok bool, err error) {
	m := offsetPattern.FindStringSubmatch(s)
	if m == nil {
		return Zone{}, false, nil
	}
	hs, ms := m[2], m[3]
	if m[4] != "" {
		hs, ms = m[4], m[5]
	}
	h, _ := strconv.Atoi(hs)
	mins := 0
	if ms != "" {
		mins, _ = strconv.Atoi(ms)
	}
	if mins > 59 {
		return Zone{}, true, fmt.Errorf("%q: minutes must be 00–59", s)
	}
	total := h*60 + mins
	if m[1] == "-" {
		total = -total
	}
	if total < minOffsetMinutes || total > maxOffsetMinutes {
		return Zone{}, true, fmt.Errorf("%q: offsets run from UTC-12:00 to UTC+14:00", s)
	}
	z, _ = offsetZone(total)
	return z, true, nil
}

// offsetZone is the zone for a fixed offset in minutes: UTC, Etc/GMT∓N for
// whole hours, else a fixed zone. iana reports whether it has an IANA id.
func offsetZone(total int) (Zone, bool) {
	if total == 0 {
		return UTC, true
	}
	if total%60 == 0 {
		name := fmt.Sprintf("Etc/GMT%+d", -total/60)
		if loc, err := tzdb.Load(name); err == nil {
			return Zone{Name: name, Loc: loc}, true
		}
	}
	sign, a := "+", total
	if a < 0 {
		sign, a = "-", -a
	}
	name := fmt.Sprintf("UTC%s%02d:%02d", sign, a/60, a%60)
	return Zone{Name: name, Loc: time.FixedZone(name, total*60), Fixed: true}, false
}

// UsesAbbreviation reports whether the zone shows abbr (any letter case) at
// some instant of the UTC calendar year of at: New York uses both EST and
// EDT in 2026, so "EST" written in July still names New York's zone.
func UsesAbbreviation(loc *time.Location, abbr string, at time.Time) bool {
	abbr = strings.ToUpper(abbr)
	y := at.UTC().Year()
	t := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(y+1, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 64 && t.Before(end); i++ {
		lt := t.In(loc)
		if name, _ := lt.Zone(); strings.ToUpper(name) == abbr {
			return true
		}
		_, next := lt.ZoneBounds()
		if next.IsZero() || !next.After(t) {
			break
		}
		t = next
	}
	return false
}

// DST resolutions reported when a local time is not exactly one instant.
const (
	DSTGap     = "gap"     // the local time was skipped; shifted forward by the gap's length
	DSTOverlap = "overlap" // the local time happened twice; the earlier instant is taken
)

// LocalToInstant turns a wall-clock time in a zone into an instant, with the
// pinned DST rules (the "compatible" disambiguation of RFC 5545 and
// JavaScript's Temporal): a time inside a spring-forward gap moves forward by
// the length of the gap (02:30 on a New York spring-forward day is 03:30
// EDT), and a time inside a fall-back overlap is the earlier of its two
// instants (01:30 on a New York fall-back day is 01:30 EDT). dst names the
// case, "" when the time is unambiguous.
func LocalToInstant(loc *time.Location, y int, mo time.Month, d, h, mi, s, ns int) (t time.Time, dst string) {
	wall := time.Date(y, mo, d, h, mi, s, ns, time.UTC)
	offAt := func(u time.Time) int { _, o := u.In(loc).Zone(); return o }
	before := offAt(wall.Add(-24 * time.Hour))
	after := offAt(wall.Add(24 * time.Hour))
	var found []time.Time
	for _, off := range []int{before, after} {
		c := wall.Add(-time.Duration(off) * time.Second)
		if offAt(c) == off && (len(found) == 0 || !found[0].Equal(c)) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return wall.Add(-time.Duration(before) * time.Second), DSTGap
	case 1:
		return found[0], ""
	}
	if found[1].Before(found[0]) {
		found[0] = found[1]
	}
	return found[0], DSTOverlap
}
