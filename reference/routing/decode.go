package routing

import (
	"encoding/json"
	"fmt"
	"github.com/clockspec/clockspec/internal/jsonin"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

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

func isNull(raw json.RawMessage) bool { return kind(raw) == 'n' }

// root reads the whole input, which must be exactly one JSON object.
func (r *reader) root(input json.RawMessage, known ...string) object {
	if !json.Valid(input) {
		r.fail("", "not valid JSON")
		return object{r: r}
	}
	return r.object(input, "", known...)
}

func (r *reader) object(raw json.RawMessage, path string, known ...string) object {
	o := object{r: r, path: path}
	if r.err != nil {
		return o
	}
	if kind(raw) != '{' {
		r.fail(path, "must be an object")
		return o
	}
	if err := json.Unmarshal(raw, &o.m); err != nil {
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
