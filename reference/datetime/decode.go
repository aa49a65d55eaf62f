package datetime

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// maxInputBytes bounds a request (DecisionStrictRequest): real requests are
// under 300 bytes, and a cap keeps "cheap to execute" true for any input.
const maxInputBytes = 64 << 10

// decodeObject reads input as exactly one JSON object whose keys are all in
// known, each at most once (DecisionStrictRequest). encoding/json's struct
// decoding is not used because it matches keys case-insensitively, keeps the
// last of duplicate keys, and turns a wrong type into a half-filled struct;
// its streaming Decoder is not used because it allocates an error per value.
// Instead json.Valid checks the whole input, and a small scanner, which may
// rely on that validity, splits the top-level object into raw values.
func decodeObject(input []byte, known []string) (map[string]json.RawMessage, *Error) {
	if len(input) > maxInputBytes {
		return nil, newError(CodeInvalidInput, "request is larger than 64 KiB")
	}
	if !json.Valid(input) {
		var v json.RawMessage
		return nil, syntaxError(json.Unmarshal(input, &v))
	}
	i := skipSpace(input, 0)
	if input[i] != '{' {
		return nil, newError(CodeInvalidInput, "request must be a JSON object")
	}
	fields := make(map[string]json.RawMessage, len(known))
	i = skipSpace(input, i+1)
	for input[i] != '}' {
		end := stringEnd(input, i)
		key, ok := unquote(input[i:end])
		if !ok {
			return nil, newError(CodeInvalidInput, "request has an unreadable key")
		}
		i = skipSpace(input, skipSpace(input, end)+1) // past the colon
		vend := valueEnd(input, i)
		if !contains(known, key) {
			return nil, newError(CodeInvalidInput, "unknown field "+quote(key)+" (fields are "+strings.Join(known, ", ")+")")
		}
		if _, dup := fields[key]; dup {
			return nil, newError(CodeInvalidInput, "field "+quote(key)+" appears more than once")
		}
		fields[key] = input[i:vend]
		i = skipSpace(input, vend)
		if input[i] == ',' {
			i = skipSpace(input, i+1)
		}
	}
	return fields, nil
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

// The scanners below run only on input that json.Valid accepted, so they
// never meet an unterminated string or an unbalanced bracket.

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string that starts at b[i] == '"'.
func stringEnd(b []byte, i int) int {
	for j := i + 1; ; j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
}

// valueEnd returns the index just past the value that starts at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; ; j++ {
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
	}
	j := i // a number, true, false or null runs to a delimiter
	for j < len(b) && !strings.ContainsRune(",}] \t\n\r", rune(b[j])) {
		j++
	}
	return j
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
	if len(raw) == 0 || raw[0] != '"' {
		return "", newError(code, name+" must be a string")
	}
	s, ok := unquote(raw)
	if !ok {
		return "", newError(code, name+" is not a readable string")
	}
	return s, nil
}

// intField reads a shift field: absent and null give nil; a JSON number must
// have an integral value (DecisionShiftValues). Its bound is checked later,
// by shiftAmountsOf.
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
