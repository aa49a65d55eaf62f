package routing

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// An engage pattern is "a JS regex string — applied as new
// RegExp(pattern).test(text)" (seed item 1): no flags, so no case folding,
// `.` stops at line terminators, `^`/`$` are the ends of the whole text, and
// the text is a sequence of UTF-16 code units.
//
// The profile does not ask every implementation to carry a JavaScript regular
// expression engine. It pins a portable subset (requirement
// ROUTING-PATTERN-SUBSET) in which every implementation must give
// JavaScript's answer, and for everything outside it lets an implementation
// either give JavaScript's answer or refuse the pattern as
// unsupported_pattern — never a third answer. The subset is the part of the
// syntax that engines agree on in shape, and it still contains the places
// where they silently disagree in meaning (what `.`, `\s` and a negated
// class match, how many characters an emoji is), which the scenarios test.
//
// Outside the subset, and refused here as unsupported: lookaround, named
// groups, backreferences and legacy octal escapes (\1, \01), \c, \k, \p (in a
// non-unicode RegExp "\p{L}" is the text "p{L}", a Unicode letter class
// elsewhere), identity escapes of letters (\a is "a", a bell in PCRE), a
// brace, `]` or `}` that is not part of a quantifier (literal only through
// JavaScript's Annex B), counts above 1000, `[` inside a class (a POSIX class
// in other engines), a class escape as a range end ([\d-z]), a `-` right after
// a range, inline modifiers (?i:…) (a SyntaxError in Node 20, valid in newer
// engines), escapes of surrogate code units and any character outside the
// Basic Multilingual Plane in the pattern itself (JavaScript splits it into
// two units, so a quantifier after an emoji repeats only its second half).
//
// Inside the subset a SyntaxError is a SyntaxError for every implementation:
// invalid_pattern. Those are: an unterminated group or class, an unmatched
// ")", a quantifier with nothing to repeat (at the start, after "(", "|", an
// assertion or another quantifier, including a braced one such as "{2}"),
// {n,m} with n > m, a class range out of order, a trailing backslash, and
// "(?" followed by anything but ":", "=", "!", "<" or inline modifiers.
//
// The subset is evaluated by translating it into Go's regexp syntax over a
// string in which every UTF-16 code unit of the text is one rune (surrogates
// moved to plane 15, where no other unit can land). Whether a regular
// expression without backreferences or lookaround matches somewhere does not
// depend on greedy or lazy choices, so RE2's leftmost-first search gives
// JavaScript's boolean, in linear time. testdata/pattern_corpus.jsonl, made
// by Node 20 (testdata/gen/pattern.js), checks the translation.

// Limits of the subset. RE2 matches in time proportional to the text's
// length times the compiled program's size, and compiles in memory
// proportional to the program; a pattern of a million "." took 644 MB and
// 9 s. So the subset also ends at these sizes, each refused as
// unsupported_pattern with a message naming the limit (JavaScript would
// answer; the kit does not ask an implementation to go that far):
const (
	// MaxPatternLength: a pattern of at most 1,000 UTF-16 code units (an
	// engage pattern is a few dozen).
	MaxPatternLength = 1000
	// MaxPatternSize: a compiled program of at most 10,000 instructions
	// (counted before compiling: x{1000} is 1,000 of them).
	MaxPatternSize = 10_000
	// MaxMatchWork bounds one call's matching: the sum, over the patterns
	// it tests, of program size × (the text's length in code units + 16),
	// at most 2^24 — about half a second of RE2 at worst. An engage
	// pattern of 20 instructions is tested against texts of 800,000 units.
	MaxMatchWork = 1 << 24
)

// PatternError says why a pattern cannot be tested.
type PatternError struct {
	// Unsupported: outside the portable subset (JavaScript may accept it);
	// otherwise the pattern is a SyntaxError in JavaScript.
	Unsupported bool
	Reason      string
}

func (e *PatternError) Error() string {
	if e.Unsupported {
		return "unsupported pattern: " + e.Reason
	}
	return "invalid pattern: " + e.Reason
}

