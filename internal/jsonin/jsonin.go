// Package jsonin decodes operation inputs the way JSON Schema and every
// other language read them: object keys are case-sensitive. Go's
// encoding/json matches "timeZone" to a field tagged "timezone", which
// would let the reference answer a request whose schema says the required
// field is missing.
//
// Every call first scans the input once, without decoding or allocating,
// for a key that names a field only up to case (scan.go). Inputs almost
// never have one, and then the input goes straight to json.Unmarshal. When
// the scan finds one, the full check (checkCase, dropCaseVariants) decides
// what happens, so the answer is the same as without the scan.
package jsonin

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Decode unmarshals data into v (a pointer) after checking that every
// object key that names one of the target struct's fields spells it
// exactly, at every depth. Keys that match no field are left alone: unknown
// fields are each operation's own decision.
func Decode(data []byte, v any) error {
	t := reflect.TypeOf(v)
	if hasCaseVariant(data, t) {
		if err := checkCase(data, t, ""); err != nil {
			return err
		}
	}
	return json.Unmarshal(data, v)
}

// DecodeOpen is Decode for an open schema (unknown keys allowed): a key that
// differs from a field's name only by case is one more unknown key, so it is
// ignored — as JSON Schema and JavaScript read {"teXt": "a"}: no "text" —
// instead of being bound to the field (encoding/json) or refused (Decode,
// whose refusal is right only where the schema refuses unknown keys).
func DecodeOpen(data []byte, v any) error {
	t := reflect.TypeOf(v)
	if hasCaseVariant(data, t) {
		data, _ = dropCaseVariants(data, t)
	}
	return json.Unmarshal(data, v)
}

// dropCaseVariants returns data without the object keys, at any depth, that
// name a field of t only up to case; changed says whether any was dropped
// (data is returned as it is otherwise).
func dropCaseVariants(data []byte, t reflect.Type) (out []byte, changed bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return data, false // not an object: json.Unmarshal reports the type error
		}
		fields := fieldTypes(t)
		for key, raw := range obj {
			if ft, ok := fields[key]; ok {
				if sub, ch := dropCaseVariants(raw, ft); ch {
					obj[key], changed = sub, true
				}
				continue
			}
			for name := range fields {
				if strings.EqualFold(name, key) {
					delete(obj, key)
					changed = true
					break
				}
			}
		}
		if changed {
			b, _ := json.Marshal(obj)
			return b, true
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return data, false
		}
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return data, false
		}
		for i, raw := range items {
			if sub, ch := dropCaseVariants(raw, t.Elem()); ch {
				items[i], changed = sub, true
			}
		}
		if changed {
			b, _ := json.Marshal(items)
			return b, true
		}
	}
	return data, false
}

func fieldTypes(t reflect.Type) map[string]reflect.Type {
	return fieldsOf(t).types
}

func checkCase(data []byte, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return nil // not an object: json.Unmarshal reports the type error
		}
		fields := fieldTypes(t)
		for key, raw := range obj {
			if ft, ok := fields[key]; ok {
				if err := checkCase(raw, ft, path+"."+key); err != nil {
					return err
				}
				continue
			}
			for name := range fields {
				if strings.EqualFold(name, key) {
					return fmt.Errorf("input%s: field %q is spelled %q (keys are case-sensitive)", path, name, key)
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return nil
		}
		for i, raw := range items {
			if err := checkCase(raw, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}
