package routing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/clockspec/clockspec/reference/jsonin"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/clockspec/clockspec/protocol"
)

// Strict decoding of the JSON inputs. encoding/json's struct decoding is not
// used: it matches keys case-insensitively, treats null as "leave alone" and
// says nothing about unknown keys, while the input schemas are exact. Every
// problem becomes invalid_input naming the path; the first one wins.

type reader struct{ err *protocol.Error }

func (r *reader) fail(path, format string, args ...any) {
	if r.err == nil {
		r.err = protocol.Errorf(protocol.CodeInvalidInput, "input%s: %s", path, fmt.Sprintf(format, args...))
	}
}

// object is one JSON object being read.
type object struct {
	r    *reader
	path string
	m    map[string]json.RawMessage
}

func kind(raw json.RawMessage) byte {
	raw = jsonin.TrimSpace(raw)
	if len(raw) == 0 {
		return 0
	}
	switch c := raw[0]; c {
	case '"', '{', '[', 't', 'f', 'n':
		return c
	}
	return '0' // a number
}

// plainString reads a JSON string without escapes: raw is exactly a
// quote, valid UTF-8 with no quote, backslash or control character, and a
// quote. It is then valid JSON, and its value is what is between the quotes
// (what json.Unmarshal gives). Anything else is ok false.
func plainString(raw json.RawMessage) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
	}
	if !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// members is json.Unmarshal of a valid JSON object into a
// map[string]json.RawMessage, without its second scan and copies: each
// value is the bytes of the value in raw, the last of two equal keys wins,
// and a key with an escape or a byte outside ASCII is unquoted by
// encoding/json. ok is false (leaving raw to json.Unmarshal) where raw is
// not shaped like an object.
func members(raw []byte) (m map[string]json.RawMessage, ok bool) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return nil, false
	}
	m = make(map[string]json.RawMessage)
	if i = skipSpace(raw, i+1); i < len(raw) && raw[i] == '}' {
		return m, skipSpace(raw, i+1) == len(raw)
	}
	for {
		if i >= len(raw) || raw[i] != '"' {
			return nil, false
		}
		end := skipString(raw, i)
		if end < 0 {
			return nil, false
		}
		key, ok := memberKey(raw[i:end])
		if !ok {
			return nil, false
		}
		if i = skipSpace(raw, end); i >= len(raw) || raw[i] != ':' {
			return nil, false
		}
		start := skipSpace(raw, i+1)
		if end = skipValue(raw, start); end < 0 {
			return nil, false
		}
		m[key] = json.RawMessage(raw[start:end:end])
		if i = skipSpace(raw, end); i >= len(raw) {
			return nil, false
		}
		switch raw[i] {
		case ',':
			i = skipSpace(raw, i+1)
		case '}':
			return m, skipSpace(raw, i+1) == len(raw)
		default:
			return nil, false
		}
	}
}

// memberKey is a key's string literal unquoted as encoding/json does.
func memberKey(lit []byte) (string, bool) {
	body := lit[1 : len(lit)-1]
	for _, c := range body {
		if c == '\\' || c >= utf8.RuneSelf {
			var k string
			return k, json.Unmarshal(lit, &k) == nil
		}
	}
	return string(body), true
}

func skipSpace(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
		i++
	}
	return i
}

// skipString is the end of the string literal at d[i] (a quote), or -1.
func skipString(d []byte, i int) int {
	for j := i + 1; j < len(d); {
		q := bytes.IndexByte(d[j:], '"')
		if q < 0 {
			return -1
		}
		b := bytes.IndexByte(d[j:j+q], '\\')
		if b < 0 {
			return j + q + 1
		}
		j += b + 2 // past the backslash and the byte it escapes
	}
	return -1
}

