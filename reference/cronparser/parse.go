// Package cronparser is the npm package cron-parser 5.5.0 (with the luxon
// 3.7 date arithmetic it runs on) in Go: the library NanoClaw v1 called as
// CronExpressionParser.parse(expr, {tz}).next().toISOString().
//
// It follows cron-parser's own algorithm step by step, quirks included,
// because the v1 profile certifies v1 as it shipped:
//   - the grammar: 1–6 fields, n < 6 fields preceded by the last 6−n of the
//     defaults "* * * * * 0" (five fields get second 0; "0 9 * *" is every
//     second of 00:00 on the 9th); the macros (@daily …, exact case); `*` and `?` anywhere; three-letter month and
//     weekday names resolved in either field and inside words ("1jan" is
//     11); "1-2-3" read as 1-2; "a/n" and "/n"; L, # and H; a duplicated 0
//     allowed; an impossible single-month day refused at parse;
//   - the search (CronExpression#findSchedule): at most 9,999 steps, after
//     which it returns whatever date it reached (its "loop limit" error is
//     unreachable), so a schedule that never fires answers a date years
//     ahead; luxon's wall-time resolution, which moves a run in a skipped
//     hour forward; cron-parser's DST markers, which run a fixed-time job a
//     second time when asked during the second pass of a repeated hour and
//     skip a day when asked before some spring-forward transitions.
//
// Next never corrects any of that; reference/cronspec is the corrected
// scheduler.
package cronparser

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/reference/jsrt"
)

// Error is an error cron-parser 5.5.0 throws, with its message.
type Error struct {
	Expr string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("cron-parser: %q: %s", e.Expr, e.Msg) }

type fieldKind int

const (
	fSecond fieldKind = iota
	fMinute
	fHour
	fDom
	fMonth
	fDow
)

var constraints = [...]struct {
	name     string
	min, max float64
	chars    string // the special characters kept as strings (L)
	valid    *regexp.Regexp
}{
	fSecond: {"CronSecond", 0, 59, "", validChars(`[?,*\dH/-]`)},
	fMinute: {"CronMinute", 0, 59, "", validChars(`[?,*\dH/-]`)},
	fHour:   {"CronHour", 0, 23, "", validChars(`[?,*\dH/-]`)},
	fDom:    {"CronDayOfMonth", 1, 31, "L", validChars(`[?,*\dLH/-]`)},
	fMonth:  {"CronMonth", 1, 12, "", validChars(`[?,*\dH/-]`)},
	fDow:    {"CronDayOfWeek", 0, 7, "L", validChars(`[?,*\dLH#/-]`)},
}

// validChars is CronField.validChars: the field's characters only, or
// anything at all around a well-formed H(a-b)/n, H(a-b) or H/n.
func validChars(class string) *regexp.Regexp {
	return regexp.MustCompile(`^` + class + `+$|^.*H\(\d+-\d+\)\/\d+.*$|^.*H\(\d+-\d+\).*$|^.*H\/\d+.*$`)
}

// Macros are cron-parser's predefined expressions, matched by exact,
// case-sensitive string: "@DAILY" and " @daily" are not macros. The strict
// scheduler (reference/cronspec) reads the same table.
var Macros = map[string]string{
	"@yearly":   "0 0 0 1 1 *",
	"@annually": "0 0 0 1 1 *",
	"@monthly":  "0 0 0 1 * *",
	"@weekly":   "0 0 0 * * 0",
	"@daily":    "0 0 0 * * *",
	"@hourly":   "0 0 * * * *",
	"@minutely": "0 * * * * *",
	"@secondly": "* * * * * *",
	"@weekdays": "0 0 0 * * 1-5",
	"@weekends": "0 0 0 * * 0,6",
}

var aliases = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
	"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6,
}

// value is one element of a field: a number, or a string such as "L" or
// "5L" (the last day; the last Friday). Numbers are JavaScript numbers, so
// floats: a value such as 1.5 can sneak in next to an H/n.
type value struct {
	num   float64
	str   string
	isStr bool
}

type field struct {
	values   []value
	wildcard bool // the raw field was exactly * or ?
	hasLast  bool // the raw field contains L
}

// Expression is a parsed cron expression (cron-parser's CronExpression).
type Expression struct {
	expr   string
	fields [6]field
	nthDay int // the # of the day-of-week field, 0 when none
}

// Options are the parse options v1 could influence.
type Options struct {
	// HashSeed is cron-parser's hashSeed; v1 passed none.
	HashSeed *string
	// Seed stands in for Math.random's draw when HashSeed is nil: every
	// seed gives an answer v1 could have given for an expression with H.
	Seed uint32
}

