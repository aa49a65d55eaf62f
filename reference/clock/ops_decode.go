package clock

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/clockspec/clockspec/internal/jsonin"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Error codes of the clock-core operations, besides invalid_input.
const (
	CodeInvalidPolicy      = "invalid_policy"
	CodeInvalidInstant     = "invalid_instant"
	CodeInvalidTimezone    = "invalid_timezone"
	CodeUnrepresentable    = "unrepresentable_offset"
	CodeOutOfRange         = "out_of_range"
	CodeInvalidState       = "invalid_state"
	CodeUnsupportedVersion = "unsupported_state_version"
	CodeInvalidThreadKey   = "invalid_thread_key"
	CodeInvalidLink        = "invalid_link"
	CodeLinkNotApproved    = "link_not_approved"
	CodeAlreadyLinked      = "already_linked"
	CodeInvalidPatch       = "invalid_patch"
	CodeInvalidPath        = "invalid_path"
	CodeUnknownAction      = "unknown_action"
)

// maxInputBytes bounds a request; the largest scenario input is a few KiB.
const maxInputBytes = 1 << 20

// fields is one JSON object of an input, read strictly: only the allowed
// keys, each of the exact type. The first problem is kept in err.
type fields struct {
	m    map[string]json.RawMessage
	path string
	err  *protocol.Error
}

// fail records a problem. Malformed input (invalid_input: a missing field,
// a wrong type) outranks a bad value (invalid_timezone, invalid_instant,
// …), whatever the order the fields are read in, so that one request gets
// the same error from the reference as from the input schema.
func (f *fields) fail(e *protocol.Error) {
	if f.err == nil || (e.Code == protocol.CodeInvalidInput && f.err.Code != protocol.CodeInvalidInput) {
		f.err = e
	}
}

// blocked reports whether reading should stop: once the input is known to
// be malformed nothing more is learnt, but after a bad value the other
// fields are still checked for a missing one.
func (f *fields) blocked() bool {
	return f.err != nil && f.err.Code == protocol.CodeInvalidInput
}

func invalid(format string, args ...any) *protocol.Error {
	return protocol.Errorf(protocol.CodeInvalidInput, format, args...)
}

func readObject(raw json.RawMessage, path string, allowed ...string) *fields {
	f := &fields{path: path}
	t := jsonin.TrimSpace(raw)
	if len(t) > maxInputBytes {
		f.fail(invalid("%s is larger than 1 MiB", f.name("")))
		return f
	}
	if m, ok := members(t); ok {
		f.m = m
	} else if len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		f.fail(invalid("%s must be a JSON object", f.name("")))
		return f
	} else if err := json.Unmarshal(t, &f.m); err != nil {
		f.fail(invalid("%s: %v", f.name(""), err))
		return f
	}
	for k := range f.m {
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			f.fail(invalid("%s has an unknown field %q (fields are %s)", f.name(""), k, strings.Join(allowed, ", ")))
			return f
		}
	}
	return f
}

// members reads a JSON object as json.Unmarshal into a map of raw
// messages does, in one pass with jsonin's reader (which accepts exactly
// what encoding/json accepts): each value is its bytes in t (capped, so
// that appending to one never writes into t), the last of two equal keys
// wins. ok is false for anything else, and for a key with an escape or a
// byte outside ASCII (encoding/json decides those).
func members(t []byte) (map[string]json.RawMessage, bool) {
	r := jsonin.NewReader(t)
	if !r.Open('{') {
		return nil, false
	}
	m := map[string]json.RawMessage{}
	ok := r.Members(func(r *jsonin.Reader, key []byte) bool {
		v, ok := r.Value()
		if ok {
			m[string(key)] = v[:len(v):len(v)]
		}
		return ok
	})
	if !ok || !r.End() {
		return nil, false
	}
	return m, true
}

// text reads a JSON string as json.Unmarshal into a string does; ok is
// false for anything else (left to json.Unmarshal, for its verdict).
func text(raw json.RawMessage) (string, bool) {
	r := jsonin.NewReader(raw)
	s, ok := r.Text()
	return s, ok && r.End()
}

func (f *fields) name(key string) string {
	switch {
	case f.path == "" && key == "":
		return "input"
	case key == "":
		return f.path
	case f.path == "":
		return key
	}
	return f.path + "." + key
}

func isNull(raw json.RawMessage) bool { return string(jsonin.TrimSpace(raw)) == "null" }

// str reads a string field; nullable fields treat null like absence.
func (f *fields) str(key string, required, nullable bool) (string, bool) {
	raw, ok := f.m[key]
	if f.blocked() {
		return "", false
	}
	if !ok || (nullable && isNull(raw)) {
		if required {
			f.fail(invalid("%s is required", f.name(key)))
		}
		return "", false
	}
	if s, ok := text(raw); ok {
		return s, true
	}
	var s string
	if isNull(raw) || json.Unmarshal(raw, &s) != nil {
		f.fail(invalid("%s must be a string", f.name(key)))
		return "", false
	}
	return s, true
}

func (f *fields) nonEmpty(key string, required, nullable bool) (string, bool) {
	s, ok := f.str(key, required, nullable)
	if ok && s == "" {
		f.fail(invalid("%s must not be empty", f.name(key)))
		return "", false
	}
	return s, ok
}

