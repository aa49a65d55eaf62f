package datetime

// Decisions the PRD (seed 003) leaves open. Each constant is the stable id of
// one decision, for the @decision scenarios that pin it; its doc comment
// states the rule, after "Open:" the PRD sentence that leaves it open, and
// after "Why:" the reason. Where the PRD permits several answers, the
// required scenarios accept each of them and only the decision scenarios
// pin the kit's choice. The guiding user is a model in a tool-calling loop:
// it needs one exact answer, an error it can repair in one retry, and never
// a silent guess.
const (
	// DecisionMonthEnd: adding months or years clamps the day to the last day
	// of the target month: 2026-01-31 + 1 month = 2026-02-28, 2024-01-31 +
	// 1 month = 2024-02-29, 2024-02-29 + 1 year = 2025-02-28, 2024-03-31 −
	// 1 month = 2024-02-29. Go's AddDate would give 2026-03-03 and 2025-03-01.
	// Open: "For shift, use calendar-aware shifting for years/months/days, not raw
	// second math" does not say what a month after Jan 31 is (Go's AddDate, which
	// "Use Go time.Time" points at, overflows; the required tier accepts both).
	// Why: "a month after Jan 31" is the end of February in every calendar app,
	// java.time, .NET, PostgreSQL, dateutil and Temporal; overflowing into
	// March silently changes the month the user asked for.
	DecisionMonthEnd = "month-end-clamp"

	// DecisionUnitOrder: a shift applies years and months together as one
	// count of months (then clamps once), then days as calendar days (the
	// wall-clock date moves, the time of day stays), then hours, minutes and
	// seconds as elapsed time. Signs may be mixed. So 2024-02-29 + 1 year
	// 1 month = 2025-03-29 (not 03-28 from clamping twice), and 2026-01-31 +
	// 1 month + 1 day = 2026-03-01.
	// Open: "shift fields (optional for shift): years, months, days, hours, minutes,
	// seconds" gives no order of application.
	// Why: largest to smallest is how people and java.time's Period/Temporal
	// read "1 month and 1 day"; combining years and months avoids a second
	// clamp; clock units are durations, so they must not depend on the
	// calendar.
	DecisionUnitOrder = "shift-unit-order"

	// DecisionShiftOffset: a shift result is printed in the input's own UTC
	// offset. A numeric offset is a fixed zone with no DST, so there "+1 day"
	// equals "+24 hours": 2026-03-28T12:00:00+01:00 + 1 day =
	// 2026-03-29T12:00:00+01:00 even though Oslo moved to +02:00 that night
	// (the result is 13:00 in Oslo). The tool does not guess which zone the
	// offset came from; a caller who needs the time in a zone converts the
	// result with convert_timezone.
	// Open: "Shift a timestamp by a structured duration" names no zone for the
	// result; the PRD's example keeps the input's +03:00.
	// Why: the PRD's input has no zone for shift and forbids guessing one; an
	// offset is all the input says, and the instant is exact.
	DecisionShiftOffset = "shift-offset"

	// DecisionZeroShift: shift fails with empty_shift only when none of the six
	// fields is present (absent, null); explicit zeros are a valid zero-delta
	// shift that returns the input instant in canonical form.
	// Open: "shift must reject requests with no shift fields at all" does not say
	// whether null counts as a field. A field set to 0 is a field, and "zero-delta
	// cases" are to be tested: that part is required.
	// Why: the PRD rejects "no shift fields at all"; "0 days from now" is a
	// legitimate computed request and rejecting it would make a model special-
	// case zero.
	DecisionZeroShift = "shift-zero-fields"

	// DecisionShiftValues: each shift field is a JSON number with an integral
	// value (1, -3, 1.0 and 1e2 are accepted, as JSON Schema's "integer" does;
	// 1.5 is invalid_shift, as is a string "2"). Negative values shift
	// backwards. |years| ≤ 10000, |months| ≤ 120000, |days| ≤ 3660000,
	// |hours| ≤ 87840000, |minutes| ≤ 5270400000, |seconds| ≤ 316224000000
	// (10,000 years in each unit); beyond is invalid_shift. A result outside
	// 0000-9999 is out_of_range (DecisionOutputRange).
	// Open: the PRD lists the shift fields ("years", "months", ...) but not their
	// type, range or the code for a bad value (invalid_shift is the kit's; the
	// required tier accepts it or invalid_input).
	// Why: a fraction of a month or day has no exact meaning, and for clock
	// units rounding would be a silent guess (the message says to use a
	// smaller unit); the bounds keep the arithmetic exact with no overflow.
	DecisionShiftValues = "shift-values"

	// DecisionDiffSigned: diff is right − left. All four durations carry the
	// same sign as `sign` (-1, 0, 1): left after right gives
	// duration_seconds -192600 and sign -1.
	// Open: "For diff, return signed difference (sign = -1, 0, 1)" reads both as
	// signed durations and as magnitudes beside a signed `sign`; the required tier
	// accepts both.
	// Why: every number then reads correctly on its own; with magnitudes and a
	// separate sign a model that skips `sign` reports "2 days left" for a date
	// two days past.
	DecisionDiffSigned = "diff-signed"

	// DecisionDiffNumbers: each duration is the exact value in its unit,
	// rounded half away from zero to 10 decimal places, written as the shortest
	// decimal (trailing zeros dropped, no decimal point for whole numbers,
	// never an exponent): 192600, 3210, 53.5, 2.2291666667. Fractional input
	// seconds give fractional values (0.5). A magnitude below 5e-11 of a unit
	// prints as 0, never -0.
	// Open: the PRD's example "duration_days": 2.2291666667 shows 10 decimal places
	// but not how a tie rounds or how exact the arithmetic is.
	// Why: it reproduces the PRD example byte for byte, is exact (computed in
	// integers, not float64) and symmetric: diff(a,b) is exactly -diff(b,a).
	DecisionDiffNumbers = "diff-numbers"

	// DecisionWeekdayIndex: weekday_index is ISO 8601: Monday 1 … Sunday 7.
	// Open: the PRD's example pins Monday = 1 ("weekday_index": 1) and says "Use
	// Go time.Time", whose Weekday() numbers Sunday 0; the required tier accepts
	// Sunday 0 or 7.
	// Why: the tool speaks RFC 3339, a profile of ISO 8601; Monday = 1 matches
	// the PRD example; no index is 0, so no "falsy Sunday" bug in the caller.
	DecisionWeekdayIndex = "weekday-index"

	// DecisionWeekdayZone: weekday is the day of the wall-clock date in the
	// timestamp's own offset: 2026-04-19T23:30:00-05:00 is Sunday although it
	// is Monday in UTC.
	// Open: "Return the weekday for a timestamp" does not say in which zone.
	// Why: that is the date the caller wrote; weekday takes no zone, and to ask
	// about another zone one converts first.
	DecisionWeekdayZone = "weekday-zone"

	// DecisionRFC3339: a timestamp must match RFC 3339 §5.6 date-time exactly:
	// YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM), every field with all its
	// digits (a 1-digit hour is invalid), a real calendar date (proleptic
	// Gregorian, years 0000-9999), hour 00-23 (T24:00 invalid), offset hours
	// 00-23 and minutes 00-59 (+24:00 invalid), no surrounding spaces, no space
	// instead of T, no date-only form. Lower-case t and z are accepted (RFC
	// 3339 §5.6 allows them). A leap second :60 is invalid_timestamp (time.Time
	// cannot hold it and moving it would be a guess). -00:00 ("UTC known, local
	// offset unknown", RFC 3339 §4.3) is accepted as the UTC instant.
	// Open: "All timestamps must be valid RFC3339 strings", yet RFC 3339 §5.6 allows
	// a leap second (:60) that "Use Go time.Time" cannot hold. Everything else
	// here is RFC 3339 itself and is required.
	// Why: the PRD makes RFC 3339 the only format; Go's time.Parse is looser
	// (1-digit hours, +99:59), which would make conformance depend on Go.
	DecisionRFC3339 = "rfc3339-input"

	// DecisionFractions: fractional seconds of 1 to 9 digits are accepted (10+
	// digits are invalid_timestamp). Result timestamps print the fraction only
	// when it is not zero, without trailing zeros (.5, not .500); format styles
	// show no seconds (DecisionFormatTruncate).
	// Open: "Use RFC3339 as the only timestamp input/output format" allows any
	// number of fractional digits and does not say how a result writes one
	// (the instant itself is required: "Preserve exact instants").
	// Why: 9 digits is the nanosecond precision time.Time holds, so nothing is
	// dropped silently; whole-second inputs keep the PRD's exact shape.
	DecisionFractions = "fractions"

	// DecisionZeroOffset: a result whose offset is zero is written with Z,
	// whatever the input wrote (Z, z, +00:00, -00:00) and whichever zone
	// (UTC, Europe/London in winter): 2026-01-20T07:00:00Z.
	// Open: "Use RFC3339 as the only timestamp input/output format": RFC 3339
	// writes a zero offset as Z or +00:00; the required tier accepts both.
	// Why: one canonical spelling per instant keeps snapshots stable; it is
	// Go's RFC 3339 output and RFC 3339 gives Z and +00:00 the same meaning.
	DecisionZeroOffset = "zero-offset"

	// DecisionEchoVerbatim: echo fields (left, right, input, timestamp) repeat
	// the caller's string byte for byte; only results are canonical.
	// Open: the PRD's examples echo "input" and "timestamp" but never a
	// non-canonical spelling.
	// Why: the echo lets a model match answers to requests, so it must be what
	// the model sent.
	DecisionEchoVerbatim = "echo-verbatim"

	// DecisionOutputRange: a result that RFC 3339 cannot write is out_of_range:
	// a shift or convert_timezone result outside years 0000-9999 in its offset,
	// a datetime_format target time outside 0000-9999, and a convert_timezone
	// result in a pre-1972 local mean time whose offset has seconds (Go would
	// truncate it and print another instant).
	// Open: "Use RFC3339 as the only timestamp input/output format" forbids writing
	// such a result (the required tier requires a refusal) but names no code.
	// Why: printing a 5-digit year, a negative year or a wrong instant would
	// hand the model a string the tool itself rejects, or a false one.
	DecisionOutputRange = "output-range"

	// DecisionOffsetSeconds: datetime_format's utc_offset is ±HH:MM, or
	// ±HH:MM:SS when the zone's offset has seconds (local mean time before
	// 1972, e.g. Europe/Amsterdam before 1937); convert_timezone refuses those
	// (DecisionOutputRange).
	// Open: the PRD's "utc_offset": "+02:00" shows no zone whose offset has seconds.
	// Why: utc_offset is not RFC 3339, so it can tell the truth; a timestamp
	// cannot.
	DecisionOffsetSeconds = "offset-seconds"

	// DecisionTimezoneNames: target_timezone is valid when it names a zone or
	// link of the embedded IANA tzdata 2025c, matched without regard to letter
	// case ("europe/oslo" works) and reported in its canonical spelling
	// ("Europe/Oslo") in every output, echo included. Links (US/Eastern),
	// legacy names (EST, since tzdata 2024b a link to America/Panama, so
	// -05:00 with no DST since 1908; CET; GB), UTC, Etc/UTC and Etc/GMT+5
	// (= UTC-05:00, POSIX's inverted sign) are valid because IANA defines
	// them. Invalid: "" with convert_timezone (missing), Local,
	// Factory, paths (America//New_York), offsets (+03:00, UTC+3, GMT+5),
	// abbreviations tzdata lacks (PST, CEST, IST), POSIX TZ strings, names
	// with spaces. The host's zoneinfo is never read.
	// Open: "target_timezone must be a valid IANA timezone" does not say how a
	// link is echoed, or whether tzdata's placeholder Factory is a timezone
	// (the required tier accepts either). Matching in any letter case goes
	// beyond it (europe/oslo is not the IANA name): an @extension scenario.
	// Why: "Local" would leak the server's zone and the host's tzdata version
	// into a deterministic answer; IANA names never differ only by case, so
	// case-folding is unambiguous, and returning the canonical spelling teaches
	// the caller the right name.
	DecisionTimezoneNames = "timezone-names"

	// DecisionFixedOffsetLabels: with no target_timezone, datetime_format uses
	// the input's own offset: utc_offset "+03:00"; timezone "UTC+03:00"
	// ("UTC" for a zero offset), deliberately not an IANA name; and the long
	// style's TZ is what tzdata prints for such an offset: "+03", "+0530",
	// "-0930", or "UTC" for zero (Etc/GMT-3 prints "+03", Asia/Kathmandu
	// "+0545"). E.g. 2026-04-20T10:00:00+03:00, long → "2026-04-20 10:00 +03".
	// A target zone without an English abbreviation prints tzdata's own
	// label the same way ("+0545", "-03").
	// Open: "long → YYYY-MM-DD HH:MM TZ" with the example "CEST", and "If no
	// target_timezone is provided, format the timestamp in its own
	// offset/location": an offset has no abbreviation. The required tier
	// accepts the offset as ±hh, ±hhmm or ±hh:mm (UTC, Z or those for zero),
	// and checks no `timezone` label for a bare offset.
	// Why: an offset is not a zone (it has no name and no DST), so naming one
	// would be a guess; the labels match what a zone without an English
	// abbreviation already prints.
	DecisionFixedOffsetLabels = "fixed-offset-labels"

	// DecisionFormatEcho: datetime_format's output always has input, style,
	// formatted, timezone and utc_offset; target_timezone (canonical
	// spelling) only when the request gave one. locale is not echoed.
	// Open: the PRD's output example has a target_timezone, so it does not say what
	// the echo is without one (absent, "" and null are all accepted by the
	// required tier).
	// Why: the PRD's example shape, kept compact; timezone already says which
	// zone was used.
	DecisionFormatEcho = "format-echo"

	// DecisionFormatTruncate: the styles drop seconds and fractions by
	// truncation, never rounding: 09:59:59.999 is "09:59". Day names are
	// English, "Monday".
	// Open: "time_only → HH:MM" does not say how seconds are dropped.
	// Why: a clock shows 09:59 until 10:00; rounding could move the date.
	DecisionFormatTruncate = "format-truncate"

	// DecisionLocale: locale may be absent, "", "en" or any BCP 47 tag whose
	// language is en ("en-GB", "EN-us"); anything else is unsupported_locale.
	// Open: "Locale can be ignored in v1 or accepted only as "en"" and "Locale support
	// may start as English-only even if the field exists in the schema": the
	// required tier accepts a tool that ignores locale and one that accepts
	// only "en"; it never accepts non-English output.
	// Why: every style is a fixed ISO-like layout with English day names,
	// identical in all English locales; answering "ru" in English would be a
	// silent guess.
	DecisionLocale = "locale"

	// DecisionEmptyIsAbsent: a string field that is "" or null, and a shift
	// field that is null, count as absent: a required one is
	// missing_required_field, an optional one takes its default.
	// Open: the PRD does not say whether "" or null is a value. Only "" taken as
	// UTC is ruled out ("never silently guess"), which the required tier checks.
	// Why: tool-calling models routinely send "" or null for "no value"; the
	// outcome is the same either way, so the distinction would only cost a
	// retry.
	DecisionEmptyIsAbsent = "empty-is-absent"

	// DecisionStrictRequest: the JSON request must be one JSON object (≤ 64 KiB,
	// nothing after it) with known keys, spelled exactly (keys are
	// case-sensitive), each at most once. Also rejected: a field the operation
	// does not use (target_timezone with weekday, days with diff), unless it
	// is absent by DecisionEmptyIsAbsent. All of these are invalid_input.
	// Open: "Tool accepts only structured input" does not say what happens to a
	// field the tool does not define or the operation does not use (Go's
	// decoder ignores unknown fields); the required tier accepts a tool that
	// ignores them and one that refuses them. A key given twice with different
	// values is refused too (the kit's choice; RFC 8259 leaves a repeated
	// name's meaning to the reader and Go's decoder keeps the last).
	// Why: an ignored field is a silent guess: {"operation":"weekday",
	// "target_timezone":"Asia/Tokyo"} wants Tokyo's weekday, and "hour": 3 next
	// to "days": 1 would drop three hours.
	DecisionStrictRequest = "strict-request"

	// DecisionWrongTypes: a field of the wrong JSON type fails with that
	// field's own code: operation → invalid_operation; timestamp, left, right
	// → invalid_timestamp; target_timezone → invalid_timezone; style →
	// invalid_style; locale → unsupported_locale; shift fields →
	// invalid_shift.
	// Open: the PRD lists codes per rule but none for a field of the wrong JSON
	// type; the required tier only requires a refusal.
	// Why: the code names the field to fix; the message says the type.
	DecisionWrongTypes = "wrong-types"

	// DecisionEnumsExact: operation and style match exactly, lower case
	// ("Diff" and "LONG" are invalid).
	// Open: "operation (required): one of diff, shift, weekday, convert_timezone"
	// does not say whether "Diff" is one of them.
	// Why: they are the tool's own identifiers, listed in the error message;
	// a JSON Schema enum is case-sensitive too.
	DecisionEnumsExact = "enums-exact"

	// DecisionErrorOrder: one request gets one error, the first of: request
	// structure (invalid_input); wrong field types in request field order;
	// then datetime_math: operation missing/unknown, fields the operation does
	// not use, required fields in order (timestamp | left, right |
	// target_timezone), empty_shift, timestamps (left before right), target
	// zone, shift bounds, result range; datetime_format: timestamp missing,
	// style missing, timestamp, style, target_timezone, locale, result range.
	// Open: "Recommended error codes" gives one code per rule, not which one a
	// request that breaks two rules gets; the required tier accepts either.
	// Why: deterministic errors are snapshot-testable; structure first lets a
	// model fix the request shape before the values.
	DecisionErrorOrder = "error-order"

	// DecisionContext: a context already done when the call starts gives
	// internal_error with the context's message; a nil context is allowed.
	// Open: "internal_error" is listed without saying when it applies.
	// Why: the tools never block, so cancellation is the caller's
	// infrastructure, not bad input.
	DecisionContext = "context"
)

// Decisions lists every decision id above, in order.
func Decisions() []string {
	return []string{
		DecisionMonthEnd, DecisionUnitOrder, DecisionShiftOffset, DecisionZeroShift,
		DecisionShiftValues, DecisionDiffSigned, DecisionDiffNumbers, DecisionWeekdayIndex,
		DecisionWeekdayZone, DecisionRFC3339, DecisionFractions, DecisionZeroOffset,
		DecisionEchoVerbatim, DecisionOutputRange, DecisionOffsetSeconds, DecisionTimezoneNames,
		DecisionFixedOffsetLabels, DecisionFormatEcho, DecisionFormatTruncate, DecisionLocale,
		DecisionEmptyIsAbsent, DecisionStrictRequest, DecisionWrongTypes, DecisionEnumsExact,
		DecisionErrorOrder, DecisionContext,
	}
}