// AlwaysPattern is the engage_pattern that means "always" (seed item 1:
// `always` collapses into pattern '.').
const AlwaysPattern = "."

// Pattern is a compiled engage pattern.
type Pattern struct {
	source string
	re     *regexp.Regexp
	size   int64 // the program size MaxPatternSize bounds
}

// maxCount is the largest {n,m} bound in the subset (Go's regexp refuses
// larger ones; JavaScript does not).
const maxCount = 1000

// CompilePattern parses a pattern as `new RegExp(pattern)` would, within the
// portable subset. The error, if any, is a *PatternError.
func CompilePattern(pattern string) (p *Pattern, err error) {
	units := utf16.Encode([]rune(pattern))
	if len(units) > MaxPatternLength {
		return nil, &PatternError{Unsupported: true, Reason: fmt.Sprintf(
			"%d characters long, over the limit of %d characters on a pattern", len(units), MaxPatternLength)}
	}
	for _, u := range units {
		if isSurrogate(u) {
			return nil, &PatternError{Unsupported: true, Reason: "a character outside the Basic Multilingual Plane"}
		}
	}
	ps := &parser{src: units}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*PatternError)
			if !ok {
				panic(r)
			}
			p, err = nil, pe
		}
	}()
	body := ps.disjunction()
	if ps.pos < len(ps.src) { // only a ")" stops the top level early
		ps.invalid("unmatched ')'")
	}
	tree, perr := syntax.Parse(body, syntax.Perl)
	if perr != nil { // e.g. nested counts too large for RE2
		return nil, &PatternError{Unsupported: true, Reason: "too large to compile: " + perr.Error()}
	}
	size := programSize(tree)
	if size > MaxPatternSize {
		return nil, &PatternError{Unsupported: true, Reason: fmt.Sprintf(
			"it compiles to more than %d instructions, the limit on a pattern's compiled size", MaxPatternSize)}
	}
	re, cerr := regexp.Compile(body)
	if cerr != nil {
		return nil, &PatternError{Unsupported: true, Reason: "too large to compile: " + cerr.Error()}
	}
	return &Pattern{source: pattern, re: re, size: size}, nil
}

// programSize is an upper bound on the instructions RE2 compiles re into,
// computed on the parsed tree (repeats not yet expanded, so the count is
// cheap whatever it amounts to); it saturates above MaxPatternSize.
func programSize(re *syntax.Regexp) int64 {
	var n int64
	switch re.Op {
	case syntax.OpLiteral:
		n = int64(len(re.Rune))
	case syntax.OpRepeat:
		times := re.Max
		if times < re.Min {
			times = re.Min // {n,} is n copies and a star
		}
		n = programSize(re.Sub[0])*int64(max(times, 1)) + 2
	default:
		for _, sub := range re.Sub {
			n += programSize(sub)
		}
		n += int64(len(re.Sub)) + 2
	}
	return min(n, MaxPatternSize+1)
}

// Test is RegExp.prototype.test on the text's UTF-16 code units.
func (p *Pattern) Test(text string) bool {
	return p.re.MatchString(unitString(text))
}

// Budget is the matching work one call may still do (MaxMatchWork).
type Budget struct{ left int64 }

// NewBudget is a call's whole budget.
func NewBudget() *Budget { return &Budget{left: MaxMatchWork} }

// Test is p.Test(text) if the budget allows it, else an unsupported
// *PatternError naming the limit.
func (b *Budget) Test(p *Pattern, text string) (bool, error) {
	units := unitCount(text)
	work := p.size * (units + 16)
	if work > b.left {
		return false, &PatternError{Unsupported: true, Reason: fmt.Sprintf(
			"testing %d-instruction patterns against a text of %d characters is over the limit of %d on a call's matching work (instructions × (characters + 16))",
			p.size, units, MaxMatchWork)}
	}
	b.left -= work
	return p.Test(text), nil
}

// PatternTest is `new RegExp(pattern).test(text)`.
func PatternTest(pattern, text string) (bool, error) {
	p, err := CompilePattern(pattern)
	if err != nil {
		return false, err
	}
	return NewBudget().Test(p, text)
}

