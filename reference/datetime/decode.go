package datetime

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// maxInputBytes bounds a request (DecisionStrictRequest): real requests are
// under 300 bytes, and a cap keeps "cheap to execute" true for any input.
const maxInputBytes = 64 << 10

// decodeObject reads input as exactly one JSON object whose keys are all in
// known, each at most once (DecisionStrictRequest). encoding/json's struct
// decoding is not used because it matches keys case-insensitively, keeps the
// last of duplicate keys, and turns a wrong type into a half-filled struct.
func decodeObject(input []byte, known []string) (map[string]json.RawMessage, *Error) {
	if len(input) > maxInputBytes {
		return nil, newError(CodeInvalidInput, "request is larger than 64 KiB")
	}
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, newError(CodeInvalidInput, "request must be a JSON object")
	}
	fields := make(map[string]json.RawMessage, len(known))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxError(err)
		}
		key, _ := tok.(string) // inside an object the decoder only yields string keys
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntaxError(err)
		}
		if !contains(known, key) {
			return nil, newError(CodeInvalidInput, "unknown field "+quote(key)+" (fields are "+strings.Join(known, ", ")+")")
		}
		if _, dup := fields[key]; dup {
			return nil, newError(CodeInvalidInput, "field "+quote(key)+" appears more than once")
		}
		fields[key] = raw
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, syntaxError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, newError(CodeInvalidInput, "request must be a single JSON object with nothing after it")
	}
	return fields, nil
}

func syntaxError(err error) *Error {
	if errors.Is(err, io.EOF) {
		return newError(CodeInvalidInput, "request is empty or truncated JSON")
	}
	return newError(CodeInvalidInput, "request is not valid JSON: "+err.Error())
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// stringField reads a string field; absent and null give "", which the tools
// treat as absent (DecisionEmptyIsAbsent). Any other type is reported with
// the field's own code (DecisionWrongTypes).
func stringField(fields map[string]json.RawMessage, name, code string) (string, *Error) {
	raw, ok := fields[name]
	if !ok || isNull(raw) {
		return "", nil
	}
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", newError(code, name+" must be a string")
	}
	return s, nil
}

// intField reads a shift field: absent and null give nil; a JSON number must
// have an integral value (DecisionShiftValues).
func intField(fields map[string]json.RawMessage, unit int) (*int64, *Error) {
	name := shiftUnits[unit]
	raw, ok := fields[name]
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
		return nil, boundError(unit)
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