func (f *fields) boolean(key string, def bool) bool {
	raw, ok := f.m[key]
	if f.blocked() || !ok {
		return def
	}
	var b bool
	if isNull(raw) || json.Unmarshal(raw, &b) != nil {
		f.fail(invalid("%s must be true or false", f.name(key)))
		return def
	}
	return b
}

func (f *fields) requiredBool(key string) bool {
	if _, ok := f.m[key]; !ok && !f.blocked() {
		f.fail(invalid("%s is required", f.name(key)))
		return false
	}
	return f.boolean(key, false)
}

// strings reads a non-empty array of non-empty strings.
func (f *fields) strs(key string) []string {
	raw, ok := f.m[key]
	if f.blocked() {
		return nil
	}
	if !ok {
		f.fail(invalid("%s is required", f.name(key)))
		return nil
	}
	var out []string
	if isNull(raw) || json.Unmarshal(raw, &out) != nil || len(out) == 0 {
		f.fail(invalid("%s must be a non-empty array of strings", f.name(key)))
		return nil
	}
	for _, s := range out {
		if s == "" {
			f.fail(invalid("%s must not contain empty strings", f.name(key)))
			return nil
		}
	}
	return out
}

// object reads a nested object field (absent → nil, no error unless required).
func (f *fields) object(key string, required, nullable bool, allowed ...string) *fields {
	raw, ok := f.m[key]
	if f.blocked() {
		return nil
	}
	if !ok || (nullable && isNull(raw)) {
		if required {
			f.fail(invalid("%s is required", f.name(key)))
		}
		return nil
	}
	sub := readObject(raw, f.name(key), allowed...)
	if sub.err != nil {
		f.fail(sub.err)
		return nil
	}
	return sub
}

// rawObject returns a field that must be a JSON object, undecoded.
func (f *fields) rawObject(key string, required, nullable bool) json.RawMessage {
	raw, ok := f.m[key]
	if f.blocked() {
		return nil
	}
	if !ok || (nullable && isNull(raw)) {
		if required {
			f.fail(invalid("%s is required", f.name(key)))
		}
		return nil
	}
	if t := jsonin.TrimSpace(raw); len(t) == 0 || t[0] != '{' {
		f.fail(invalid("%s must be a JSON object", f.name(key)))
		return nil
	}
	return raw
}

// instant reads a required RFC 3339 instant field; a malformed one is
// invalid_instant (the schema only asks for a string).
func (f *fields) instant(key string, required bool) (time.Time, string, bool) {
	s, ok := f.str(key, required, !required)
	if !ok || f.err != nil {
		return time.Time{}, "", false
	}
	t, err := ParseInstant(s)
	if err != nil {
		f.fail(protocol.Errorf(CodeInvalidInstant, "%s: %v", f.name(key), err))
		return time.Time{}, "", false
	}
	return t, s, true
}

// policy reads the optional policy object (the JSON form of the §0 block).
func (f *fields) policy(key string) Policy {
	raw := f.rawObject(key, false, true)
	if f.blocked() {
		return Policy{}
	}
	p, err := PolicyFromJSON(raw)
	if err != nil {
		f.fail(protocol.Errorf(CodeInvalidPolicy, "%s: %v", f.name(key), err))
	}
	return p
}

// state reads a state document field. Its shape is checked against the v3
// schema (a violation is invalid_input, as the operation's schema says), its
// version must be 3, and its instants must be real instants.
func (f *fields) state(key string) *State {
	raw, ok := f.m[key]
	if f.blocked() {
		return nil
	}
	if !ok {
		f.fail(invalid("%s is required", f.name(key)))
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		f.fail(invalid("%s: %v", f.name(key), err))
		return nil
	}
	st, err := decodeValue(v)
	if err != nil {
		var se *StateError
		switch {
		case errors.As(err, &se) && se.Kind == ErrStateVersion:
			f.fail(protocol.Errorf(CodeUnsupportedVersion, "%s: %v", f.name(key), err))
		case errors.As(err, &se) && se.Kind == ErrStateValue:
			f.fail(protocol.Errorf(CodeInvalidState, "%s: %v", f.name(key), err))
		default:
			f.fail(invalid("%s: %v", f.name(key), err))
		}
		return nil
	}
	return st
}

// normalizeNumbers writes integral numbers as integers (3.0 → 3, 9e1 → 90),
// which JSON Schema counts as integers too, so that Go's int fields read
// exactly what the schema accepted. Read exactly, never through float64:
// 3.0000000000000001 is not an integer, and stays as it is.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	case json.Number:
		if whole, ok := jsonin.Whole(string(x)); ok {
			return json.Number(whole)
		}
	}
	return v
}

// zone reads an IANA zone id field; anything else is invalid_timezone.
func (f *fields) zone(key string, required bool) *Zone {
	s, ok := f.str(key, required, !required)
	if !ok || f.err != nil {
		return nil
	}
	z, err := CanonicalZone(s)
	if err != nil {
		f.fail(protocol.Errorf(CodeInvalidTimezone, "%s: %v", f.name(key), err))
		return nil
	}
	return &z
}