// skipValue is the end of the value at d[i] in valid JSON, or -1.
func skipValue(d []byte, i int) int {
	if i >= len(d) {
		return -1
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(d); j++ {
			switch d[j] {
			case '"':
				if j = skipString(d, j); j < 0 {
					return -1
				}
				j--
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(d) && d[j] != ',' && d[j] != '}' && d[j] != ']' && d[j] != ' ' && d[j] != '\t' && d[j] != '\n' && d[j] != '\r' {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

func isNull(raw json.RawMessage) bool { return kind(raw) == 'n' }

// root reads the whole input, which must be exactly one JSON object.
func (r *reader) root(input json.RawMessage, known ...string) object {
	if !json.Valid(input) {
		r.fail("", "not valid JSON")
		return object{r: r}
	}
	return r.object(input, "", known...)
}

// object reads raw, a part of an input json.Valid accepted (every raw
// here is), as the object of known fields at path.
func (r *reader) object(raw json.RawMessage, path string, known ...string) object {
	o := object{r: r, path: path}
	if r.err != nil {
		return o
	}
	if kind(raw) != '{' {
		r.fail(path, "must be an object")
		return o
	}
	if m, ok := members(raw); ok {
		o.m = m
	} else if err := json.Unmarshal(raw, &o.m); err != nil {
		r.fail(path, "%v", err)
		return o
	}
	for k := range o.m {
		if !slices.Contains(known, k) {
			r.fail(path, "unknown field %q (fields are %s)", k, strings.Join(known, ", "))
		}
	}
	return o
}

func (o object) at(key string) string { return o.path + "." + key }

func (o object) get(key string) (json.RawMessage, bool) {
	if o.r.err != nil {
		return nil, false
	}
	v, ok := o.m[key]
	return v, ok
}

func (o object) has(key string) bool { _, ok := o.get(key); return ok }

func (o object) missing(key string) { o.r.fail(o.at(key), "is required") }

func (o object) decodeString(key string, raw json.RawMessage) string {
	if s, ok := plainString(raw); ok {
		return s
	}
	var s string
	if kind(raw) != '"' || json.Unmarshal(raw, &s) != nil {
		o.r.fail(o.at(key), "must be a string")
	}
	return s
}

func (o object) reqString(key string) string {
	raw, ok := o.get(key)
	if !ok {
		if o.r.err == nil {
			o.missing(key)
		}
		return ""
	}
	return o.decodeString(key, raw)
}

// nullString: missing or null is nil.
func (o object) nullString(key string) *string {
	raw, ok := o.get(key)
	if !ok || isNull(raw) {
		return nil
	}
	s := o.decodeString(key, raw)
	return &s
}

func (o object) enum(key, def string, required bool, allowed ...string) string {
	raw, ok := o.get(key)
	if !ok {
		if required && o.r.err == nil {
			o.missing(key)
		}
		return def
	}
	s := o.decodeString(key, raw)
	if o.r.err == nil && !slices.Contains(allowed, s) {
		o.r.fail(o.at(key), "must be one of %s", strings.Join(allowed, ", "))
	}
	return s
}

func (o object) reqEnum(key string, allowed ...string) string {
	return o.enum(key, "", true, allowed...)
}

func (o object) optEnum(key, def string, allowed ...string) string {
	return o.enum(key, def, false, allowed...)
}

func (o object) bool(key string, def bool, required bool) bool {
	raw, ok := o.get(key)
	if !ok {
		if required && o.r.err == nil {
			o.missing(key)
		}
		return def
	}
	switch kind(raw) {
	case 't':
		return true
	case 'f':
		return false
	}
	o.r.fail(o.at(key), "must be true or false")
	return def
}

func (o object) optBool(key string, def bool) bool { return o.bool(key, def, false) }
func (o object) reqBool(key string) bool           { return o.bool(key, false, true) }

// decodeInt accepts a JSON number with an integral value in [lo, hi] (JSON
// Schema's integer, which includes 5.0).
func (o object) decodeInt(key string, raw json.RawMessage, lo, hi int64) int64 {
	if kind(raw) != '0' {
		o.r.fail(o.at(key), "must be an integer")
		return 0
	}
	s := string(jsonin.TrimSpace(raw))
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		if v < lo || v > hi {
			o.r.fail(o.at(key), "must be between %d and %d", lo, hi)
		}
		return v
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) {
		o.r.fail(o.at(key), "must be an integer")
		return 0
	}
	if f < float64(lo) || f > float64(hi) {
		o.r.fail(o.at(key), "must be between %d and %d", lo, hi)
		return 0
	}
	return int64(f)
}

func (o object) reqInt(key string, lo, hi int64) int64 {
	raw, ok := o.get(key)
	if !ok {
		if o.r.err == nil {
			o.missing(key)
		}
		return 0
	}
	return o.decodeInt(key, raw, lo, hi)
}

func (o object) nullInt(key string, lo, hi int64) *int64 {
	raw, ok := o.get(key)
	if !ok || isNull(raw) {
		return nil
	}
	v := o.decodeInt(key, raw, lo, hi)
	return &v
}

func (o object) decodeInstant(key string, raw json.RawMessage) (time.Time, string) {
	s := o.decodeString(key, raw)
	if o.r.err != nil {
		return time.Time{}, ""
	}
	t, ok := ParseInstant(s)
	if !ok {
		o.r.fail(o.at(key), "%q is not an RFC 3339 date-time with at most milliseconds", s)
	}
	return t, s
}

func (o object) reqInstant(key string) (time.Time, string) {
	raw, ok := o.get(key)
	if !ok {
		if o.r.err == nil {
			o.missing(key)
		}
		return time.Time{}, ""
	}
	return o.decodeInstant(key, raw)
}

func (o object) nullInstant(key string) *time.Time {
	raw, ok := o.get(key)
	if !ok || isNull(raw) {
		return nil
	}
	t, _ := o.decodeInstant(key, raw)
	return &t
}

func (o object) reqObject(key string, known ...string) object {
	raw, ok := o.get(key)
	if !ok {
		if o.r.err == nil {
			o.missing(key)
		}
		return object{r: o.r}
	}
	return o.r.object(raw, o.at(key), known...)
}

// nullObject: ok is false when the key is missing or null.
func (o object) nullObject(key string, known ...string) (object, bool) {
	raw, ok := o.get(key)
	if !ok || isNull(raw) {
		return object{r: o.r}, false
	}
	return o.r.object(raw, o.at(key), known...), true
}

// array reads an array of objects; a missing key is an empty array unless
// required.
func (o object) array(key string, required bool, known ...string) []object {
	raw, ok := o.get(key)
	if !ok {
		if required && o.r.err == nil {
			o.missing(key)
		}
		return nil
	}
	if kind(raw) != '[' {
		o.r.fail(o.at(key), "must be an array")
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		o.r.fail(o.at(key), "%v", err)
		return nil
	}
	out := make([]object, len(items))
	for i, it := range items {
		out[i] = o.r.object(it, fmt.Sprintf("%s[%d]", o.at(key), i), known...)
	}
	return out
}
