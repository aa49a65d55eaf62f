// Package judge is how the harness judges one answer: its canonical form
// (Canonical: the bytes the exact level compares), its comparison with a
// golden apart from the points a scenario declared open (EqualApart), and
// its validation against its operation's schemas (Schemas). It judges
// bytes and values; what a scenario expects, and which verdict a failure
// gives, are the runner's (package conformance).
//
// Belongs here: anything that decides whether two answers are the same or
// an answer is well formed. Not here: step assertions (conformance), how a
// difference is shown to a person (conformance/report).
package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/protocol"
)

// Canonical is the byte form a response is compared in at the exact level:
// JSON with object keys sorted, no insignificant white space, no HTML
// escaping, and every number written as its exact decimal value (see
// CanonicalNumber): two answers compare equal exactly when they hold the same
// keys, strings and decimal values, however their JSON encoders differ.
// Numbers never pass through a float64, so 3652424.9999884258 and
// 3652424.9999884259 differ as the texts do. An error is reduced to its code:
// messages are for people and free to differ.
func Canonical(r protocol.Result) ([]byte, error) {
	if r.Error != nil {
		return []byte(`{"error":{"code":` + Quote(r.Error.Code) + `}}`), nil
	}
	v, err := DecodeOutput(r.Output)
	if err != nil {
		return nil, err
	}
	return CanonicalOutput(v)
}

// DecodeOutput reads an output as Canonical does: its first JSON value,
// numbers as written.
func DecodeOutput(raw json.RawMessage) (any, error) {
	v, _, err := DecodeFirst(raw)
	return v, err
}

// DecodeFirst is DecodeOutput that also says whether the value was the
// whole of raw (only white space after it): then raw is one JSON value,
// as json.Valid says, and v is that value.
func DecodeFirst(raw json.RawMessage) (v any, whole bool, err error) {
	if v, ok := decodeValid(raw); ok {
		return v, true, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, false, fmt.Errorf("output is not JSON: %w", err)
	}
	return v, onlySpace(raw[dec.InputOffset():]), nil
}

// decodeValid decodes raw when it is one JSON value and white space, as
// json.Valid says, into what encoding/json's Decoder with UseNumber gives
// (maps for objects, the last of two equal keys winning; non-nil slices
// for arrays; json.Number for numbers as written), in one pass, without
// the Decoder's copy of the input and second scan. It checks what
// encoding/json's scanner checks (the grammar, control characters and
// escapes in strings, nesting up to its limit); strings with an escape or
// a byte outside ASCII are unquoted by json.Unmarshal, which decides how
// an invalid byte or a lone surrogate reads. ok is false for anything
// else, which the Decoder then reads or refuses.
func decodeValid(raw []byte) (v any, ok bool) {
	r := valueReader{d: raw}
	v, ok = r.value()
	if r.space(); !ok || r.i != len(r.d) {
		return nil, false
	}
	return v, true
}

