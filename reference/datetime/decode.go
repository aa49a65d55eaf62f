package datetime

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// maxInputBytes bounds a request (DecisionStrictRequest): real requests are
// under 300 bytes, and a cap keeps "cheap to execute" true for any input.
const maxInputBytes = 64 << 10

// decodeObject reads input as exactly one JSON object whose keys are all in
// known, each at most once (DecisionStrictRequest). encoding/json's struct
// decoding is not used because it matches keys case-insensitively, keeps the
// last of duplicate keys, and turns a wrong type into a half-filled struct.
// Instead one pass with jsonin.Reader checks the input as json.Valid does
// and keeps each member's raw value. Input that is not JSON is refused as
// such whatever else is wrong with it; otherwise the first unknown or
// repeated key (in input order) is refused.
func decodeObject(input []byte, known []string) (f fields, e *Error) {
	if len(input) > maxInputBytes {
		return f, newError(CodeInvalidInput, "request is larger than 64 KiB")
	}
	f.known = known
	r := jsonin.NewReader(input)
	if !r.Open('{') {
		if jsonin.Valid(input) {
			return f, newError(CodeInvalidInput, "request must be a JSON object")
		}
		return f, notJSON(input)
	}
	var first *Error // the first unknown or repeated key
	if !r.Close('}') {
		for {
			lit, plain, ok := r.Key()
			if !ok {
				return f, notJSON(input)
			}
			raw, ok := r.Value()
			if !ok {
				return f, notJSON(input)
			}
			if first == nil {
				first = f.add(lit, plain, raw)
			}
			if r.Close('}') {
				break
			}
			if !r.Consume(',') {
				return f, notJSON(input)
			}
		}
	}
	if !r.End() {
		return f, notJSON(input)
	}
	return f, first
}

// notJSON refuses input that is not one JSON value, with encoding/json's
// description of what is wrong.
func notJSON(input []byte) *Error {
	var v json.RawMessage
	return syntaxError(json.Unmarshal(input, &v))
}

// maxKnown bounds the keys a request type has (datetime_math's 11).
const maxKnown = 16

// fields are a request's members by the place of their key in known.
type fields struct {
	known []string
	raw   [maxKnown]json.RawMessage
	set   [maxKnown]bool
}

// add keeps the member whose key is the literal lit, or refuses it.
func (f *fields) add(lit []byte, plain bool, raw json.RawMessage) *Error {
	key := lit[1 : len(lit)-1]
	if !plain {
		s, ok := unquote(lit)
		if !ok {
			return newError(CodeInvalidInput, "request has an unreadable key")
		}
		key = []byte(s)
	}
	for i, k := range f.known {
		if k == string(key) {
			if f.set[i] {
				return newError(CodeInvalidInput, "field "+quote(k)+" appears more than once")
			}
			f.raw[i], f.set[i] = raw, true
			return nil
		}
	}
	return newError(CodeInvalidInput, "unknown field "+quote(string(key))+" (fields are "+strings.Join(f.known, ", ")+")")
}

// get is the raw value of the member named name, if there is one.
func (f *fields) get(name string) (json.RawMessage, bool) {
	for i, k := range f.known {
		if k == name {
			return f.raw[i], f.set[i]
		}
	}
	return nil, false
}

// count is the number of members.
func (f *fields) count() int {
	n := 0
	for _, set := range f.set {
		if set {
			n++
		}
	}
	return n
}

func syntaxError(err error) *Error {
	switch {
	case err == nil: // json.Valid and json.Unmarshal disagree; still refuse
		return newError(CodeInvalidInput, "request is not valid JSON")
	case strings.Contains(err.Error(), "unexpected end of JSON input"):
		return newError(CodeInvalidInput, "request is empty or truncated JSON")
	}
	return newError(CodeInvalidInput, "request is not valid JSON: "+err.Error())
}

// unquote decodes a JSON string literal; the common escape-free case costs
// one copy.
func unquote(lit []byte) (string, bool) {
	if bytes.IndexByte(lit, '\\') < 0 {
		return string(lit[1 : len(lit)-1]), true
	}
	var s string
	err := json.Unmarshal(lit, &s)
	return s, err == nil
}