// bmpOnly reports whether s is valid UTF-8 without a 4-byte sequence.
func bmpOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xF0 {
			return false
		}
	}
	return utf8.ValidString(s)
}

func isSurrogate(u uint16) bool { return u >= 0xD800 && u <= 0xDFFF }

// unitRune is the rune that stands for one UTF-16 code unit: the unit itself,
// or for a surrogate a private-use rune of plane 15.
func unitRune(u uint16) rune {
	if isSurrogate(u) {
		return 0xF0000 + rune(u-0xD800)
	}
	return rune(u)
}

// unitCount is len(utf16.Encode([]rune(s))) without building either: a
// rune outside the Basic Multilingual Plane is two units, every other rune
// (an invalid byte reads as U+FFFD) one.
func unitCount(s string) int64 {
	var n int64
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// unitString turns a text into one rune per UTF-16 code unit. Valid UTF-8
// with no rune outside the Basic Multilingual Plane (no 4-byte sequence)
// is already that: each of its runes is one unit, and no surrogate is
// encoded in valid UTF-8.
func unitString(s string) string {
	if bmpOnly(s) {
		return s
	}
	units := utf16.Encode([]rune(s))
	out := make([]rune, len(units))
	for i, u := range units {
		out[i] = unitRune(u)
	}
	return string(out)
}

type parser struct {
	src []uint16
	pos int
}

func (p *parser) invalid(format string, args ...any) {
	panic(&PatternError{Reason: fmt.Sprintf(format, args...)})
}

func (p *parser) unsupported(format string, args ...any) {
	panic(&PatternError{Unsupported: true, Reason: fmt.Sprintf(format, args...)})
}

func (p *parser) more() bool { return p.pos < len(p.src) }

func (p *parser) peek() uint16 {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) peekIs(c byte) bool { return p.more() && p.src[p.pos] == uint16(c) }

func (p *parser) disjunction() string {
	var alts []string
	alts = append(alts, p.alternative())
	for p.peekIs('|') {
		p.pos++
		alts = append(alts, p.alternative())
	}
	return strings.Join(alts, "|")
}

func (p *parser) alternative() string {
	var b strings.Builder
	for p.more() && !p.peekIs('|') && !p.peekIs(')') {
		b.WriteString(p.term())
	}
	return b.String()
}

func (p *parser) term() string {
	switch {
	case p.peekIs('^'):
		p.pos++
		p.noQuantifierAfterAssertion()
		return `\A`
	case p.peekIs('$'):
		p.pos++
		p.noQuantifierAfterAssertion()
		return `\z`
	case p.peekIs('\\') && p.pos+1 < len(p.src) && (p.src[p.pos+1] == 'b' || p.src[p.pos+1] == 'B'):
		b := p.src[p.pos+1] == 'b'
		p.pos += 2
		p.noQuantifierAfterAssertion()
		if b {
			return `\b`
		}
		return `\B`
	}
	return p.quantified(p.atom())
}

// noQuantifierAfterAssertion: ^, $, \b and \B cannot be repeated.
func (p *parser) noQuantifierAfterAssertion() {
	if p.quantifierAhead() {
		p.invalid("nothing to repeat")
	}
}

func (p *parser) quantifierAhead() bool {
	if !p.more() {
		return false
	}
	switch p.peek() {
	case '*', '+', '?':
		return true
	case '{':
		_, _, _, _, ok := p.braced(p.pos)
		return ok
	}
	return false
}

// braced reads {n}, {n,} or {n,m} (ASCII digits only, no spaces) at i.
func (p *parser) braced(i int) (lo, hi string, open bool, end int, ok bool) {
	if i >= len(p.src) || p.src[i] != '{' {
		return "", "", false, 0, false
	}
	j := i + 1
	digits := func() string {
		start := j
		for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
			j++
		}
		return asciiString(p.src[start:j])
	}
	lo = digits()
	if lo == "" {
		return "", "", false, 0, false
	}
	hi = lo
	if j < len(p.src) && p.src[j] == ',' {
		j++
		hi = digits()
		open = hi == ""
	}
	if j >= len(p.src) || p.src[j] != '}' {
		return "", "", false, 0, false
	}
	return lo, hi, open, j + 1, true
}

