package jsrt

// This file is V8's DateParser::Parse and ParseES5DateTime (Node 20, V8 11.3)
// in Go: first the ES date-time string format with V8's extensions, then,
// for whatever that did not consume, V8's legacy ("Safari compatible")
// parser. The result is the broken-down fields; date.go turns them into an
// instant.

// fields is DateParser's output: month is 1-based here, offset is in
// seconds east of UTC or none when the string named no zone (local time).
type fields struct {
	year, month, day, hour, minute, second, ms, offset int
}

func between(x, lo, hi int) bool { return x >= lo && x <= hi }

func isMonth(x int) bool  { return between(x, 1, 12) }
func isDay(x int) bool    { return between(x, 1, 31) }
func isHour(x int) bool   { return between(x, 0, 23) }
func isMinute(x int) bool { return between(x, 0, 59) } // also seconds

// dayComposer collects up to three numeric date components and a month name.
type dayComposer struct {
	comp       [3]int
	n          int
	namedMonth int
	iso        bool // components are year, month, day in that order
}

func (d *dayComposer) add(v int) bool {
	if d.n >= 3 {
		return false
	}
	d.comp[d.n] = v
	d.n++
	return true
}

// write orders the components the way V8 guesses them: Y/M/D when the first
// number cannot be a day, else M/D/Y; with a month name, day and year in
// either order. Missing components default to 1, so "Jan 1" is in 2001.
// Two-digit legacy years are 2000–2049 and 1950–1999.
func (d *dayComposer) write(f *fields) bool {
	if d.n < 1 {
		return false
	}
	for d.n < 3 {
		d.comp[d.n] = 1
		d.n++
	}
	var year, month, day int
	switch {
	case d.namedMonth == none && (d.iso || !isDay(d.comp[0])):
		year, month, day = d.comp[0], d.comp[1], d.comp[2]
	case d.namedMonth == none:
		month, day, year = d.comp[0], d.comp[1], d.comp[2]
	case !isDay(d.comp[0]):
		month, year, day = d.namedMonth, d.comp[0], d.comp[1]
	default:
		month, day, year = d.namedMonth, d.comp[0], d.comp[1]
	}
	if !d.iso {
		if between(year, 0, 49) {
			year += 2000
		} else if between(year, 50, 99) {
			year += 1900
		}
	}
	if !isMonth(month) || !isDay(day) {
		return false
	}
	f.year, f.month, f.day = year, month, day
	return true
}

// timeComposer collects hour, minute, second, millisecond.
type timeComposer struct {
	comp       [4]int
	n          int
	hourOffset int // 0 for AM, 12 for PM, none if neither was given
}

func (t *timeComposer) empty() bool { return t.n == 0 }

func (t *timeComposer) expecting(v int) bool {
	return (t.n == 1 && isMinute(v)) || (t.n == 2 && isMinute(v)) || (t.n == 3 && between(v, 0, 999))
}

func (t *timeComposer) add(v int) bool {
	if t.n >= 4 {
		return false
	}
	t.comp[t.n] = v
	t.n++
	return true
}

func (t *timeComposer) addFinal(v int) bool {
	if !t.add(v) {
		return false
	}
	for t.n < 4 {
		t.comp[t.n] = 0
		t.n++
	}
	return true
}

func (t *timeComposer) write(f *fields) bool {
	for t.n < 4 {
		t.comp[t.n] = 0
		t.n++
	}
	h, m, s, ms := t.comp[0], t.comp[1], t.comp[2], t.comp[3]
	if t.hourOffset != none {
		if !between(h, 0, 12) {
			return false
		}
		h = h%12 + t.hourOffset
	}
	if !isHour(h) || !isMinute(m) || !isMinute(s) || !between(ms, 0, 999) {
		// 24:00:00.000 is the end of the day.
		if h != 24 || m != 0 || s != 0 || ms != 0 {
			return false
		}
	}
	f.hour, f.minute, f.second, f.ms = h, m, s, ms
	return true
}

// zoneComposer collects a UTC offset.
type zoneComposer struct {
	sign, hour, minute int
}

func (z *zoneComposer) set(hours int) {
	z.sign = 1
	if hours < 0 {
		z.sign = -1
	}
	z.hour, z.minute = hours*z.sign, 0
}

