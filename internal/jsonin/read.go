package jsonin

import (
	"encoding/json"
	"strconv"
)

// The readers the generated input decoders (gen, input_gen.go) are made
// of: each reads the next value into *v and reports whether it could. A
// generated decoder reads an input in one pass with them; when one says
// no — a key written with an escape, a known key repeated, anything
// unexpected — the decoder starts again with Into, the general decoder,
// which reads every input its schema accepts. So the fast path never has
// to be complete, only right where it says yes.

// ReadString reads a string.
func ReadString(r *Reader, v *string) bool {
	s, ok := r.Text()
	*v = s
	return ok
}

// ReadBool reads true or false.
func ReadBool(r *Reader, v *bool) bool {
	switch {
	case r.literal("true"):
		*v = true
	case r.literal("false"):
		*v = false
	default:
		return false
	}
	return true
}

// ReadInt64 reads a whole number that fits an int64, in any spelling
// (10, 10.0, 1e1), exactly.
func ReadInt64(r *Reader, v *int64) bool {
	lit, ok := r.Value()
	if !ok || !isNumber(lit) {
		return false
	}
	n, err := strconv.ParseInt(string(lit), 10, 64)
	if err != nil {
		whole, ok := Whole(string(lit))
		if !ok {
			return false
		}
		if n, err = strconv.ParseInt(whole, 10, 64); err != nil {
			return false
		}
	}
	*v = n
	return true
}

// ReadNumber reads a number as its literal.
func ReadNumber(r *Reader, v *json.Number) bool {
	lit, ok := r.Value()
	if !ok || !isNumber(lit) {
		return false
	}
	*v = json.Number(lit)
	return true
}

// ReadRaw reads any value as its bytes (copied: the input may be reused).
func ReadRaw(r *Reader, v *json.RawMessage) bool {
	lit, ok := r.Value()
	*v = append(json.RawMessage(nil), lit...)
	return ok
}

// ReadAny reads any value as encoding/json with UseNumber would.
func ReadAny(r *Reader, v *any) bool {
	r.Space()
	x, ok := r.anyValue()
	*v = x
	return ok
}

// ReadPtr reads null as nil, anything else with read into a new T.
func ReadPtr[T any](r *Reader, v **T, read func(*Reader, *T) bool) bool {
	if r.Null() {
		*v = nil
		return true
	}
	p := newValue[T](r)
	*v = p
	return read(r, p)
}

// ReadStringPtr is ReadPtr with ReadString, the shape of most optional
// properties, without a function value to call.
func ReadStringPtr(r *Reader, v **string) bool {
	if d := r.data; (r.i >= len(d) || d[r.i] != '"') && r.Null() {
		*v = nil
		return true
	}
	s, ok := r.Text()
	if !ok {
		return false
	}
	p := newValue[string](r)
	*p = s
	*v = p
	return true
}

// ReadNullableString is ReadNullable with ReadString (see ReadStringPtr).
func ReadNullableString(r *Reader, v *Nullable[string]) bool {
	v.Present = true
	return ReadStringPtr(r, &v.Value)
}

// ReadNullable reads a present value: null, or one read with read.
func ReadNullable[T any](r *Reader, v *Nullable[T], read func(*Reader, *T) bool) bool {
	v.Present = true
	return ReadPtr(r, &v.Value, read)
}

// ReadSlice reads an array, each item with read: for a view reader, into
// an array its Scratch keeps from call to call.
func ReadSlice[T any](r *Reader, v *[]T, read func(*Reader, *T) bool) bool {
	if !r.Open('[') {
		return false
	}
	var l *listOf[T]
	var s []T
	if r.scratch != nil {
		l = list[T](r.scratch)
		s = l.items
	}
	if s == nil {
		s = make([]T, 0, 4) // [] is an empty list, not none
	}
	ok := r.Close(']')
	for !ok {
		s = append(s, *new(T))
		if !read(r, &s[len(s)-1]) {
			break
		}
		if r.Close(']') {
			ok = true
		} else if !r.Consume(',') {
			break
		}
	}
	if l != nil {
		l.items, l.used = s[:0], len(s) // grown or not: the next call starts from its size
	}
	if ok {
		*v = s
	}
	return ok
}

// ReadMap reads an object whose keys are plain (no escape) and distinct,
// each value with read.
func ReadMap[T any](r *Reader, v *map[string]T, read func(*Reader, *T) bool) bool {
	if !r.Open('{') {
		return false
	}
	m := map[string]T{}
	ok := r.Members(func(r *Reader, key []byte) bool {
		k := string(key)
		if _, dup := m[k]; dup {
			return false
		}
		var e T
		if !read(r, &e) {
			return false
		}
		m[k] = e
		return true
	})
	*v = m
	return ok
}
