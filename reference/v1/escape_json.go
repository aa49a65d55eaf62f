package v1

import (
	"encoding/binary"
	"math/bits"

	"github.com/clockspec/clockspec/protocol"
)

// appendEscapedXMLInJSON appends EscapeXML(s) as it reads inside a JSON
// string, as json.Marshal writes it (protocol.AppendStringChars): each
// entity's "&" is \u0026 there.
//
// Plain ASCII is copied a word at a time as it is scanned, and an entity
// is written as two word stores, so that a batch's text is written without
// a copy call per run. It writes into the spare capacity of b (a word store
// may run past what it keeps; the next store or the caller's next append
// overwrites it). At the first byte that is neither plain ASCII nor one of
// &, <, >, " (a control character, a backslash, non-ASCII), the rest of s
// goes to protocol.AppendStringCharsReplacing, which escapes it as
// json.Marshal does: everything before it was ASCII, so it starts at the
// start of a character. Long strings go there whole, so that the room this
// needs (11 bytes for each byte of s, an entity's most) stays small.
func appendEscapedXMLInJSON(b []byte, s string) []byte {
	const maxLen = 1024
	if len(s) > maxLen {
		return protocol.AppendStringCharsReplacing(b, s, &xmlEntityInJSON)
	}
	if room := 11*len(s) + 16; cap(b)-len(b) < room {
		b = append(b[:len(b):len(b)], make([]byte, room)...)[:len(b)]
	}
	n, out := len(b), b[:cap(b)]
	i := 0
	for {
		for ; i+8 <= len(s); i += 8 {
			w := loadWord(s[i:])
			binary.LittleEndian.PutUint64(out[n:], w)
			if m := xmlJSONSpecialMask(w); m != 0 {
				k := bits.TrailingZeros64(m) / 8
				i, n = i+k, n+k
				goto special
			}
			n += 8
		}
		for ; i < len(s) && !xmlJSONSpecial[s[i]]; i++ {
			out[n] = s[i]
			n++
		}
		if i == len(s) {
			return out[:n]
		}
	special:
		e := &entityWords[s[i]]
		if e.n == 0 {
			return protocol.AppendStringCharsReplacing(out[:n], s[i:], &xmlEntityInJSON)
		}
		p := (*[16]byte)(out[n : n+16])
		binary.LittleEndian.PutUint64(p[:8], e.lo)
		binary.LittleEndian.PutUint64(p[8:], e.hi)
		n += e.n
		i++
	}
}

// loadWord is the eight bytes at the start of s as a little-endian word.
func loadWord(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// xmlJSONSpecialMask has the high bit of each byte of w set that may be
// one xmlJSONSpecial marks. It never misses one, and the lowest byte it
// marks is one: a byte it marks wrongly comes from a borrow, which only a
// marked byte below it starts.
func xmlJSONSpecialMask(w uint64) uint64 {
	has := func(c byte) uint64 { return (w ^ (ones * uint64(c))) - ones }
	return ((w - ones*0x20) | has('"') | has('\\') | has('<') | has('>') | has('&') | w) & highs
}

// xmlJSONSpecial marks the bytes that are not copied as they are: what
// EscapeXML replaces and what a JSON string escapes or checks (control
// characters, the backslash, non-ASCII).
var xmlJSONSpecial = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&'
	}
	return t
}()

// entityWords holds xmlEntityInJSON's entities as two words each, for the
// bytes that have one (n is its length; 0 for the others).
var entityWords = func() (t [256]struct {
	lo, hi uint64
	n      int
}) {
	for c, e := range xmlEntityInJSON {
		if e == "" {
			continue
		}
		var b [16]byte
		t[c].n = copy(b[:], e)
		t[c].lo, t[c].hi = binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])
	}
	return t
}()
