package jsonin

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
)

// fields is what the scan needs of a struct type: its JSON field names and
// their types.
type fields struct {
	types map[string]reflect.Type
	names [][]byte
}

var fieldCache sync.Map // reflect.Type -> *fields

func fieldsOf(t reflect.Type) *fields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*fields)
	}
	f := &fields{types: map[string]reflect.Type{}}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" || name == "-" || !sf.IsExported() {
			continue
		}
		f.types[name] = sf.Type
		f.names = append(f.names, []byte(name))
	}
	v, _ := fieldCache.LoadOrStore(t, f)
	return v.(*fields)
}

// hasCaseVariant reports whether data may hold, at a place where t reads
// it, an object key that names a field of its struct only up to case. It
// reads every occurrence of a key (the full check reads the last of
// duplicates), so false means the full check finds nothing; on input that
// is not JSON it answers true and leaves the verdict to the full check.
func hasCaseVariant(data []byte, t reflect.Type) bool {
	s := scanner{data: data}
	s.ws()
	found := s.value(t)
	if s.bad {
		return true
	}
	return found
}

type scanner struct {
	data []byte
	i    int
	bad  bool // not JSON where the scan looked
}

func (s *scanner) ws() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// value scans the value at s.i as read into t (nil: not read into a type
// the check descends into) and reports whether it found a case variant.
func (s *scanner) value(t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s.i >= len(s.data) {
		s.bad = true
		return false
	}
	switch c := s.data[s.i]; {
	case c == '{' && t != nil && t.Kind() == reflect.Struct:
		return s.object(fieldsOf(t))
	case c == '[' && t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && t.Elem().Kind() != reflect.Uint8:
		return s.array(t.Elem())
	default:
		s.skip()
		return false
	}
}

func (s *scanner) object(f *fields) bool {
	s.i++ // {
	s.ws()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		return false
	}
	for !s.bad {
		s.ws()
		start := s.i
		plain := s.str()
		if s.bad {
			return false
		}
		key := s.data[start+1 : s.i-1]
		if !plain {
			var k string
			if json.Unmarshal(s.data[start:s.i], &k) != nil {
				s.bad = true
				return false
			}
			key = []byte(k)
		}
		s.ws()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			s.bad = true
			return false
		}
		s.i++
		s.ws()
		if ft, ok := f.types[string(key)]; ok {
			if s.value(ft) {
				return true
			}
		} else {
			for _, name := range f.names {
				if bytes.EqualFold(name, key) {
					return true
				}
			}
			s.skip()
		}
		s.ws()
		if s.i >= len(s.data) {
			s.bad = true
			return false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return false
		default:
			s.bad = true
		}
	}
	return false
}

func (s *scanner) array(elem reflect.Type) bool {
	s.i++ // [
	s.ws()
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		return false
	}
	for !s.bad {
		s.ws()
		if s.value(elem) {
			return true
		}
		s.ws()
		if s.i >= len(s.data) {
			s.bad = true
			return false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			return false
		default:
			s.bad = true
		}
	}
	return false
}

// str moves past the string at s.i; plain says its bytes are its value
// (no escape, ASCII only), so a key can be compared without decoding it.
func (s *scanner) str() (plain bool) {
	if s.i >= len(s.data) || s.data[s.i] != '"' {
		s.bad = true
		return false
	}
	plain = true
	for j := s.i + 1; j < len(s.data); j++ {
		switch c := s.data[j]; {
		case c == '"':
			s.i = j + 1
			return plain
		case c == '\\':
			plain = false
			j++
		case c >= 0x80:
			plain = false
		}
	}
	s.bad = true
	return false
}

// skip moves past one value of any kind without reading it.
func (s *scanner) skip() {
	depth := 0
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case '"':
			s.str()
			if s.bad {
				return
			}
		case '{', '[':
			depth++
			s.i++
		case '}', ']':
			if depth == 0 {
				return // the end of the enclosing value
			}
			depth--
			s.i++
		case ',':
			if depth == 0 {
				return
			}
			s.i++
		default:
			s.i++
			if depth == 0 && s.i < len(s.data) && !scalarByte(s.data[s.i]) {
				// A number, true, false or null ends before a space,
				// a comma or a closing bracket.
				s.ws()
				return
			}
		}
		if depth == 0 && s.i > 0 && (s.data[s.i-1] == '"' || s.data[s.i-1] == '}' || s.data[s.i-1] == ']') {
			return
		}
	}
	if depth > 0 {
		s.bad = true
	}
}

func scalarByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ']', '}', ':', '"', '{', '[':
		return false
	}
	return true
}