type valueReader struct {
	d     []byte
	i     int
	depth int
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

func (r *valueReader) space() {
	for r.i < len(r.d) && (r.d[r.i] == ' ' || r.d[r.i] == '\t' || r.d[r.i] == '\n' || r.d[r.i] == '\r') {
		r.i++
	}
}

// next is the byte after white space, which it moves past (0 at the end).
func (r *valueReader) next() byte {
	r.space()
	if r.i >= len(r.d) {
		return 0
	}
	c := r.d[r.i]
	r.i++
	return c
}

func (r *valueReader) value() (any, bool) {
	switch c := r.next(); c {
	case '{':
		if r.depth++; r.depth > maxDepth {
			return nil, false
		}
		defer func() { r.depth-- }()
		m := make(map[string]any)
		if r.space(); r.i < len(r.d) && r.d[r.i] == '}' {
			r.i++
			return m, true
		}
		for {
			if r.next() != '"' {
				return nil, false
			}
			k, ok := r.str()
			if !ok || r.next() != ':' {
				return nil, false
			}
			v, ok := r.value()
			if !ok {
				return nil, false
			}
			m[k] = v
			switch r.next() {
			case ',':
			case '}':
				return m, true
			default:
				return nil, false
			}
		}
	case '[':
		if r.depth++; r.depth > maxDepth {
			return nil, false
		}
		defer func() { r.depth-- }()
		a := make([]any, 0)
		if r.space(); r.i < len(r.d) && r.d[r.i] == ']' {
			r.i++
			return a, true
		}
		for {
			v, ok := r.value()
			if !ok {
				return nil, false
			}
			a = append(a, v)
			switch r.next() {
			case ',':
			case ']':
				return a, true
			default:
				return nil, false
			}
		}
	case '"':
		return r.str()
	case 't':
		return true, r.rest("rue")
	case 'f':
		return false, r.rest("alse")
	case 'n':
		return nil, r.rest("ull")
	case 0:
		return nil, false
	default:
		r.i--
		return r.number()
	}
}

// rest moves past the rest of a literal.
func (r *valueReader) rest(lit string) bool {
	if !bytes.HasPrefix(r.d[r.i:], []byte(lit)) {
		return false
	}
	r.i += len(lit)
	return true
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *valueReader) number() (any, bool) {
	d, i := r.d, r.i
	digits := func() bool {
		start := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		digits()
	default:
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		if i++; !digits() {
			return nil, false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		if i++; i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digits() {
			return nil, false
		}
	}
	n := json.Number(d[r.i:i])
	r.i = i
	return n, true
}

// str reads a string whose opening quote was read.
func (r *valueReader) str() (string, bool) {
	start := r.i - 1
	for j := r.i; j < len(r.d); j++ {
		switch c := r.d[j]; {
		case c == '"':
			r.i = j + 1
			return string(r.d[start+1 : j]), true
		case c < 0x20:
			return "", false
		case c == '\\' || c >= 0x80:
			return r.unquote(start)
		}
	}
	return "", false
}

// unquote reads the string literal at start through json.Unmarshal,
// which checks it as the scanner does (escapes, control characters).
func (r *valueReader) unquote(start int) (string, bool) {
	j := start + 1
	for ; j < len(r.d) && r.d[j] != '"'; j++ {
		if r.d[j] == '\\' {
			j++ // the escaped byte is no closing quote
		}
	}
	if j >= len(r.d) {
		return "", false
	}
	var s string
	if json.Unmarshal(r.d[start:j+1], &s) != nil {
		return "", false
	}
	r.i = j + 1
	return s, true
}

// onlySpace reports whether b is JSON white space alone.
func onlySpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// CanonicalOutput is Canonical of an output already decoded.
func CanonicalOutput(v any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"output":`)
	if err := WriteCanonical(&b, v); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Quote writes a string as JSON without HTML escaping. Printable ASCII
// other than " and \ stands for itself, as encoding/json writes it; any
// other string goes through encoding/json.
func Quote(s string) string {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
	}
	if plain {
		return `"` + s + `"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return string(bytes.TrimRight(b.Bytes(), "\n"))
}

// writeQuoted writes Quote(s) without building it as a string first.
func writeQuoted(b *bytes.Buffer, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			b.WriteString(Quote(s))
			return
		}
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// WriteCanonical writes a decoded JSON value (as DecodeOutput gives it) in
// canonical form.
func WriteCanonical(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeQuoted(b, x)
	case json.Number:
		n, err := CanonicalNumber(string(x))
		if err != nil {
			return err
		}
		b.WriteString(n)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := WriteCanonical(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		var small [16]string
		keys := small[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeQuoted(b, k)
			b.WriteByte(':')
			if err := WriteCanonical(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("unexpected JSON value %T", v)
	}
	return nil
}

// plainInteger reports whether s is 0 or an integer without a leading
// zero, a fraction or an exponent, optionally negative and not -0: the
// form CanonicalNumber writes for it.
func plainInteger(s string) bool {
	if s == "0" {
		return true
	}
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if len(s) == 0 || s[0] < '1' || s[0] > '9' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxPlainExponent bounds how far from the decimal point a canonical number
// is written in plain notation; beyond it the exponent form keeps a value
// like 1e400 from becoming 400 digits.
const maxPlainExponent = 40

// CanonicalNumber writes a JSON number's exact decimal value in one form:
// no exponent, no leading zeros, no trailing zeros after the point, no "-0"
// (2.50 → 2.5, 1E3 → 1000, 1e-7 → 0.0000001, -0.0 → 0). Only the text's
// decimal value counts, so equal values give equal bytes and different values
// (…258 and …259) different bytes, at any precision. Values further than
// maxPlainExponent digits from the point are written d.ddde±N.
func CanonicalNumber(s string) (string, error) {
	if plainInteger(s) {
		return s, nil // already in its one form
	}
	orig := s
	bad := func() error { return fmt.Errorf("%q is not a JSON number", orig) }
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			return "", bad()
		}
		mant, exp = s[:i], e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || strings.Trim(intPart+frac, "0123456789") != "" {
		return "", bad()
	}
	// value = 0.digits × 10^point
	digits := intPart + frac
	point := len(intPart) + exp
	lead := len(digits) - len(strings.TrimLeft(digits, "0"))
	digits, point = digits[lead:], point-lead
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		return "0", nil
	}
	var out string
	switch {
	case point > maxPlainExponent || point < -maxPlainExponent:
		out = digits[:1]
		if len(digits) > 1 {
			out += "." + digits[1:]
		}
		out += "e" + strconv.Itoa(point-1)
	case point <= 0:
		out = "0." + strings.Repeat("0", -point) + digits
	case point >= len(digits):
		out = digits + strings.Repeat("0", point-len(digits))
	default:
		out = digits[:point] + "." + digits[point:]
	}
	if neg {
		out = "-" + out
	}
	return out, nil
}
