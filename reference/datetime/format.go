package datetime

import (
	"context"
	"strings"
	"time"
)

// styles is the PRD's "small internal formatter map keyed by style". Every
// layout drops seconds by truncation (DecisionFormatTruncate): Go's layouts
// never round.
var styles = map[string]func(t time.Time, abbrev string) string{
	StyleShort: func(t time.Time, _ string) string { return t.Format("2006-01-02 15:04") },
	StyleLong: func(t time.Time, abbrev string) string {
		var buf [32]byte
		return string(append(append(t.AppendFormat(buf[:0], "2006-01-02 15:04"), ' '), abbrev...))
	},
	StyleDateOnly:    func(t time.Time, _ string) string { return t.Format("2006-01-02") },
	StyleTimeOnly:    func(t time.Time, _ string) string { return t.Format("15:04") },
	StyleWeekdayDate: func(t time.Time, _ string) string { return t.Format("Monday, 2006-01-02") },
}

// ExecuteDatetimeFormat runs datetime_format. It never does arithmetic: the
// only change to the instant's presentation is t.In(target zone).
func ExecuteDatetimeFormat(ctx context.Context, in DatetimeFormatInput) (DatetimeFormatOutput, error) {
	out, e := executeFormat(ctx, in)
	if e != nil {
		return DatetimeFormatOutput{}, e // never a typed nil inside error
	}
	return out, nil
}

func executeFormat(ctx context.Context, in DatetimeFormatInput) (DatetimeFormatOutput, *Error) {
	if e := ctxError(ctx); e != nil {
		return DatetimeFormatOutput{}, e
	}
	if in.Timestamp == "" {
		return DatetimeFormatOutput{}, newError(CodeMissingRequiredField, "timestamp is required")
	}
	if in.Style == "" {
		return DatetimeFormatOutput{}, newError(CodeMissingRequiredField, "style is required")
	}
	t, e := parseTimestamp("timestamp", in.Timestamp)
	if e != nil {
		return DatetimeFormatOutput{}, e
	}
	layout, ok := styles[in.Style]
	if !ok {
		return DatetimeFormatOutput{}, newError(CodeInvalidStyle,
			"style must be one of short, long, date_only, time_only, weekday_date")
	}
	// name stays "" without a target, which omits the echo (DecisionFormatEcho).
	var loc *time.Location
	var name string
	if in.TargetTimezone != "" {
		if name, loc, e = resolveZone(in.TargetTimezone); e != nil {
			return DatetimeFormatOutput{}, e
		}
	}
	if e := checkLocale(in.Locale); e != nil {
		return DatetimeFormatOutput{}, e
	}

	var zone, abbrev string
	var offset int
	if loc != nil {
		// One lookup in the target zone: a zone past its last listed
		// transition evaluates its rule at every lookup, and each field
		// read in it (Year, then every field Format writes) looks up again.
		zone = name
		abbrev, offset = zoneAt(t, loc)
	} else {
		_, offset = t.Zone()
		zone, abbrev = fixedZoneName(offset), fixedZoneAbbrev(offset) // DecisionFixedOffsetLabels
	}
	// The wall clock at that offset, read in UTC: the same fields, none of
	// which the layouts take from the zone (abbrev is passed apart).
	wall := t.UTC().Add(time.Duration(offset) * time.Second)
	if loc != nil {
		if y := wall.Year(); y < 0 || y > 9999 {
			return DatetimeFormatOutput{}, newError(CodeOutOfRange,
				"the time in "+name+" falls outside years 0000-9999")
		}
	}
	return DatetimeFormatOutput{
		Input:          in.Timestamp,
		TargetTimezone: name,
		Style:          in.Style,
		Formatted:      layout(wall, abbrev),
		Timezone:       zone,
		UTCOffset:      formatOffset(offset),
	}, nil
}

// checkLocale accepts English only (DecisionLocale): "en" or any BCP 47 tag
// whose language is en ("en-GB"), in any letter case. Every style is a fixed
// ISO-like layout with English day names, identical in every English locale,
// so those tags get exactly what they ask for; any other language would get
// English under its name, which is the silent guess the PRD forbids.
func checkLocale(locale string) *Error {
	if locale == "" {
		return nil
	}
	lower := strings.ToLower(locale)
	if lower == "en" {
		return nil
	}
	if rest, ok := strings.CutPrefix(lower, "en-"); ok && validSubtags(rest) {
		return nil
	}
	return newError(CodeUnsupportedLocale, "locale must be en (only English output is supported)")
}

// validSubtags checks BCP 47 subtags after the language: 1-8 ASCII letters or
// digits each, separated by single hyphens.
func validSubtags(s string) bool {
	for part := range strings.SplitSeq(s, "-") {
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
				return false
			}
		}
	}
	return true
}
