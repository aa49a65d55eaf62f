package jsonin

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Into decodes data, an input its operation's schema has accepted, into v
// (a pointer to a generated input struct) the way JSON Schema read it:
//
//   - an object key names a field only when it spells the field's json tag
//     exactly, escapes decoded ("\u0073tate" is "state"); any other key is
//     skipped (a closed schema has refused it already);
//   - a repeated key is read last-wins, as the schema's validator saw it;
//   - an integer field takes every whole spelling, read exactly (10, 10.0,
//     1e1), and refuses a fraction or a value beyond its Go type;
//   - an absent field with a `default:"<JSON>"` tag takes that value (the
//     schema's default), otherwise it keeps its zero value (nil for a
//     pointer: absent);
//   - json.RawMessage takes the value's bytes as written; a type with an
//     UnmarshalJSON method (Nullable) decodes itself.
//
// The schema is the one statement of what is well-formed: Into only turns
// what it accepted into Go values, and its errors are the reference's own
// bugs (a generated type that disagrees with its schema), never the
// caller's.
func Into(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("jsonin.Into: want a non-nil pointer, got %T", v)
	}
	r := NewReader(data)
	if err := decodeValue(r, rv.Elem(), ""); err != nil {
		return err
	}
	if !r.End() {
		return fmt.Errorf("input: bytes after the JSON value")
	}
	return nil
}

