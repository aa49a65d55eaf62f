package datetime

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Error codes. The first seven are the PRD's; the last four are added by
// decisions in decisions.go (each says which decision needs it).
const (
	CodeInvalidOperation     = "invalid_operation"
	CodeInvalidTimestamp     = "invalid_timestamp"
	CodeInvalidTimezone      = "invalid_timezone"
	CodeMissingRequiredField = "missing_required_field"
	CodeEmptyShift           = "empty_shift"
	CodeInvalidStyle         = "invalid_style"
	CodeInternalError        = "internal_error"

	// CodeInvalidInput: the request is not a well-formed request object
	// (DecisionStrictRequest).
	CodeInvalidInput = "invalid_input"
	// CodeInvalidShift: a shift field is not a whole number or is beyond its
	// bound (DecisionShiftValues).
	CodeInvalidShift = "invalid_shift"
	// CodeOutOfRange: a result cannot be written as RFC 3339
	// (DecisionOutputRange).
	CodeOutOfRange = "out_of_range"
	// CodeUnsupportedLocale: locale is not English (DecisionLocale).
	CodeUnsupportedLocale = "unsupported_locale"
)

// Codes lists every code either tool can return, so a harness (and the fuzz
// targets) can tell a known code from a typo.
func Codes() []string {
	return []string{
		CodeInvalidOperation, CodeInvalidTimestamp, CodeInvalidTimezone,
		CodeMissingRequiredField, CodeEmptyShift, CodeInvalidStyle,
		CodeInternalError, CodeInvalidInput, CodeInvalidShift,
		CodeOutOfRange, CodeUnsupportedLocale,
	}
}

// Error is the structured error of both tools. Its JSON form is the inner
// object of the PRD's error envelope; Envelope gives the whole envelope.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Envelope returns the PRD's compact error payload:
// {"error":{"code":"...","message":"..."}}.
func (e *Error) Envelope() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// Messages quote caller text (field names); keep it readable rather than
	// \u003c-escaped, the output is JSON for a model, not for HTML.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Error *Error `json:"error"`
	}{e}); err != nil {
		// Two strings always encode; this is unreachable but must not panic.
		return []byte(`{"error":{"code":"internal_error","message":"cannot encode error"}}`)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func newError(code, message string) *Error { return &Error{Code: code, Message: message} }

// quote renders caller-supplied text inside a message: Go-quoted (so control
// bytes and invalid UTF-8 stay visible) and cut to 64 bytes so that a huge
// bogus key cannot bloat the model's context.
func quote(s string) string {
	const max = 64
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}
