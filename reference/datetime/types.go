package datetime

import (
	"encoding/json"
	"errors"
)

// Operations of datetime_math.
const (
	OpDiff            = "diff"
	OpShift           = "shift"
	OpWeekday         = "weekday"
	OpConvertTimezone = "convert_timezone"
)

// Styles of datetime_format.
const (
	StyleShort       = "short"
	StyleLong        = "long"
	StyleDateOnly    = "date_only"
	StyleTimeOnly    = "time_only"
	StyleWeekdayDate = "weekday_date"
)

// DatetimeMathInput is the request of datetime_math. Strings left empty count
// as absent (DecisionEmptyIsAbsent); shift fields are pointers because an
// explicit 0 is a field that is present (DecisionZeroShift).
type DatetimeMathInput struct {
	Operation      string `json:"operation"`
	Timestamp      string `json:"timestamp,omitempty"`
	Left           string `json:"left,omitempty"`
	Right          string `json:"right,omitempty"`
	TargetTimezone string `json:"target_timezone,omitempty"`
	Years          *int64 `json:"years,omitempty"`
	Months         *int64 `json:"months,omitempty"`
	Days           *int64 `json:"days,omitempty"`
	Hours          *int64 `json:"hours,omitempty"`
	Minutes        *int64 `json:"minutes,omitempty"`
	Seconds        *int64 `json:"seconds,omitempty"`
}

// DatetimeMathOutput is the result of datetime_math: exactly one of the
// fields is set, the one of the operation that ran. Each result type marshals
// with the PRD's field order.
type DatetimeMathOutput struct {
	Diff            *DiffOutput
	Shift           *ShiftOutput
	Weekday         *WeekdayOutput
	ConvertTimezone *ConvertTimezoneOutput
}

// DiffOutput is the result of diff. Durations are right − left, signed
// (DecisionDiffSigned), as exact decimals (DecisionDiffNumbers); json.Number
// keeps them exact for Go callers and prints them as bare JSON numbers.
type DiffOutput struct {
	Operation       string      `json:"operation"`
	Left            string      `json:"left"`
	Right           string      `json:"right"`
	DurationSeconds json.Number `json:"duration_seconds"`
	DurationMinutes json.Number `json:"duration_minutes"`
	DurationHours   json.Number `json:"duration_hours"`
	DurationDays    json.Number `json:"duration_days"`
	Sign            int         `json:"sign"`
}

// ShiftOutput is the result of shift.
type ShiftOutput struct {
	Operation string `json:"operation"`
	Input     string `json:"input"`
	Result    string `json:"result"`
}

// WeekdayOutput is the result of weekday; WeekdayIndex is ISO 8601, Monday 1
// to Sunday 7 (DecisionWeekdayIndex).
type WeekdayOutput struct {
	Operation    string `json:"operation"`
	Timestamp    string `json:"timestamp"`
	Weekday      string `json:"weekday"`
	WeekdayIndex int    `json:"weekday_index"`
}

// ConvertTimezoneOutput is the result of convert_timezone; TargetTimezone is
// the canonical spelling of the zone (DecisionTimezoneNames).
type ConvertTimezoneOutput struct {
	Operation      string `json:"operation"`
	Input          string `json:"input"`
	TargetTimezone string `json:"target_timezone"`
	Result         string `json:"result"`
}

// Operation names the operation whose result o holds ("" for the zero value).
func (o DatetimeMathOutput) Operation() string {
	switch {
	case o.Diff != nil:
		return OpDiff
	case o.Shift != nil:
		return OpShift
	case o.Weekday != nil:
		return OpWeekday
	case o.ConvertTimezone != nil:
		return OpConvertTimezone
	}
	return ""
}

// payload is the one result that is set, or nil.
func (o DatetimeMathOutput) payload() any {
	switch {
	case o.Diff != nil:
		return o.Diff
	case o.Shift != nil:
		return o.Shift
	case o.Weekday != nil:
		return o.Weekday
	case o.ConvertTimezone != nil:
		return o.ConvertTimezone
	}
	return nil
}

// MarshalJSON writes the one result that is set, so that json.Marshal of the
// output gives the PRD payload.
func (o DatetimeMathOutput) MarshalJSON() ([]byte, error) {
	p := o.payload()
	if p == nil {
		return nil, errors.New("datetime: empty DatetimeMathOutput")
	}
	return json.Marshal(p)
}

// DatetimeFormatInput is the request of datetime_format.
type DatetimeFormatInput struct {
	Timestamp      string `json:"timestamp"`
	Style          string `json:"style"`
	TargetTimezone string `json:"target_timezone,omitempty"`
	Locale         string `json:"locale,omitempty"`
}

// DatetimeFormatOutput is the result of datetime_format, fields in the PRD's
// order. TargetTimezone is omitted when the request had none
// (DecisionFormatEcho); Timezone and UTCOffset are always present
// (DecisionFixedOffsetLabels).
type DatetimeFormatOutput struct {
	Input          string `json:"input"`
	TargetTimezone string `json:"target_timezone,omitempty"`
	Style          string `json:"style"`
	Formatted      string `json:"formatted"`
	Timezone       string `json:"timezone"`
	UTCOffset      string `json:"utc_offset"`
}
