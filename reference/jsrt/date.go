package jsrt

import (
	"time"
	"unicode/utf16"
)

const (
	msPerDay = 86400000
	// maxTime is the largest |time value| a JS Date holds (TimeClip).
	maxTime = 8.64e15
	// maxLocalTime is V8's kMaxTimeBeforeUTCInMs: a local time further out
	// is NaN before the zone is even consulted.
	maxLocalTime = maxTime + 30*msPerDay
)

// ParseDate returns what `new Date(s)` gives in Node 20 when the process time
// zone is local (nil means UTC): ok=false means Invalid Date (NaN). The
// result has millisecond precision and is returned in UTC.
//
// It is V8 11.3's date parser rewritten: the ES date-time string format with
// V8's extensions, then V8's legacy parser for anything else. Measured facts
// it reproduces (see testdata/date_corpus.jsonl):
//
//   - "2024-01-01", "2024-01", "2024" (date-only ISO) are UTC; ISO date-times
//     without an offset and every legacy form without a zone are local time.
//   - "t"/"z" in any case; ±hh:mm and ±hhmm offsets; extended years
//     "+002024-…", "-000001-…" (never "-000000"); "T24:00[:00[.000]]" is the
//     next day's midnight; a fraction of any length keeps its first three
//     digits (truncated, not rounded).
//   - Any day 01–31 is accepted in any month and overflows into the next
//     month ("2024-02-30" → Mar 1, "2023-02-29" → Mar 1, "2024-04-31" →
//     May 1), on both the ISO and the legacy path; day 32 and month 13 are
//     rejected; so are second 60 and hour 25.
//   - A space instead of "T" ("2024-01-01 10:00"), surrounding white space
//     (" 2024-01-01", "2024-01-01 "), "2024-1-1", "2024/01/01 10:00",
//     "Jan 1, 2024 10:00 PM", "1 January 2024", RFC 2822
//     ("Mon, 01 Jan 2024 10:00:00 GMT", "… -0500", "… EST"), Date's own
//     toString ("Tue Jan 02 2024 10:00:00 GMT-0500 (Eastern Standard Time)")
//     and toUTCString all go to the legacy parser and are LOCAL time unless
//     they name a zone. A trailing space makes an ISO date-time with "T"
//     invalid, but turns a date-only ISO string into a local-time one.
//   - Legacy quirks: missing year is 2001 ("Jan 1"); two-digit years are
//     1950–2049; "12 AM" is 00:00; text in parentheses is ignored; unknown
//     words are allowed only before the first number; a U+0000 ends the
//     string.
//
// A local time is converted with ECMAScript's UTC(t) as V8 does through ICU
// (getOffsetFromLocal with FORMER/FORMER): a wall time in a spring-forward
// gap uses the offset from before the transition (02:30 on a New York
// spring-forward day is 07:30Z = 03:30 EDT), and a wall time in a fall-back
// overlap is the earlier instant (01:30 → 05:30Z, still EDT).
//
// Known gaps: none in the grammar. The whole of V8's grammar is implemented
// (not only the shapes above); besides the saved corpus it agreed with Node
// on 2.4 million further checks of random and perturbed strings and on
// 690,000 wall times around the transitions of 86 zones (1970–2045, New York
// and Chicago back to 1850). What remains:
//   - local must hold the same zone data as Node's ICU; use tzdb.Load (tzdata
//     2025c, as Node 20.20.2). Before 1970 some zones' history differs
//     between Go's zoneinfo.zip and ICU (see ORACLE-NOTES), and local-time
//     strings in those years differ with it.
//   - Bytes of s that are not valid UTF-8 are read as U+FFFD; a lone
//     surrogate, the nearest JS equivalent, tokenizes the same way.
func ParseDate(s string, local *time.Location) (t time.Time, ok bool) {
	ms, ok := ParseDateMillis(s, local)
	if !ok {
		return time.Time{}, false
	}
	return time.UnixMilli(ms).UTC(), true
}

