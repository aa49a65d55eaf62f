package clock

import (
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// Duration is an ISO 8601 duration of the policy (elapsed_gte: P1D), kept as
// written and as an exact length.
type Duration struct {
	Text string
	D    time.Duration
}

// durationPattern is the accepted subset of ISO 8601 durations: weeks, days,
// hours, minutes and seconds, each a whole number, upper-case designators.
// Years and months are refused: they have no fixed length, and elapsed time
// is measured between absolute instants (§2 "Elapsed"), so P30D, not P1M.
// Fractions (PT1.5H) are refused too: PT90M says the same thing exactly.
var durationPattern = regexp.MustCompile(`^P(?:([0-9]+)W)?(?:([0-9]+)D)?(?:T(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?)?$`)

// calendarUnits recognises the Y and M (month) designators to explain the
// refusal rather than just call the text malformed.
var calendarUnits = regexp.MustCompile(`^P(?:[0-9]+Y|(?:[0-9]+Y)?[0-9]+M)(?:[0-9]+W)?(?:[0-9]+D)?(?:T(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+S)?)?$`)

// MaxDuration bounds a duration: 36500 days (about a century), far beyond
// any check-in gap, and far from overflowing a time.Duration.
const MaxDuration = 36500 * 24 * time.Hour

// ParseDuration reads an ISO 8601 duration of the accepted subset. P0D and
// PT0S are valid (a zero threshold).
func ParseDuration(s string) (Duration, error) {
	m := durationPattern.FindStringSubmatch(s)
	if m == nil || s == "P" || s[len(s)-1] == 'T' {
		if calendarUnits.MatchString(s) {
			return Duration{}, fmt.Errorf("%q uses years or months, which have no fixed length; write days (P30D) instead", s)
		}
		return Duration{}, fmt.Errorf("%q is not an ISO 8601 duration such as P1D, PT2H or P1DT12H (whole weeks, days, hours, minutes, seconds)", s)
	}
	units := []time.Duration{7 * 24 * time.Hour, 24 * time.Hour, time.Hour, time.Minute, time.Second}
	var total time.Duration
	for i, u := range units {
		if m[i+1] == "" {
			continue
		}
		n, err := strconv.ParseInt(m[i+1], 10, 64)
		if err != nil || n > int64(MaxDuration/u) {
			return Duration{}, fmt.Errorf("%q is longer than P36500D", s)
		}
		total += time.Duration(n) * u
		if total > MaxDuration {
			return Duration{}, fmt.Errorf("%q is longer than P36500D", s)
		}
	}
	return Duration{Text: s, D: total}, nil
}

// MarshalJSON writes the duration as written.
func (d Duration) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(d.Text)), nil }
