package clock

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Parse kinds (§4.4 ParseResult).
const (
	KindAbsolute = "absolute" // a calendar date (and time) or an instant: the reference instant plays no part
	KindRelative = "relative" // computed from the reference instant: in 2 hours, tomorrow 09:00, 9am
	KindFloating = "floating" // a time without the zone it needs, or a vague one: never an instant
	KindInvalid  = "invalid"  // outside the grammar: never guessed
)

// Zone sources of a parse result.
const (
	ZoneFromText   = "text"
	ZoneFromAnchor = "anchor"
)

// ParseResult is the §4.4 ParseResult.
type ParseResult struct {
	Kind               string
	Start, End         *time.Time
	Zone               *Zone  // the zone the text was read in
	ZoneSource         string // text, anchor or ""
	DST                string // DSTGap, DSTOverlap or ""
	NeedsClarification bool
	Question           string
}

// The grammar (spec/clock-core/grammar.md says the same in prose; its case
// table is the suite's parse scenarios). Text is split on white space;
// keywords match without regard to letter case.
var (
	instantText = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt ]([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?)([Zz]|[+-][0-9]{2}:[0-9]{2})$`)
	dateToken   = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
	dateTime    = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt]([0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)$`)
	time24      = regexp.MustCompile(`^([01]?[0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?$`)
	time12      = regexp.MustCompile(`^(1[0-2]|0?[1-9])(?::([0-5][0-9]))?(am|pm)$`)
	countToken  = regexp.MustCompile(`^[0-9]{1,6}$`)
)

// MaxCount is the largest N of "in N units" / "N units ago" (six digits).
const MaxCount = 999999

var units = map[string]string{
	"minute": "minute", "minutes": "minute", "min": "minute", "mins": "minute",
	"hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour",
	"day": "day", "days": "day",
	"week": "week", "weeks": "week",
}

// Vague phrases are time words that name no time: they stay floating even
// with a zone, and the user is asked (§4.3: no concrete time from floating
// time). "midnight" is here because "tomorrow midnight" names either end of
// a day.
var vague = map[string]bool{
	"tonight": true, "this morning": true, "this afternoon": true, "this evening": true,
	"tomorrow morning": true, "tomorrow afternoon": true, "tomorrow evening": true, "tomorrow night": true,
	"morning": true, "afternoon": true, "evening": true, "later": true, "later today": true,
	"soon": true, "midnight": true, "end of day": true, "eod": true,
}

var dayWords = map[string]int{"yesterday": -1, "today": 0, "tomorrow": 1}

// keywords never read as a zone abbreviation.
var keywords = map[string]bool{
	"am": true, "pm": true, "at": true, "in": true, "ago": true, "now": true, "noon": true,
	"a": true, "an": true, "eod": true, "today": true, "time": true,
}

func init() {
	for u := range units {
		keywords[u] = true
	}
	for w := range vague {
		for _, part := range strings.Fields(w) {
			keywords[part] = true
		}
	}
}

type clockTime struct{ h, m, s int }

type when struct {
	date    *time.Time // a calendar date (DATE), in UTC as a plain date
	dayWord string     // today, tomorrow, yesterday
	tod     *clockTime
}