// unquoteView is unquote without the copy: the string shares lit's bytes.
// Only the JSON entry points use it (through stringField), which return
// nothing that holds the request's strings: their output is encoded into
// new bytes and an error's message is cloned (detach).
func unquoteView(lit []byte) (string, bool) {
	if bytes.IndexByte(lit, '\\') < 0 {
		if len(lit) == 2 {
			return "", true
		}
		return unsafe.String(&lit[1], len(lit)-2), true
	}
	return unquote(lit)
}

// stringField reads a string field; absent and null give "", which the tools
// treat as absent (DecisionEmptyIsAbsent). Any other type is reported with
// the field's own code (DecisionWrongTypes).
func stringField(fields *fields, name, code string) (string, *Error) {
	raw, ok := fields.get(name)
	if !ok || isNull(raw) {
		return "", nil
	}
	if len(raw) == 0 || raw[0] != '"' {
		return "", newError(code, name+" must be a string")
	}
	s, ok := unquoteView(raw)
	if !ok {
		return "", newError(code, name+" is not a readable string")
	}
	return s, nil
}

// intField reads a shift field: absent and null give nil; a JSON number must
// have an integral value (DecisionShiftValues). Its bound is checked later,
// by shiftAmountsOf.
func intField(fields *fields, unit int) (*int64, *Error) {
	name := shiftUnits[unit]
	raw, ok := fields.get(name)
	if !ok || isNull(raw) {
		return nil, nil
	}
	if len(raw) == 0 || !(raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		return nil, newError(CodeInvalidShift, name+" must be a JSON number")
	}
	v, integral, fits := parseIntegral(string(raw))
	if !integral {
		return nil, newError(CodeInvalidShift, name+" must be a whole number; use a smaller unit for fractions (e.g. minutes: 90 for 1.5 hours)")
	}
	if !fits {
		// A whole number too large for int64 has the right type; it is a
		// bound violation, reported where bounds are (after the operation,
		// unused fields, required fields and timestamps, DecisionErrorOrder).
		// Saturating keeps its sign and puts it beyond every bound.
		v = math.MaxInt64
		if raw[0] == '-' {
			v = -math.MaxInt64
		}
	}
	return &v, nil
}

func isNull(raw json.RawMessage) bool { return string(raw) == "null" }

// parseIntegral reads a JSON number literal (already validated by the
// decoder) exactly, without floating point: 1, 1.0, 1e2, -0 and 2.50e1 are
// integral; 1.5 and 1e-1 are not. fits is false when |v| ≥ 10^18. Exponents
// are handled symbolically, so "1e999999999" costs nothing.
func parseIntegral(lit string) (v int64, integral, fits bool) {
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimPrefix(lit, "-")
	mant, expPart, _ := strings.Cut(strings.ToLower(lit), "e")
	intPart, fracPart, _ := strings.Cut(mant, ".")
	digs := strings.TrimLeft(intPart+fracPart, "0")
	if digs == "" {
		return 0, true, true // any spelling of zero
	}
	exp := parseExponent(expPart) - int64(len(fracPart))
	trimmed := strings.TrimRight(digs, "0")
	exp += int64(len(digs) - len(trimmed))
	if exp < 0 {
		return 0, false, false
	}
	if int64(len(trimmed))+exp > 18 {
		return 0, true, false
	}
	for i := 0; i < len(trimmed); i++ {
		v = v*10 + int64(trimmed[i]-'0')
	}
	for range exp {
		v *= 10
	}
	if neg {
		v = -v
	}
	return v, true, true
}

// parseExponent reads an exponent such as "+12" or "-3", saturating at
// ±10^9, far beyond anything that fits or any fraction length.
func parseExponent(s string) int64 {
	if s == "" {
		return 0
	}
	neg := s[0] == '-'
	s = strings.TrimLeft(strings.TrimLeft(s, "+-"), "0")
	if len(s) > 9 {
		if neg {
			return -1e9
		}
		return 1e9
	}
	n, _ := strconv.ParseInt(s, 10, 64) // "" (all zeros) gives 0
	if neg {
		return -n
	}
	return n
}
