package protocol

import (
	"encoding/json"
	"math/bits"
	"unicode/utf8"
)

// Encoded is an operation's output already written as JSON, byte for byte
// what json.Marshal writes for the value it stands for. An operation on a
// hot path returns it so that the output is written once, by an appender,
// instead of built as a Go value and encoded by reflection; EncodeOutput
// passes it through.
type Encoded []byte

// MarshalJSON makes an Encoded output encode as itself wherever it is
// marshalled as part of something larger.
func (e Encoded) MarshalJSON() ([]byte, error) { return e, nil }

// EncodeOutput is an operation's output as JSON: an Encoded output as it is,
// anything else by json.Marshal.
func EncodeOutput(v any) (json.RawMessage, error) {
	if e, ok := v.(Encoded); ok {
		return json.RawMessage(e), nil
	}
	return json.Marshal(v)
}

// EncodeAnswer is an operation's answer with its output encoded now, for
// a caller that must not hold the output past this point (a handler whose
// input shares memory the next call reuses): an error passes through, and
// an output that does not encode is an internal error.
func EncodeAnswer(v any, perr *Error) (any, *Error) {
	if perr != nil {
		return nil, perr
	}
	if _, ok := v.(Encoded); ok {
		return v, nil
	}
	out, err := EncodeOutput(v)
	if err != nil {
		return nil, Errorf(CodeInternal, "output: %v", err)
	}
	return Encoded(out), nil
}

// AppendString appends s as a JSON string exactly as json.Marshal writes
// it: <, > and & as \u003c, \u003e and \u0026, the control characters
// with their short escapes where JSON has one, each byte that is not valid
// UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func AppendString[S []byte | string](b []byte, s S) []byte {
	b = append(b, '"')
	return append(AppendStringChars(b, s), '"')
}

// AppendStringChars is AppendString without the quotes: what s becomes
// inside a JSON string.
func AppendStringChars[S []byte | string](b []byte, s S) []byte {
	return AppendStringCharsReplacing(b, s, nil)
}

// AppendStringCharsReplacing is AppendStringChars, except that each byte
// for which replace holds a non-empty string is written as that string
// (which must read as intended inside a JSON string): for text that is
// escaped for something else and then for JSON in one pass. Only bytes
// that a JSON string escapes anyway (", \\, <, >, &, control characters)
// can be replaced.
func AppendStringCharsReplacing[S []byte | string](b []byte, s S, replace *[utf8.RuneSelf]string) []byte {
	return appendChars(b, s, true, replace)
}

// appendStringNoHTML appends s as a JSON string the way a json.Encoder
// with SetEscapeHTML(false) writes it: as AppendString, but <, > and & as
// they are.
func appendStringNoHTML(b []byte, s string) []byte {
	b = append(b, '"')
	return append(appendChars(b, s, false, nil), '"')
}

func appendChars[S []byte | string](b []byte, s S, html bool, replace *[utf8.RuneSelf]string) []byte {
	start := 0
	for i := 0; i < len(s); {
		// Eight bytes at a time while they are all copied as they are,
		// then straight to the first that is not.
		for i+8 <= len(s) {
			if m := unsafeMask(s[i : i+8]); m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if jsonSafe[c] || !html && (c == '<' || c == '>' || c == '&') {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			e := jsonEscape[c]
			if replace != nil && replace[c] != "" {
				e = replace[c]
			}
			b = append(b, e...)
			i++
			start = i
			continue
		}
		// A copy of at most four bytes, which stays on the stack.
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// unsafeMask has the high bit of each of the eight bytes of s set that may
// be one jsonSafe does not mark. It never misses one, and the lowest byte
// it marks is one: a byte it marks wrongly comes from a borrow, which only
// a marked byte below it starts.
func unsafeMask[S []byte | string](s S) uint64 {
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	has := func(c byte) uint64 { x := w ^ (ones * uint64(c)); return x - ones }
	return ((w - ones*0x20) | has('"') | has('\\') | has('<') | has('>') | has('&') | w) & highs
}

// safeWord reports whether all eight bytes of s are ones jsonSafe marks.
func safeWord[S []byte | string](s S) bool { return unsafeMask(s) == 0 }

// jsonSafe marks the bytes json.Marshal copies into a string as they are:
// ASCII from the space up, except ", \\, <, > and &.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// jsonEscape is how json.Marshal writes each ASCII byte it escapes: the
// short escapes where JSON has one, \u00XX for the others.
var jsonEscape = func() (t [utf8.RuneSelf]string) {
	for c := range t {
		t[c] = string([]byte{'\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF]})
	}
	for c, e := range map[byte]string{'\\': `\\`, '"': `\"`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`} {
		t[c] = e
	}
	return t
}()