// ParseAnchoredTime is §4.4 parse_anchored_time. anchor is the Session TZ
// (nil when the caller has none); ref is the reference instant.
func ParseAnchoredTime(text string, anchor *Zone, ref time.Time) ParseResult {
	tokens := strings.Fields(text)
	norm := strings.Join(tokens, " ")
	lower := strings.ToLower(norm)
	if len(tokens) == 0 {
		return ParseResult{Kind: KindInvalid}
	}
	// An instant with an offset needs nothing else.
	if m := instantText.FindStringSubmatch(norm); m != nil {
		iso := m[1] + "T" + m[2]
		if len(m[2]) == 5 {
			iso += ":00"
		}
		iso += strings.ToUpper(m[3])
		t, err := ParseInstant(iso)
		if err != nil {
			return ParseResult{Kind: KindInvalid}
		}
		_, off := t.Zone()
		z, _ := offsetZone(off / 60)
		return ParseResult{Kind: KindAbsolute, Start: &t, Zone: &z, ZoneSource: ZoneFromText}
	}
	if lower == "now" {
		return ParseResult{Kind: KindRelative, Start: &ref}
	}
	if r, ok := parseDuration(strings.Fields(lower), ref); ok {
		return r
	}
	// Split off a trailing zone: the longest suffix of up to five words that
	// reads as one, leaving at least one word.
	var (
		zone *Zone
		abbr string
	)
	rest := tokens
	for k := min(5, len(tokens)-1); k >= 1; k-- {
		suffix := strings.Join(tokens[len(tokens)-k:], " ")
		if k == 1 && keywords[strings.ToLower(suffix)] {
			continue
		}
		if k == 1 && (time24.MatchString(suffix) || dateToken.MatchString(suffix)) {
			continue
		}
		z, a, reason := ParseZoneExpression(suffix, false)
		// In free text an abbreviation is written in capitals (EST, IST);
		// a lower-case word ("sharp", "pls") is a word, not a zone.
		if a != "" && k == 1 && suffix == strings.ToUpper(suffix) {
			abbr, rest = a, tokens[:len(tokens)-k]
			break
		}
		if reason == "" && a == "" {
			zone, rest = &z, tokens[:len(tokens)-k]
			break
		}
		if reason == ReasonFixedOffset {
			if oz, ok, err := ParseOffsetZone(suffix); ok && err == nil {
				zone, rest = &oz, tokens[:len(tokens)-k]
				break
			}
		}
	}
	restText := strings.ToLower(strings.Join(rest, " "))
	if vague[restText] {
		q := fmt.Sprintf("What exact time do you mean by %q?", strings.Join(rest, " "))
		if zone == nil && anchor == nil {
			q = fmt.Sprintf("What exact time do you mean by %q, and in which time zone?", strings.Join(rest, " "))
		}
		return ParseResult{Kind: KindFloating, NeedsClarification: true, Question: q}
	}
	w, ok := parseWhen(rest)
	if !ok {
		return ParseResult{Kind: KindInvalid}
	}
	res := ParseResult{}
	switch {
	case zone != nil:
		res.Zone, res.ZoneSource = zone, ZoneFromText
	case abbr != "":
		// An abbreviation resolves only through the anchor: when the
		// Session TZ uses it this year, it names that zone (§4.2).
		if anchor == nil || !UsesAbbreviation(anchor.Loc, abbr, ref) {
			return ParseResult{Kind: KindFloating, NeedsClarification: true, Question: ClarifyZone(abbr)}
		}
		res.Zone, res.ZoneSource = anchor, ZoneFromAnchor
	case anchor != nil:
		res.Zone, res.ZoneSource = anchor, ZoneFromAnchor
	default:
		return ParseResult{Kind: KindFloating, NeedsClarification: true,
			Question: fmt.Sprintf("Which time zone is %q in?", norm)}
	}
	return resolveWhen(w, res, ref)
}

// parseDuration reads "in N units", "in a|an unit" and "N units ago".
func parseDuration(t []string, ref time.Time) (ParseResult, bool) {
	var count, unit string
	sign := 1
	switch {
	case len(t) == 3 && t[0] == "in":
		count, unit = t[1], t[2]
	case len(t) == 3 && t[2] == "ago":
		count, unit, sign = t[0], t[1], -1
	default:
		return ParseResult{}, false
	}
	u, ok := units[unit]
	if !ok {
		return ParseResult{}, false
	}
	n := 0
	switch {
	case count == "a" || count == "an":
		n = 1
	case countToken.MatchString(count):
		n, _ = strconv.Atoi(count)
	default:
		return ParseResult{Kind: KindInvalid}, true
	}
	n *= sign
	var at time.Time
	switch u {
	case "minute":
		at = ref.Add(time.Duration(n) * time.Minute)
	case "hour":
		at = ref.Add(time.Duration(n) * time.Hour)
	case "day":
		at = ref.UTC().AddDate(0, 0, n).In(ref.Location())
	case "week":
		at = ref.UTC().AddDate(0, 0, 7*n).In(ref.Location())
	}
	return ParseResult{Kind: KindRelative, Start: &at}, true
}

