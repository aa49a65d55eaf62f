package jsonin

import (
	"encoding/json"
	"errors"
)

// errNotJSON is DecodeAny's answer to what is not one JSON value.
var errNotJSON = errors.New("not one JSON value")

// DecodeAny decodes data as encoding/json decodes it into an any with
// UseNumber (objects as map[string]any with a repeated key's last value,
// arrays as []any, numbers as json.Number, strings decoded the same way),
// in one pass and without encoding/json's buffering: the form a JSON Schema
// validator reads, for the inputs every call is checked against.
func DecodeAny(data []byte) (any, error) {
	r := NewReader(data)
	v, ok := r.anyValue()
	if !ok || !r.End() {
		return nil, errNotJSON
	}
	return v, nil
}

func (r *Reader) anyValue() (any, bool) {
	switch r.Peek() {
	case '"':
		return r.Text()
	case '{':
		if !r.Open('{') {
			return nil, false
		}
		m := map[string]any{}
		if r.Close('}') {
			return m, true
		}
		for {
			lit, plain, ok := r.Key()
			if !ok {
				return nil, false
			}
			key := string(lit[1 : len(lit)-1])
			if !plain {
				if key, ok = Unquote(lit); !ok {
					return nil, false
				}
			}
			v, ok := r.anyValue()
			if !ok {
				return nil, false
			}
			m[key] = v
			if r.Close('}') {
				return m, true
			}
			if !r.Consume(',') {
				return nil, false
			}
		}
	case '[':
		if !r.Open('[') {
			return nil, false
		}
		a := []any{}
		if r.Close(']') {
			return a, true
		}
		for {
			v, ok := r.anyValue()
			if !ok {
				return nil, false
			}
			a = append(a, v)
			if r.Close(']') {
				return a, true
			}
			if !r.Consume(',') {
				return nil, false
			}
		}
	case 't':
		return true, r.literal("true")
	case 'f':
		return false, r.literal("false")
	case 'n':
		return nil, r.literal("null")
	}
	start := r.i
	if !r.number() {
		return nil, false
	}
	return json.Number(r.data[start:r.i]), true
}
