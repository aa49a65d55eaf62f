// Package cronspec is the DST-safe scheduler behind the v1 profile's
// extension operation v1.compute_next_run_dst_safe: cron-parser 5.5.0's
// grammar narrowed to a strict subset (5 fields, or 6 with seconds first; no
// L, W, # or H; nothing silently reinterpreted), with its DST bugs corrected
// (a run in a skipped hour moves forward, a fixed time runs once in a repeated
// hour whenever it is asked, no day is skipped). v1 as it shipped is
// reference/cronparser.
//
// The parser is written against cron-parser's own algorithm rather than on top
// of robfig/cron: the two disagree on exactly the points v1 depends on (the
// day-of-month/day-of-week "restricted" test is cron-parser's literal `*`/`?`
// while robfig uses a star bit that `*/1` and `*,1` also set; a day-of-week
// range ending in 7 always includes Sunday; duplicate list values are errors),
// so translating robfig's bit masks would cost more code than it saves.
package cronspec

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/reference/cronparser"
)

// ParseError reports an expression that Parse rejects. Field is "expression"
// for problems with the whole expression, otherwise the name of the field.
type ParseError struct {
	Expr, Field, Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("cronspec: cannot parse %q: %s: %s", e.Expr, e.Field, e.Reason)
}

// Schedule is a parsed cron expression.
type Schedule struct {
	second, minute uint64 // bits 0-59
	hour           uint32 // bits 0-23
	dom            uint32 // bits 1-31
	month          uint16 // bits 1-12
	dow            uint8  // bits 0-6; 7 is folded into 0 (Sunday)
	// domStar and dowStar record whether the raw field was exactly "*" or
	// "?": cron-parser decides "restricted" from the text, not the values,
	// so "1-31" or "*/1" in day-of-month is restricted and takes part in the
	// either-matches rule.
	domStar, dowStar bool
	// possible is false when no calendar day can ever match (e.g. "0 0 31 4,6 *",
	// which cron-parser accepts): Next then fails at once instead of searching.
	possible bool
}

// emptyExpr is what cron-parser 5.5.0 substitutes for the empty string
// (`expression || '0 * * * * *'`): every minute at second 0. A blank but
// non-empty expression gets no such treatment and fails there.
const emptyExpr = "0 * * * * *"

type field int

const (
	fSecond field = iota
	fMinute
	fHour
	fDom
	fMonth
	fDow
)

var fieldInfo = [...]struct {
	name     string
	min, max int
}{
	fSecond: {"second", 0, 59},
	fMinute: {"minute", 0, 59},
	fHour:   {"hour", 0, 23},
	fDom:    {"day-of-month", 1, 31},
	fMonth:  {"month", 1, 12},
	fDow:    {"day-of-week", 0, 7},
}

var monthNames = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}

var dayNames = map[string]int{
	"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6,
}