func (z *zoneComposer) empty() bool { return z.hour == none }
func (z *zoneComposer) isUTC() bool { return z.hour == 0 && z.minute == 0 }

func (z *zoneComposer) expecting(v int) bool {
	return z.hour != none && z.minute == none && isMinute(v)
}

func (z *zoneComposer) write(f *fields) bool {
	if z.sign == none {
		f.offset = none
		return true
	}
	h, m := z.hour, z.minute
	if h == none {
		h = 0
	}
	if m == none {
		m = 0
	}
	// V8 computes this in unsigned 32-bit arithmetic and rejects totals
	// above the Smi maximum (2^31-1 on Node 20, x64): a huge legacy offset
	// such as "GMT+1193047:" wraps around to 1904 s. Measured with Node.
	total := uint32(h)*3600 + uint32(m)*60
	if total > 1<<31-1 {
		return false
	}
	f.offset = int(total) * z.sign
	return true
}

// readMilliseconds turns a fraction's digits into milliseconds, keeping the
// first three significant digits: ".5" is 500, ".123456" is 123 (truncated,
// never rounded).
func readMilliseconds(t token) int {
	n, l := t.value, t.length
	switch {
	case l == 1:
		return n * 100
	case l == 2:
		return n * 10
	case l > 3:
		if l > maxSignificantDigits {
			l = maxSignificantDigits
		}
		for ; l > 3; l-- {
			n /= 10
		}
	}
	return n
}

// parseFields is DateParser::Parse.
func parseFields(in []uint16) (fields, bool) {
	sc := newScanner(in)
	day := dayComposer{namedMonth: none}
	tm := timeComposer{hourOffset: none}
	tz := zoneComposer{sign: none, hour: none, minute: none}
	var f fields

	tok := parseISO(sc, &day, &tm, &tz)
	if tok.kind == tokInvalid {
		return f, false
	}
	hasNumber := day.n > 0
	for ; tok.kind != tokEnd; tok = sc.take() {
		switch {
		case tok.isNumber():
			hasNumber = true
			n := tok.value
			if sc.skipSymbol(':') {
				if sc.skipSymbol(':') {
					// "n::" is hour n and minute 0.
					if !tm.empty() {
						return f, false
					}
					tm.add(n)
					tm.add(0)
				} else {
					if !tm.add(n) {
						return f, false
					}
					if sc.peek().isSymbol('.') {
						sc.take()
					}
				}
			} else if sc.skipSymbol('.') && tm.expecting(n) {
				tm.add(n)
				if !sc.peek().isNumber() {
					return f, false
				}
				tm.addFinal(readMilliseconds(sc.take()))
			} else if tz.expecting(n) {
				tz.minute = n
			} else if tm.expecting(n) {
				tm.addFinal(n)
				// The last time component must be followed by the end,
				// white space, "Z" or a sign.
				p := sc.peek()
				if p.kind != tokEnd && p.kind != tokSpace && !p.isZ() && !p.isSign() {
					return f, false
				}
			} else {
				if !day.add(n) {
					return f, false
				}
				sc.skipSymbol('-')
			}
		case tok.kind == tokWord:
			switch {
			case tok.kw == kwAmPm && !tm.empty():
				tm.hourOffset = tok.value
			case tok.kw == kwMonth:
				day.namedMonth = tok.value
				sc.skipSymbol('-')
			case tok.kw == kwZone && hasNumber:
				tz.set(tok.value)
			default:
				// Other words ("Mon", "at") are ignored before the first
				// number, but not if a number follows them directly, and
				// not at all after a number.
				if hasNumber || sc.peek().isNumber() {
					return f, false
				}
			}
		case tok.isSign() && (tz.isUTC() || !tm.empty()):
			// A UTC offset, only after "GMT"/"UTC"/"Z" or a time.
			tz.sign = tok.sign()
			n, l := 0, 0
			if sc.peek().isNumber() {
				t := sc.take()
				n, l = t.value, t.length
			}
			hasNumber = true
			switch {
			case sc.peek().isSymbol(':'):
				tz.hour, tz.minute = n, none // minutes follow the colon
			case l == 1 || l == 2:
				tz.hour, tz.minute = n, 0 // GMT-8
			case l == 3 || l == 4:
				tz.hour, tz.minute = n/100, n%100 // GMT-0800
			default:
				return f, false
			}
		case (tok.isSign() || tok.isSymbol(')')) && hasNumber:
			return f, false
		default:
			// Other characters and white space are ignored.
		}
	}
	ok := day.write(&f) && tm.write(&f) && tz.write(&f)
	return f, ok
}