func asciiString(units []uint16) string {
	b := make([]byte, len(units))
	for i, u := range units {
		b[i] = byte(u)
	}
	return string(b)
}

// compareDecimal compares two ASCII digit strings as numbers of any size.
func compareDecimal(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

func (p *parser) quantified(atom string) string {
	if !p.more() {
		return atom
	}
	var q string
	switch c := p.peek(); c {
	case '*', '+', '?':
		q = string(rune(c))
		p.pos++
	case '{':
		lo, hi, open, end, ok := p.braced(p.pos)
		if !ok {
			return atom // a literal brace: the next atom refuses it
		}
		if !open && compareDecimal(lo, hi) > 0 {
			p.invalid("numbers out of order in {} quantifier")
		}
		if compareDecimal(lo, fmt.Sprint(maxCount)) > 0 || (!open && compareDecimal(hi, fmt.Sprint(maxCount)) > 0) {
			p.unsupported("a count above %d", maxCount)
		}
		lo, hi = trimZeros(lo), trimZeros(hi)
		switch {
		case open:
			q = "{" + lo + ",}"
		case lo == hi:
			q = "{" + lo + "}"
		default:
			q = "{" + lo + "," + hi + "}"
		}
		p.pos = end
	default:
		return atom
	}
	if p.peekIs('?') { // lazy: the same boolean
		p.pos++
		q += "?"
	}
	if p.quantifierAhead() {
		p.invalid("nothing to repeat")
	}
	return "(?:" + atom + ")" + q
}

func trimZeros(s string) string {
	if t := strings.TrimLeft(s, "0"); t != "" {
		return t
	}
	return "0"
}

func (p *parser) atom() string {
	c := p.peek()
	switch c {
	case '.':
		p.pos++
		return dotSet.goClass()
	case '(':
		return p.group()
	case '[':
		return p.class()
	case '\\':
		return p.escape()
	case '*', '+', '?':
		p.invalid("nothing to repeat")
	case '{':
		if _, _, _, _, ok := p.braced(p.pos); ok {
			p.invalid("nothing to repeat")
		}
		p.unsupported("a literal '{' (JavaScript Annex B)")
	case '}', ']':
		p.unsupported("a lone %q (JavaScript Annex B)", rune(c))
	}
	p.pos++
	return unitSet(c).goClass()
}

func (p *parser) group() string {
	p.pos++ // (
	if p.peekIs('?') {
		if p.pos+1 >= len(p.src) {
			p.invalid("invalid group")
		}
		switch p.src[p.pos+1] {
		case ':':
			p.pos += 2
		case '=', '!':
			p.unsupported("lookahead")
		case '<':
			if p.pos+2 < len(p.src) && (p.src[p.pos+2] == '=' || p.src[p.pos+2] == '!') {
				p.unsupported("lookbehind")
			}
			p.unsupported("a named group")
		default:
			j := p.pos + 1
			flags := true
			for j < len(p.src) && (p.src[j] == '-' || (p.src[j] < 0x80 && isASCIILetter(byte(p.src[j])))) {
				if !strings.ContainsRune("ims-", rune(p.src[j])) {
					flags = false
				}
				j++
			}
			if flags && j > p.pos+1 && j < len(p.src) && p.src[j] == ':' {
				p.unsupported("inline modifiers (a SyntaxError before ES2025)")
			}
			p.invalid("invalid group")
		}
	}
	// No depth limit: the length limit bounds nesting (a group takes two
	// characters), and groups nested as deep as it allows are in the subset.
	inner := p.disjunction()
	if !p.peekIs(')') {
		p.invalid("unterminated group")
	}
	p.pos++
	return "(?:" + inner + ")"
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func isHex(u uint16) bool {
	return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'f') || (u >= 'A' && u <= 'F')
}

func hexValue(units []uint16) uint16 {
	var v uint16
	for _, u := range units {
		v <<= 4
		switch {
		case u >= '0' && u <= '9':
			v |= u - '0'
		case u >= 'a' && u <= 'f':
			v |= u - 'a' + 10
		default:
			v |= u - 'A' + 10
		}
	}
	return v
}

// isSyntaxPunct: ASCII punctuation, whose identity escape means the
// character itself in every engine.
func isSyntaxPunct(u uint16) bool {
	return u < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(u))
}