// maxDays is the longest each month can be (February 29 exists).
var maxDays = [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

const unsupported = "unsupported by this profile: "

// Parse parses a 5-field (minute hour day-of-month month day-of-week) or
// 6-field (second first) expression, or one of cron-parser's macros. Every
// error is a *ParseError.
func Parse(expr string) (*Schedule, error) {
	fail := func(f, format string, args ...any) (*Schedule, error) {
		return nil, &ParseError{Expr: expr, Field: f, Reason: fmt.Sprintf(format, args...)}
	}
	text := expr
	if text == "" {
		text = emptyExpr
	}
	if strings.HasPrefix(text, "@") {
		m, ok := cronparser.Macros[text] // looked up by exact, case-sensitive match of the whole expression, as cron-parser does
		if !ok && (strings.HasPrefix(text, "@every") || text == "@midnight" || text == "@reboot") {
			return fail("expression", unsupported+"%s (robfig-only; cron-parser 5.5.0 rejects it)", strings.Fields(text)[0])
		}
		if !ok {
			return fail("expression", unsupported+"macro %q (cron-parser 5.5.0 knows only @yearly @annually @monthly @weekly @daily @hourly @minutely @secondly @weekdays @weekends, case-sensitive, without surrounding blanks)", text)
		}
		text = m
	}
	if strings.HasPrefix(text, "CRON_TZ=") || strings.HasPrefix(text, "TZ=") {
		return fail("expression", unsupported+"CRON_TZ=/TZ= prefix (robfig-only; the zone is the configured TIMEZONE)")
	}
	atoms := strings.FieldsFunc(text, isJSSpace)
	switch len(atoms) {
	case 5:
		atoms = append([]string{"0"}, atoms...)
	case 6:
	case 0:
		return fail("expression", "blank expression (cron-parser 5.5.0 rejects it; only the empty string means every minute)")
	default:
		if len(atoms) > 6 {
			return fail("expression", "too many fields: got %d, want 5 or 6", len(atoms))
		}
		// cron-parser pads 1-4 fields with defaults into odd schedules
		// ("5 * * *" runs every second of 05:00); the profile does not.
		return fail("expression", unsupported+"%d fields (want 5, or 6 with seconds first)", len(atoms))
	}

	var masks [6]uint64
	for f := fSecond; f <= fDow; f++ {
		m, reason := parseField(f, atoms[f])
		if reason != "" {
			return fail(fieldInfo[f].name, "%s", reason)
		}
		masks[f] = m
	}
	s := &Schedule{
		second:  masks[fSecond],
		minute:  masks[fMinute],
		hour:    uint32(masks[fHour]),
		dom:     uint32(masks[fDom]),
		month:   uint16(masks[fMonth]),
		dow:     uint8(masks[fDow]&0x7f | masks[fDow]>>7&1),
		domStar: atoms[fDom] == "*" || atoms[fDom] == "?",
		dowStar: atoms[fDow] == "*" || atoms[fDow] == "?",
	}

	// cron-parser's "Invalid explicit day of month definition": with a single
	// month, the smallest day-of-month must fit in it. It ignores the
	// day-of-week, so "0 0 30 2 1" is rejected although Mondays would match.
	if bits.OnesCount16(s.month) == 1 {
		m := bits.TrailingZeros16(s.month)
		if d := bits.TrailingZeros32(s.dom); d > maxDays[m] {
			return fail("day-of-month", "day %d never occurs in month %d", d, m)
		}
	}

	s.possible = true
	if !s.domStar && s.dowStar {
		s.possible = false
		for m := 1; m <= 12; m++ {
			if s.month&(1<<m) != 0 && bits.TrailingZeros32(s.dom) <= maxDays[m] {
				s.possible = true
				break
			}
		}
	}
	return s, nil
}

// parseField returns the bit mask of one field, or a reason why it is invalid.
// It follows cron-parser's algorithm: `*` and `?` are the full range, `a/n`
// means a-max/n, a day-of-week range ending in 7 (or 0) also contains 0, a
// single day-of-week value is taken mod 7, and a value listed twice is an
// error.
func parseField(f field, raw string) (uint64, string) {
	lo, hi := fieldInfo[f].min, fieldInfo[f].max
	if strings.Contains(raw, "#") {
		return 0, unsupported + "# (nth weekday)"
	}
	var vals []int
	for _, atom := range strings.Split(raw, ",") {
		if atom == "" {
			return 0, fmt.Sprintf("empty list element in %q", raw)
		}
		base, stepText, hasStep := strings.Cut(atom, "/")
		step := 1
		if hasStep {
			if strings.Contains(stepText, "/") {
				return 0, fmt.Sprintf("too many slashes in %q", atom)
			}
			n, reason := value(fSecond, stepText)
			if reason != "" || n <= 0 {
				return 0, fmt.Sprintf("step %q in %q must be a positive integer", stepText, atom)
			}
			step = n
		}
		var from, to int
		switch {
		case base == "*" || base == "?" && (f == fDom || f == fDow):
			from, to = lo, hi
		case base == "?":
			return 0, unsupported + "? outside day-of-month and day-of-week"
		default:
			a, b, isRange := strings.Cut(base, "-")
			var reason string
			if from, reason = value(f, a); reason != "" {
				return 0, reason
			}
			switch {
			case isRange:
				if to, reason = value(f, b); reason != "" {
					return 0, reason
				}
			case hasStep:
				to = hi
			default:
				if from < lo || from > hi {
					return 0, fmt.Sprintf("value %d out of range %d-%d", from, lo, hi)
				}
				if f == fDow {
					from %= 7
				}
				vals = append(vals, from)
				continue
			}
			if from < lo || to > hi {
				return 0, fmt.Sprintf("range %d-%d out of range %d-%d", from, to, lo, hi)
			}
			if from > to {
				return 0, fmt.Sprintf("reversed range %d-%d", from, to)
			}
		}
		// A day-of-week range ending in 7 gets Sunday (0) whatever the
		// step, so "2-7/2" is Tue, Thu, Sat and Sun, as in cron-parser.
		if f == fDow && to%7 == 0 && from != 0 {
			vals = append(vals, 0)
		}
		for v := from; v <= to; v += step {
			vals = append(vals, v)
		}
	}

	var seen uint64
	dup := -1
	for _, v := range vals {
		if seen&(1<<v) != 0 && (dup < 0 || v < dup) {
			dup = v
		}
		seen |= 1 << v
	}
	// cron-parser reports the smallest duplicated value, but its check is
	// `if (duplicate)`, so a duplicated 0 passes (and hides any other
	// duplicate). That is why "0,7" (Sunday twice) and "0,0" are accepted
	// while "1,1" and "*,5" are not.
	if dup > 0 {
		return 0, fmt.Sprintf("duplicate value %d in %q", dup, raw)
	}
	return seen, ""
}

// value parses one endpoint: digits, or a three-letter name in the month and
// day-of-week fields.
func value(f field, s string) (int, string) {
	if isDigits(s) {
		n, err := strconv.Atoi(s)
		if err != nil {
			// Too many digits: cron-parser reads such a number as a huge
			// float, so it is out of range as a value and a step longer than
			// any field (only the first value) as a step.
			return 1 << 30, ""
		}
		return n, ""
	}
	lower := strings.ToLower(s)
	if f == fMonth || f == fDow {
		own, other := monthNames, dayNames
		if f == fDow {
			own, other = dayNames, monthNames
		}
		if n, ok := own[lower]; ok {
			return n, ""
		}
		if _, ok := other[lower]; ok {
			// cron-parser resolves either table in either field, so "jul"
			// as a weekday is 7 (Sunday) and "mon" as a month is January.
			return 0, fmt.Sprintf(unsupported+"name %q in the %s field", s, fieldInfo[f].name)
		}
	}
	switch {
	case lower == "l" || lower == "lw" || strings.HasSuffix(lower, "l") && isDigits(lower[:len(lower)-1]):
		return 0, unsupported + "L (last day)"
	case lower == "w" || strings.HasSuffix(lower, "w") && isDigits(lower[:len(lower)-1]):
		return 0, unsupported + "W (nearest weekday)"
	case lower == "h" || strings.HasPrefix(lower, "h("):
		return 0, unsupported + "H (hashed value)"
	case s == "":
		return 0, "missing value"
	}
	return 0, fmt.Sprintf("invalid value %q", s)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isJSSpace is JavaScript's \s (and String.prototype.trim's) set, which
// cron-parser splits fields on. It differs from unicode.IsSpace in U+0085
// (not a JS space) and U+FEFF (a JS space).
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}