// parseWhen reads [DAY] [at] TIME, [at] TIME [DAY], or DAY alone, where DAY
// is today, tomorrow, yesterday or YYYY-MM-DD; DATE'T'TIME is one word.
func parseWhen(tokens []string) (when, bool) {
	var w when
	t := make([]string, 0, len(tokens)+1)
	for _, tok := range tokens {
		if m := dateTime.FindStringSubmatch(tok); m != nil {
			t = append(t, m[1], m[2])
			continue
		}
		t = append(t, strings.ToLower(tok))
	}
	day := func(i int) bool {
		if i >= len(t) {
			return false
		}
		if _, ok := dayWords[t[i]]; ok {
			if w.dayWord != "" || w.date != nil {
				return false
			}
			w.dayWord = t[i]
			return true
		}
		if dateToken.MatchString(t[i]) {
			d, err := time.Parse("2006-01-02", t[i])
			if err != nil || w.dayWord != "" || w.date != nil {
				return false
			}
			w.date = &d
			return true
		}
		return false
	}
	i := 0
	if day(i) {
		i++
	}
	if i < len(t) && t[i] == "at" {
		i++
		if i == len(t) {
			return w, false
		}
	}
	if i < len(t) {
		ct, n, ok := parseClock(t[i:])
		if !ok {
			return w, false
		}
		w.tod = &ct
		i += n
		if day(i) {
			i++
		}
	}
	return w, i == len(t) && (w.tod != nil || w.dayWord != "" || w.date != nil)
}

// parseClock reads a time of day from the start of t: 24-hour H:MM[:SS],
// 12-hour H[:MM]am|pm (the am/pm may be its own word), or noon. It returns
// how many words it used.
func parseClock(t []string) (clockTime, int, bool) {
	if t[0] == "noon" {
		return clockTime{12, 0, 0}, 1, true
	}
	twelve := len(t) > 1 && (t[1] == "am" || t[1] == "pm")
	if m := time24.FindStringSubmatch(t[0]); m != nil && !twelve {
		h, _ := strconv.Atoi(m[1])
		mi, _ := strconv.Atoi(m[2])
		s := 0
		if m[3] != "" {
			s, _ = strconv.Atoi(m[3])
		}
		return clockTime{h, mi, s}, 1, true
	}
	word, n := t[0], 1
	if twelve {
		word, n = t[0]+t[1], 2
	}
	m := time12.FindStringSubmatch(word)
	if m == nil {
		return clockTime{}, 0, false
	}
	h, _ := strconv.Atoi(m[1])
	mi := 0
	if m[2] != "" {
		mi, _ = strconv.Atoi(m[2])
	}
	h %= 12
	if m[3] == "pm" {
		h += 12
	}
	return clockTime{h, mi, 0}, n, true
}

// resolveWhen turns a parsed DAY/TIME into instants in res.Zone.
func resolveWhen(w when, res ParseResult, ref time.Time) ParseResult {
	loc := res.Zone.Loc
	res.Kind = KindRelative
	var y int
	var mo time.Month
	var d int
	switch {
	case w.date != nil:
		y, mo, d = w.date.Date()
		res.Kind = KindAbsolute
	case w.dayWord != "":
		y, mo, d = ref.In(loc).Date()
		d += dayWords[w.dayWord]
	}
	if w.tod == nil {
		start, dst := LocalToInstant(loc, y, mo, d, 0, 0, 0, 0)
		end, _ := LocalToInstant(loc, y, mo, d+1, 0, 0, 0, 0)
		res.Start, res.End, res.DST = &start, &end, dst
		return res
	}
	if w.date == nil && w.dayWord == "" {
		// A bare time of day is its next occurrence at or after the
		// reference instant, in the zone.
		y, mo, d = ref.In(loc).Date()
		at, dst := LocalToInstant(loc, y, mo, d, w.tod.h, w.tod.m, w.tod.s, 0)
		if at.Before(ref) {
			at, dst = LocalToInstant(loc, y, mo, d+1, w.tod.h, w.tod.m, w.tod.s, 0)
		}
		res.Start, res.DST = &at, dst
		return res
	}
	at, dst := LocalToInstant(loc, y, mo, d, w.tod.h, w.tod.m, w.tod.s, 0)
	res.Start, res.DST = &at, dst
	return res
}