var (
	rawType         = reflect.TypeFor[json.RawMessage]()
	numberType      = reflect.TypeFor[json.Number]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

// structField is one field of a struct as Into reads it.
type structField struct {
	index int
	def   []byte // the schema's default, as JSON; nil without one
}

var structFields sync.Map // reflect.Type → map[string]structField

func fieldsByTag(t reflect.Type) map[string]structField {
	if m, ok := structFields.Load(t); ok {
		return m.(map[string]structField)
	}
	m := map[string]structField{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		sf := structField{index: i}
		if d, ok := f.Tag.Lookup("default"); ok {
			sf.def = []byte(d)
		}
		m[name] = sf
	}
	structFields.Store(t, m)
	return m
}

func at(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func decodeValue(r *Reader, v reflect.Value, path string) error {
	r.Space()
	if v.Type() == rawType {
		raw, ok := r.Value()
		if !ok {
			return fmt.Errorf("%s: not a JSON value", orInput(path))
		}
		v.SetBytes(append([]byte(nil), raw...))
		return nil
	}
	if reflect.PointerTo(v.Type()).Implements(unmarshalerType) {
		raw, ok := r.Value()
		if !ok {
			return fmt.Errorf("%s: not a JSON value", orInput(path))
		}
		return v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(raw)
	}
	if v.Kind() == reflect.Pointer {
		if r.Null() {
			v.SetZero()
			return nil
		}
		p := reflect.New(v.Type().Elem())
		if err := decodeValue(r, p.Elem(), path); err != nil {
			return err
		}
		v.Set(p)
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		if v.Type() == numberType {
			lit, ok := r.Value()
			if !ok || !isNumber(lit) {
				return fmt.Errorf("%s: want a number", orInput(path))
			}
			v.SetString(string(lit))
			return nil
		}
		s, ok := r.Text()
		if !ok {
			return fmt.Errorf("%s: want a string", orInput(path))
		}
		v.SetString(s)
	case reflect.Bool:
		switch {
		case r.literal("true"):
			v.SetBool(true)
		case r.literal("false"):
			v.SetBool(false)
		default:
			return fmt.Errorf("%s: want true or false", orInput(path))
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		lit, ok := r.Value()
		if !ok || !isNumber(lit) {
			return fmt.Errorf("%s: want an integer", orInput(path))
		}
		whole, ok := Whole(string(lit))
		if !ok {
			return fmt.Errorf("%s: %s is not a whole number", orInput(path), lit)
		}
		n, err := strconv.ParseInt(whole, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("%s: %s is beyond this field's range", orInput(path), lit)
		}
		v.SetInt(n)
	case reflect.Float64:
		lit, ok := r.Value()
		if !ok || !isNumber(lit) {
			return fmt.Errorf("%s: want a number", orInput(path))
		}
		f, err := strconv.ParseFloat(string(lit), 64)
		if err != nil {
			return fmt.Errorf("%s: %s is beyond a double's range", orInput(path), lit)
		}
		v.SetFloat(f)
	case reflect.Slice:
		if !r.Open('[') {
			return fmt.Errorf("%s: want an array", orInput(path))
		}
		s := reflect.MakeSlice(v.Type(), 0, 4)
		if !r.Close(']') {
			for i := 0; ; i++ {
				e := reflect.New(v.Type().Elem()).Elem()
				if err := decodeValue(r, e, path+"["+strconv.Itoa(i)+"]"); err != nil {
					return err
				}
				s = reflect.Append(s, e)
				if r.Close(']') {
					break
				}
				if !r.Consume(',') {
					return fmt.Errorf("%s: a malformed array", orInput(path))
				}
			}
		}
		v.Set(s)
	case reflect.Map:
		if !r.Open('{') {
			return fmt.Errorf("%s: want an object", orInput(path))
		}
		m := reflect.MakeMap(v.Type())
		err := members(r, path, func(key string, r *Reader) error {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := decodeValue(r, e, at(path, key)); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(key).Convert(v.Type().Key()), e)
			return nil
		})
		if err != nil {
			return err
		}
		v.Set(m)
	case reflect.Struct:
		if !r.Open('{') {
			return fmt.Errorf("%s: want an object", orInput(path))
		}
		fields := fieldsByTag(v.Type())
		var seen []bool
		err := members(r, path, func(key string, r *Reader) error {
			f, ok := fields[key]
			if !ok {
				return nil // a key the type does not name (an open schema's)
			}
			if seen == nil {
				seen = make([]bool, v.NumField())
			}
			seen[f.index] = true
			return decodeValue(r, v.Field(f.index), at(path, key))
		})
		if err != nil {
			return err
		}
		for key, f := range fields {
			if f.def != nil && (seen == nil || !seen[f.index]) {
				if err := decodeValue(NewReader(f.def), v.Field(f.index), at(path, key)); err != nil {
					return fmt.Errorf("the default of %s: %w", at(path, key), err)
				}
			}
		}
	case reflect.Interface:
		raw, ok := r.Value()
		if !ok {
			return fmt.Errorf("%s: not a JSON value", orInput(path))
		}
		d := json.NewDecoder(strings.NewReader(string(raw)))
		d.UseNumber()
		var x any
		if err := d.Decode(&x); err != nil {
			return fmt.Errorf("%s: %w", orInput(path), err)
		}
		if x != nil {
			v.Set(reflect.ValueOf(x))
		}
	default:
		return fmt.Errorf("%s: jsonin.Into cannot decode into %s", orInput(path), v.Type())
	}
	return nil
}

// members reads an object's members after its '{', decoding every key
// (escapes included), and hands each key to read with a reader at its
// value. A key the object repeats is read once, with its last value, as the
// schema's validator saw it: the earlier values are never decoded (the
// schema never judged them).
func members(r *Reader, path string, read func(key string, value *Reader) error) error {
	type member struct {
		key   string
		value []byte
	}
	var ms []member
	if !r.Close('}') {
		for {
			lit, plain, ok := r.Key()
			if !ok {
				return fmt.Errorf("%s: a malformed object", orInput(path))
			}
			key := string(lit[1 : len(lit)-1])
			if !plain {
				if key, ok = Unquote(lit); !ok {
					return fmt.Errorf("%s: a malformed key", orInput(path))
				}
			}
			value, ok := r.Value()
			if !ok {
				return fmt.Errorf("%s: not a JSON value", at(path, key))
			}
			ms = append(ms, member{key, value})
			if r.Close('}') {
				break
			}
			if !r.Consume(',') {
				return fmt.Errorf("%s: a malformed object", orInput(path))
			}
		}
	}
	for i, m := range ms {
		repeated := false
		for _, later := range ms[i+1:] {
			if later.key == m.key {
				repeated = true
				break
			}
		}
		if repeated {
			continue
		}
		if err := read(m.key, NewReader(m.value)); err != nil {
			return err
		}
	}
	return nil
}

func orInput(path string) string {
	if path == "" {
		return "input"
	}
	return path
}

func isNumber(lit []byte) bool {
	return len(lit) > 0 && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9')
}

// Nullable is a property that is optional and may be null: Present says
// whether the input named it, Value is nil for null.
type Nullable[T any] struct {
	Present bool
	Value   *T
}

// UnmarshalJSON reads a present value, null included.
func (n *Nullable[T]) UnmarshalJSON(raw []byte) error {
	n.Present, n.Value = true, nil
	r := NewReader(raw)
	if r.Null() {
		return nil
	}
	var v T
	if err := decodeValue(NewReader(raw), reflect.ValueOf(&v).Elem(), ""); err != nil {
		return err
	}
	n.Value = &v
	return nil
}