// Parse is CronExpressionParser.parse(expression, options) with strict off.
// Every error is an *Error carrying cron-parser's message.
func Parse(expression string, opts Options) (*Expression, error) {
	e, err := parse(expression, opts)
	if err != nil {
		return nil, &Error{Expr: expression, Msg: err.Error()}
	}
	return e, nil
}

type parseError string

func (p parseError) Error() string { return string(p) }

func failf(format string, args ...any) error { return parseError(fmt.Sprintf(format, args...)) }

func parse(expression string, opts Options) (*Expression, error) {
	seed := opts.Seed
	if opts.HashSeed != nil && *opts.HashSeed != "" {
		seed = xfnv1a(*opts.HashSeed)
	}
	rand := mulberry32(seed)
	if m, ok := Macros[expression]; ok {
		expression = m
	}
	raw, err := rawFields(expression)
	if err != nil {
		return nil, err
	}
	e := &Expression{expr: expression}
	dow, nth, err := parseNthDay(raw[fDow])
	if err != nil {
		// cron-parser parses the other fields first; their errors win.
		for _, f := range []fieldKind{fSecond, fMinute, fHour, fMonth, fDom} {
			if _, ferr := parseField(f, raw[f], rand); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	e.nthDay = nth
	for _, f := range []fieldKind{fSecond, fMinute, fHour, fMonth, fDom, fDow} {
		text := raw[f]
		if f == fDow {
			text = dow
		}
		vals, err := parseField(f, text, rand)
		if err != nil {
			return nil, err
		}
		e.fields[f] = field{
			values:   vals,
			wildcard: raw[f] == "*" || raw[f] == "?",
			hasLast:  strings.Contains(raw[f], "L") || hasString(vals, "L"),
		}
	}
	// CronField constructors validate in field order.
	for _, f := range []fieldKind{fSecond, fMinute, fHour, fDom, fMonth, fDow} {
		if err := validate(f, e.fields[f].values); err != nil {
			return nil, err
		}
	}
	month, dom := e.fields[fMonth].values, e.fields[fDom]
	if len(month) == 1 && !dom.hasLast {
		d, ok := jsrt.ParseInt10(dom.values[0].String())
		mi := month[0].num - 1
		if !ok || mi != math.Trunc(mi) || mi < 0 || mi > 11 || !(d <= float64(maxDays[int(mi)])) {
			return nil, failf("Invalid explicit day of month definition")
		}
	}
	return e, nil
}

// maxDays is cron-parser's DAYS_IN_MONTH.
var maxDays = [12]int{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func hasString(vals []value, s string) bool {
	for _, v := range vals {
		if v.isStr && v.str == s {
			return true
		}
	}
	return false
}

// String is JavaScript's String(value).
func (v value) String() string {
	if v.isStr {
		return v.str
	}
	return jsNumberString(v.num)
}

// rawFields is #getRawFields: the empty expression is "0 * * * * *", the
// rest is trimmed and split on JavaScript white space, at most six fields,
// and fewer are padded on the left from "* * * * * 0".
func rawFields(expression string) ([6]string, error) {
	var raw [6]string
	if expression == "" {
		expression = "0 * * * * *"
	}
	atoms := splitJSSpace(jsrt.Trim(expression))
	if len(atoms) > 6 {
		return raw, failf("Invalid cron expression, too many fields")
	}
	defaults := []string{"*", "*", "*", "*", "*", "0"}
	atoms = append(append([]string{}, defaults[len(atoms):]...), atoms...)
	copy(raw[:], atoms)
	return raw, nil
}

// splitJSSpace is s.split(/\s+/) on a trimmed s: "" gives [""].
func splitJSSpace(s string) []string {
	if s == "" {
		return []string{""}
	}
	return strings.FieldsFunc(s, isJSSpace)
}

func isJSSpace(r rune) bool { return jsrt.Trim(string(r)) == "" }

var (
	aliasPattern = regexp.MustCompile(`(?i)[a-z]{3}`)
	hashPattern  = regexp.MustCompile(`H(?:\((\d+)-(\d+)\))?(?:/(\d+))?`)
	nthSeparator = regexp.MustCompile(`[,-/]`)
)

// parseNthDay splits "d#n" in the raw day-of-week field.
func parseNthDay(val string) (string, int, error) {
	atoms := strings.Split(val, "#")
	if len(atoms) <= 1 {
		return val, 0, nil
	}
	nth := jsNumber(atoms[len(atoms)-1])
	if m := nthSeparator.FindString(val); m != "" {
		return "", 0, failf("Constraint error, invalid dayOfWeek `#` and `%s` special characters are incompatible", m)
	}
	if !(len(atoms) <= 2 && !math.IsNaN(nth) && nth >= 1 && nth <= 5) {
		return "", 0, failf("Constraint error, invalid dayOfWeek occurrence number (#)")
	}
	return atoms[0], int(nth), nil
}

// parseField is #parseField: aliases, the character check, wildcards, H,
// then the comma-separated sequence.
func parseField(f fieldKind, val string, rand func() float64) ([]value, error) {
	c := constraints[f]
	if f == fMonth || f == fDow {
		var aliasErr error
		val = aliasPattern.ReplaceAllStringFunc(val, func(m string) string {
			n, ok := aliases[strings.ToLower(m)]
			if !ok {
				if aliasErr == nil {
					aliasErr = failf("Validation error, cannot resolve alias %q", strings.ToLower(m))
				}
				return m
			}
			return strconv.Itoa(n)
		})
		if aliasErr != nil {
			return nil, aliasErr
		}
	}
	if !c.valid.MatchString(val) {
		return nil, failf("Invalid characters, got value: %s", val)
	}
	val = strings.NewReplacer("*", rangeText(c.min, c.max), "?", rangeText(c.min, c.max)).Replace(val)
	val, err := parseHashed(val, c.min, c.max, rand())
	if err != nil {
		return nil, err
	}
	return parseSequence(f, val)
}

func rangeText(lo, hi float64) string { return jsNumberString(lo) + "-" + jsNumberString(hi) }

// maxHashValues bounds an H(a-b)/n list: JavaScript would build it however
// long (and run out of memory for absurd bounds); no real field needs more.
const maxHashValues = 1 << 16

// parseHashed is #parseHashed: each H form becomes a value or a list drawn
// from one random number per field.
func parseHashed(val string, lo, hi, r float64) (string, error) {
	var err error
	out := hashPattern.ReplaceAllStringFunc(val, func(m string) string {
		if err != nil {
			return m
		}
		sub := hashPattern.FindStringSubmatch(m)
		minS, maxS, stepS := sub[1], sub[2], sub[3]
		num := func(s string) float64 { v, _ := jsrt.ParseInt10(s); return v }
		list := func(start, end, step float64, from float64) string {
			offset := math.Floor(r * step)
			var parts []string
			for i := math.Floor(start/step)*step + offset; i <= end; i += step {
				if len(parts) > maxHashValues {
					err = failf("H list too long")
					return ""
				}
				if i >= from {
					parts = append(parts, jsNumberString(i))
				}
			}
			return strings.Join(parts, ",")
		}
		switch {
		case minS != "" && maxS != "" && stepS != "":
			a, b, s := num(minS), num(maxS), num(stepS)
			if a > b {
				err = failf("Invalid range: %s-%s, min > max", jsNumberString(a), jsNumberString(b))
				return m
			}
			if s <= 0 {
				err = failf("Invalid step: %s, must be positive", jsNumberString(s))
				return m
			}
			start := math.Max(a, lo)
			return list(start, b, s, start)
		case minS != "" && maxS != "":
			a, b := num(minS), num(maxS)
			if a > b {
				err = failf("Invalid range: %s-%s, min > max", jsNumberString(a), jsNumberString(b))
				return m
			}
			return jsNumberString(math.Floor(r*(b-a+1)) + a)
		case stepS != "":
			s := num(stepS)
			if s <= 0 {
				err = failf("Invalid step: %s, must be positive", jsNumberString(s))
				return m
			}
			return list(lo, hi, s, lo)
		default:
			return jsNumberString(math.Floor(r*(hi-lo+1) + lo))
		}
	})
	if err != nil {
		return "", err
	}
	return out, nil
}

// parseSequence is #parseSequence over the comma-separated atoms.
func parseSequence(f fieldKind, val string) ([]value, error) {
	c := constraints[f]
	var stack []value
	for _, atom := range strings.Split(val, ",") {
		if atom == "" {
			return nil, failf("Invalid list value format")
		}
		list, single, isList, err := parseRepeat(f, atom)
		if err != nil {
			return nil, err
		}
		if isList {
			stack = append(stack, list...)
			continue
		}
		if c.chars != "" && strings.Contains(single.String(), c.chars) {
			stack = append(stack, single)
			continue
		}
		v, ok := jsrt.ParseInt10(single.String())
		if !ok || v < c.min || v > c.max {
			return nil, failf("Constraint error, got value %s expected range %s", single.String(), rangeText(c.min, c.max))
		}
		if f == fDow {
			stack = append(stack, value{num: math.Mod(v, 7)})
		} else {
			stack = append(stack, single)
		}
	}
	return stack, nil
}

// parseRepeat is #parseRepeat: "a/n" becomes "a-max/n" when a starts with a
// number, and the step only applies to a range.
func parseRepeat(f fieldKind, val string) ([]value, value, bool, error) {
	atoms := strings.Split(val, "/")
	if len(atoms) > 2 {
		return nil, value{}, false, failf("Invalid repeat: %s", val)
	}
	if len(atoms) == 2 {
		if _, ok := jsrt.ParseInt10(atoms[0]); ok {
			atoms[0] += "-" + jsNumberString(constraints[f].max)
		}
		step, ok := jsrt.ParseInt10(atoms[1])
		if !ok {
			step = math.NaN()
		}
		return parseRange(f, atoms[0], step)
	}
	return parseRange(f, val, 1)
}

// parseRange is #parseRange: one value (a number when Number() reads it,
// else the string), or "a-b" (only the first two parts count).
func parseRange(f fieldKind, val string, step float64) ([]value, value, bool, error) {
	c := constraints[f]
	atoms := strings.Split(val, "-")
	if len(atoms) <= 1 {
		if n := jsNumber(val); !math.IsNaN(n) {
			return nil, value{num: n}, false, nil
		}
		return nil, value{str: val, isStr: true}, false, nil
	}
	lo, ok1 := jsrt.ParseInt10(atoms[0])
	hi, ok2 := jsrt.ParseInt10(atoms[1])
	if !ok1 || !ok2 || lo < c.min || hi > c.max {
		return nil, value{}, false, failf("Constraint error, got range %s-%s expected range %s", numText(lo, ok1), numText(hi, ok2), rangeText(c.min, c.max))
	}
	if lo > hi {
		return nil, value{}, false, failf("Invalid range: %s-%s, min(%[1]s) > max(%[2]s)", jsNumberString(lo), jsNumberString(hi))
	}
	if math.IsNaN(step) || !(step > 0) {
		return nil, value{}, false, failf("Constraint error, cannot repeat at every %s time.", numText(step, !math.IsNaN(step)))
	}
	var stack []value
	seen := map[float64]bool{}
	if f == fDow && math.Mod(hi, 7) == 0 {
		stack = append(stack, value{num: 0})
		seen[0] = true
	}
	for i := lo; i <= hi; i += step {
		if !seen[i] {
			seen[i] = true
			stack = append(stack, value{num: i})
		}
	}
	return stack, value{}, true, nil
}

func numText(v float64, ok bool) string {
	if !ok {
		return "NaN"
	}
	return jsNumberString(v)
}

var lastChar = regexp.MustCompile(`^\d{0,2}L$`)

// validate is CronField#validate after the values are sorted: numbers within
// the range, strings only of the form \d{0,2}L where L is allowed, and no
// duplicate (a duplicated 0 passes: cron-parser tests the duplicate's truth).
func validate(f fieldKind, vals []value) error {
	c := constraints[f]
	sort.SliceStable(vals, func(i, j int) bool { return less(vals[i], vals[j]) })
	chars := ""
	if c.chars != "" {
		chars = " or chars " + c.chars
	}
	for _, v := range vals {
		ok := !v.isStr && v.num >= c.min && v.num <= c.max || v.isStr && c.chars != "" && lastChar.MatchString(v.str)
		if !ok {
			return failf("%s Validation error, got value %s expected range %s%s", c.name, v.String(), rangeText(c.min, c.max), chars)
		}
	}
	for i, v := range vals {
		for _, w := range vals[:i] {
			if v == w {
				if truthy(v) {
					return failf("%s Validation error, duplicate values found: %s", c.name, v.String())
				}
				// JavaScript's find stops at the first duplicate; a falsy
				// one (0) ends the check.
				return nil
			}
		}
	}
	return nil
}

func truthy(v value) bool {
	if v.isStr {
		return v.str != ""
	}
	return v.num != 0 && !math.IsNaN(v.num)
}

// less is CronField.sorter: numbers ascending, then strings.
func less(a, b value) bool {
	switch {
	case !a.isStr && !b.isStr:
		return a.num < b.num
	case a.isStr && b.isStr:
		return a.str < b.str
	default:
		return !a.isStr
	}
}

var jsNumberPattern = regexp.MustCompile(`^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|Infinity)$|^0[xX][0-9a-fA-F]+$|^0[oO][0-7]+$|^0[bB][01]+$`)

// jsNumber is JavaScript's Number(string) for strings without white space.
func jsNumber(s string) float64 {
	switch {
	case s == "":
		return 0
	case !jsNumberPattern.MatchString(s):
		return math.NaN()
	case strings.HasSuffix(s, "Infinity"):
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	case len(s) > 2 && s[0] == '0' && strings.ContainsAny(s[1:2], "xXoObB"):
		n, err := strconv.ParseUint(s[2:], map[byte]int{'x': 16, 'X': 16, 'o': 8, 'O': 8, 'b': 2, 'B': 2}[s[1]], 64)
		if err != nil {
			return math.Inf(1)
		}
		return float64(n)
	}
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// jsNumberString is String(number) for the numbers a cron field can hold.
func jsNumberString(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "Infinity"
	case math.IsInf(v, -1):
		return "-Infinity"
	case v == 0:
		return "0"
	case math.Abs(v) >= 1e21:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