// parseISO is ParseES5DateTime: it consumes as much of the ES date-time
// string format ([+-YY]YYYY[-MM[-DD]][THH:mm[:ss[.s+]][Z|±hh:mm|±hhmm]]) as
// it can and returns the first token it did not use, which the legacy parser
// then continues from; tokEnd means a complete ISO string, tokInvalid a
// string that went wrong after the "T" (no legacy fallback then).
func parseISO(sc *scanner, day *dayComposer, tm *timeComposer, tz *zoneComposer) token {
	if sc.peek().isSign() {
		sign := sc.take()
		if !sc.peek().isNumberLen(6) {
			return sign
		}
		year := sc.take().value
		if sign.sign() < 0 && year == 0 {
			return sign // -000000 is not a year
		}
		day.add(sign.sign() * year)
	} else if sc.peek().isNumberLen(4) {
		day.add(sc.take().value)
	} else {
		return sc.take()
	}
	if sc.skipSymbol('-') {
		if !sc.peek().isNumberLen(2) || !isMonth(sc.peek().value) {
			return sc.take()
		}
		day.add(sc.take().value)
		if sc.skipSymbol('-') {
			// Any day 01–31 is accepted in any month: "2024-02-30" is
			// March 1 (the day overflows when the date is computed).
			if !sc.peek().isNumberLen(2) || !isDay(sc.peek().value) {
				return sc.take()
			}
			day.add(sc.take().value)
		}
	}
	if !sc.peek().isKeyword(kwTimeSep) {
		if sc.peek().kind != tokEnd {
			return sc.take()
		}
	} else {
		sc.take()
		invalid := token{kind: tokInvalid}
		if !sc.peek().isNumberLen(2) || !between(sc.peek().value, 0, 24) {
			return invalid
		}
		// 24 is allowed only as 24:00[:00[.000…]].
		h24 := sc.peek().value == 24
		tm.add(sc.take().value)
		if !sc.skipSymbol(':') {
			return invalid
		}
		if !sc.peek().isNumberLen(2) || !isMinute(sc.peek().value) || (h24 && sc.peek().value > 0) {
			return invalid
		}
		tm.add(sc.take().value)
		if sc.skipSymbol(':') {
			if !sc.peek().isNumberLen(2) || !isMinute(sc.peek().value) || (h24 && sc.peek().value > 0) {
				return invalid
			}
			tm.add(sc.take().value)
			if sc.skipSymbol('.') {
				if !sc.peek().isNumber() || (h24 && sc.peek().value > 0) {
					return invalid
				}
				tm.add(readMilliseconds(sc.take()))
			}
		}
		if sc.peek().isZ() {
			sc.take()
			tz.set(0)
		} else if sc.peek().isSign() {
			tz.sign = sc.take().sign()
			if sc.peek().isNumberLen(4) {
				// V8 extension: ±hhmm.
				hm := sc.take().value
				if !isHour(hm/100) || !isMinute(hm%100) {
					return invalid
				}
				tz.hour, tz.minute = hm/100, hm%100
			} else {
				if !sc.peek().isNumberLen(2) || !isHour(sc.peek().value) {
					return invalid
				}
				tz.hour = sc.take().value
				if !sc.skipSymbol(':') {
					return invalid
				}
				if !sc.peek().isNumberLen(2) || !isMinute(sc.peek().value) {
					return invalid
				}
				tz.minute = sc.take().value
			}
		}
		if sc.peek().kind != tokEnd {
			return invalid
		}
	}
	// A complete ISO string. Date-only forms without an offset are UTC,
	// date-time forms without one are local time (ES2016+ rule).
	if tz.empty() && tm.empty() {
		tz.set(0)
	}
	day.iso = true
	return token{kind: tokEnd}
}