// ParseDateMillis is ParseDate as JavaScript's time value: milliseconds
// since 1970-01-01T00:00:00Z.
func ParseDateMillis(s string, local *time.Location) (ms int64, ok bool) {
	f, ok := parseStoredUTC(s)
	if !ok {
		if f, ok = parseFields(utf16.Encode([]rune(s))); !ok {
			return 0, false
		}
	}
	return timeValue(f, local)
}

// parseStoredUTC reads the one shape nearly every stored timestamp has,
// "2024-01-01T10:00:00.000Z" or "2024-01-01T10:00:00Z", with every field in
// the range the full parser accepts unchanged, into the fields the full
// parser gives it. Anything else (ok=false) goes to the full parser, which
// decides it: this is a shortcut, never a second grammar.
func parseStoredUTC(s string) (f fields, ok bool) {
	if (len(s) != 24 || s[19] != '.' || s[23] != 'Z') && (len(s) != 20 || s[19] != 'Z') {
		return f, false
	}
	if s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return f, false
	}
	num := func(i, n int) int {
		v := 0
		for j := i; j < i+n; j++ {
			c := s[j]
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	f.year, f.month, f.day = num(0, 4), num(5, 2), num(8, 2)
	f.hour, f.minute, f.second = num(11, 2), num(14, 2), num(17, 2)
	if len(s) == 24 {
		f.ms = num(20, 3)
	}
	if f.year < 0 || f.ms < 0 || !isMonth(f.month) || !isDay(f.day) || !isHour(f.hour) || !isMinute(f.minute) || !isMinute(f.second) {
		return fields{}, false
	}
	return f, true // offset 0: "Z"
}

// timeValue is the rest of V8's ParseDateTimeString: MakeDay, MakeTime,
// MakeDate, the offset or local-time adjustment, and TimeClip.
func timeValue(f fields, local *time.Location) (int64, bool) {
	// MakeDay is NaN outside ±1,000,000 years (V8's kMinYear/kMaxYear);
	// checking first also keeps the arithmetic below inside int64.
	if f.year < -1000000 || f.year > 1000000 {
		return 0, false
	}
	days := DaysFromCivil(int64(f.year), f.month) + int64(f.day) - 1
	ms := days*msPerDay + ((int64(f.hour)*60+int64(f.minute))*60+int64(f.second))*1000 + int64(f.ms)
	if f.offset == none {
		if ms < -maxLocalTime || ms > maxLocalTime {
			return 0, false
		}
		ms = localToUTC(ms, local)
	} else {
		ms -= int64(f.offset) * 1000
	}
	if ms < -maxTime || ms > maxTime {
		return 0, false
	}
	return ms, true
}

// DaysFromCivil is the number of days from 1970-01-01 to the first of the
// month (1-based) in the proleptic Gregorian calendar (H. Hinnant's
// days_from_civil). It is the one copy the reference's date arithmetic
// uses: JavaScript's MakeDay here, v1's local times and the strict cron
// scheduler.
func DaysFromCivil(y int64, m int) int64 {
	if m <= 2 {
		y--
	}
	era := FloorDiv(y, 400)
	yoe := y - era*400
	doy := (153*int64((m+9)%12) + 2) / 5
	return era*146097 + yoe*365 + yoe/4 - yoe/100 + doy - 719468
}

// CivilFromDays is the proleptic Gregorian date of a count of days since
// 1970-01-01 (H. Hinnant's civil_from_days), DaysFromCivil's inverse.
func CivilFromDays(z int64) (year int64, month, day int) {
	z += 719468
	era := FloorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day = int(doy - (153*mp+2)/5 + 1)
	month = int(mp + 3)
	if month > 12 {
		month -= 12
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return year, month, day
}

// FloorDiv is a/b rounded toward negative infinity.
func FloorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