// escapeUnit reads what follows a backslash that is a single code unit or a
// class (\d and friends), shared by atoms and class atoms. p.pos is after the
// backslash.
func (p *parser) escapeUnit() (set rangeSet) {
	if !p.more() {
		p.invalid("\\ at end of pattern")
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case 'd':
		return digitSet
	case 'D':
		return digitSet.complement()
	case 'w':
		return wordSet
	case 'W':
		return wordSet.complement()
	case 's':
		return spaceSet
	case 'S':
		return spaceSet.complement()
	case 't':
		return unitSet('\t')
	case 'n':
		return unitSet('\n')
	case 'v':
		return unitSet('\v')
	case 'f':
		return unitSet('\f')
	case 'r':
		return unitSet('\r')
	case '0':
		if p.more() && p.peek() >= '0' && p.peek() <= '9' {
			p.unsupported("a legacy octal escape")
		}
		return unitSet(0)
	case 'x':
		if p.pos+2 <= len(p.src) && isHex(p.src[p.pos]) && isHex(p.src[p.pos+1]) {
			v := hexValue(p.src[p.pos : p.pos+2])
			p.pos += 2
			return unitSet(v)
		}
		p.unsupported("\\x without two hex digits (JavaScript Annex B)")
	case 'u':
		if p.pos+4 <= len(p.src) && isHex(p.src[p.pos]) && isHex(p.src[p.pos+1]) && isHex(p.src[p.pos+2]) && isHex(p.src[p.pos+3]) {
			v := hexValue(p.src[p.pos : p.pos+4])
			if isSurrogate(v) {
				p.unsupported("an escaped surrogate code unit")
			}
			p.pos += 4
			return unitSet(v)
		}
		p.unsupported("\\u without four hex digits")
	}
	switch {
	case c >= '1' && c <= '9':
		p.unsupported("a backreference or octal escape")
	case isSyntaxPunct(c):
		return unitSet(c)
	}
	p.unsupported("the escape \\%c", rune(c))
	return nil
}

func (p *parser) escape() string {
	p.pos++ // backslash
	return p.escapeUnit().goClass()
}

func (p *parser) class() string {
	p.pos++ // [
	negate := false
	if p.peekIs('^') {
		negate = true
		p.pos++
	}
	var set rangeSet
	for {
		if !p.more() {
			p.invalid("unterminated character class")
		}
		if p.peekIs(']') {
			p.pos++
			break
		}
		a, aOne := p.classAtom()
		if p.peekIs('-') && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
			p.pos++ // -
			if !p.more() {
				p.invalid("unterminated character class")
			}
			b, bOne := p.classAtom()
			if !aOne || !bOne {
				p.unsupported("a class escape as a range end (JavaScript Annex B)")
			}
			if a[0].lo > b[0].lo {
				p.invalid("range out of order in character class")
			}
			set = append(set, urange{a[0].lo, b[0].lo})
			if p.peekIs('-') && p.pos+1 < len(p.src) && p.src[p.pos+1] != ']' {
				p.unsupported("a '-' right after a range")
			}
			continue
		}
		set = append(set, a...)
	}
	set = set.normalize()
	if negate {
		set = set.complement()
	}
	return set.goClass()
}

// classAtom reads one class member; one reports a single code unit (a set
// otherwise).
func (p *parser) classAtom() (set rangeSet, one bool) {
	c := p.src[p.pos]
	switch c {
	case '\\':
		p.pos++
		if p.peekIs('b') { // backspace inside a class
			p.pos++
			return unitSet(8), true
		}
		set = p.escapeUnit()
		return set, len(set) == 1 && set[0].lo == set[0].hi
	case '[':
		p.unsupported("'[' inside a class (a POSIX class in other engines)")
	}
	p.pos++
	return unitSet(c), true
}
