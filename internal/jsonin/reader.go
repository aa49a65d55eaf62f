package jsonin

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Reader walks one JSON text in place, for decoders written for one input
// shape: it accepts exactly the JSON that encoding/json accepts (the same
// white space, number grammar, escapes and nesting limit) and decodes
// strings exactly as it does, without reflection, maps or a second pass.
// A method that finds something else answers false and leaves the verdict
// to the caller, which typically hands the input to its general decoder.
type Reader struct {
	data    []byte
	i       int
	depth   int
	scratch *Scratch // set by NewViewReader
	// keyLead is the white space Member last met before a key that was a
	// line feed and up to six spaces, with the key's quote: that line
	// feed, spaces and quote as a word (the bytes past them zero) and its
	// mask, and its length. Indented JSON puts the same run before every
	// key of an object, which one comparison of a word then takes.
	keyLead, keyLeadMask uint64
	keyLeadLen           int
}

// maxDepth is encoding/json's nesting limit: it refuses an input whose
// arrays and objects nest deeper.
const maxDepth = 10000

// NewReader reads data from its start.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

// Space moves past JSON white space (space, tab, line feed, carriage return).
func (r *Reader) Space() { r.i = SkipSpace(r.data, r.i) }

// Peek is the next byte after white space (0 at the end).
func (r *Reader) Peek() byte {
	r.Space()
	if r.i >= len(r.data) {
		return 0
	}
	return r.data[r.i]
}

// Consume moves past c, the next byte after white space, if it is there.
func (r *Reader) Consume(c byte) bool {
	if d := r.data; r.i < len(d) && d[r.i] == c {
		r.i++ // no white space before it: most calls, without calling Space
		return true
	}
	if r.Peek() != c {
		return false
	}
	r.i++
	return true
}

// Open moves past '{' or '[' (c), counting the nesting depth.
func (r *Reader) Open(c byte) bool {
	if r.depth >= maxDepth || !r.Consume(c) {
		return false
	}
	r.depth++
	return true
}

// Close moves past '}' or ']' (c), the end of what Open began.
func (r *Reader) Close(c byte) bool {
	if !r.Consume(c) {
		return false
	}
	r.depth--
	return true
}

// End reports whether only white space is left.
func (r *Reader) End() bool {
	r.Space()
	return r.i == len(r.data)
}

// Null moves past a null, if that is the next value.
func (r *Reader) Null() bool {
	if d := r.data; r.i >= len(d) || d[r.i] <= ' ' {
		r.Space() // called only where there is white space to skip
	}
	if r.i >= len(r.data) || r.data[r.i] != 'n' {
		return false // most calls, inlined
	}
	return r.literal("null")
}

func (r *Reader) literal(lit string) bool {
	r.Space()
	if len(r.data)-r.i < len(lit) || string(r.data[r.i:r.i+len(lit)]) != lit {
		return false
	}
	r.i += len(lit)
	return true
}

// String moves past the string literal that is the next value and returns
// it with its quotes; plain says it holds no escape and no byte ≥ 0x80, so
// that the bytes between the quotes are its value.
func (r *Reader) String() (lit []byte, plain, ok bool) {
	d, i := r.data, SkipSpace(r.data, r.i)
	r.i = i
	end, plain := ScanString(d, i)
	if end < 0 {
		return nil, false, false
	}
	r.i = end
	return d[i:end], plain, true
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// specialMask has the high bit of each byte of w set that may be one
// stringSpecial marks (a quote, a backslash, a control character,
// non-ASCII). It never misses one, and the lowest byte it marks is one:
// a byte it marks wrongly comes from a borrow, which only a marked byte
// below it starts.
func specialMask(w uint64) uint64 {
	quote, backslash := w^(ones*'"'), w^(ones*'\\')
	return ((w - ones*0x20) | (quote - ones) | (backslash - ones) | w) & highs
}

// specialInWord reports whether specialMask marks a byte of w.
func specialInWord(w uint64) bool { return specialMask(w) != 0 }

// nextSpecial is the index of the first byte from i on that stringSpecial
// marks, or len(d): eight bytes at a time where it can.
func nextSpecial(d []byte, i int) int {
	for ; i+8 <= len(d); i += 8 {
		if m := specialMask(binary.LittleEndian.Uint64(d[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(d) && !stringSpecial[d[i]]; i++ {
	}
	return i
}

// stringSpecial marks the bytes String looks at inside a string: the quote,
// the backslash, control characters and non-ASCII.
var stringSpecial = func() (t [256]bool) {
	for c := range t {
		t[c] = c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf
	}
	return t
}()

// Key moves past an object key and its colon; see String for plain.
func (r *Reader) Key() (lit []byte, plain, ok bool) {
	lit, plain, ok = r.String()
	return lit, plain, ok && r.Consume(':')
}

// Text reads the string that is the next value, decoded as encoding/json
// decodes it (for a view reader, a view: see Scratch).
func (r *Reader) Text() (string, bool) {
	if s := r.scratch; s != nil {
		d, i := r.data, SkipSpace(r.data, r.i)
		if i >= len(d) || d[i] != '"' {
			return "", false
		}
		// To the first byte String would look at: the closing quote of a
		// plain string, else an escape or non-ASCII, checked from there.
		end, plain := nextSpecial(d, i+1), true
		if end < len(d) && d[end] == '"' {
			end++
		} else if end, plain = scanStringFrom(d, end, false); end < 0 {
			r.i = i
			return "", false
		}
		r.i = end
		return s.view(d[i:end], plain)
	}
	lit, plain, ok := r.String()
	if !ok {
		return "", false
	}
	if plain || bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1]), true
	}
	return Unquote(lit)
}

// Members reads the members of the object whose '{' Open has read, and
// its '}': for each, the key (its bytes between the quotes) is given to
// read, which must read the value. A key that is not plain (see String)
// stops it with false: such a key can name a field only up to Unicode case
// folding or escapes, which a general decoder decides.
func (r *Reader) Members(read func(r *Reader, key []byte) bool) bool {
	for i := 0; ; i++ {
		key, more, ok := r.Member(i)
		if !ok || !more {
			return ok
		}
		if !read(r, key) {
			return false
		}
	}
}

// Member moves to the i-th member (from 0) of the object whose '{' Open
// has read, for a loop that reads each value itself: past the ',' before
// it (for i > 0), its key (returned without its quotes) and the colon. At
// the object's '}' it moves past it and says more=false. A key that is not
// plain stops it with ok=false, as in Members.
func (r *Reader) Member(i int) (key []byte, more, ok bool) {
	d := r.data
	if r.i >= len(d) || d[r.i] <= ' ' {
		r.Space() // called only where there is white space to skip
	}
	if r.i < len(d) && d[r.i] == '}' {
		r.i++
		r.depth--
		return nil, false, true
	}
	if i > 0 {
		if r.i >= len(d) || d[r.i] != ',' {
			return nil, false, false
		}
		r.i++
	}
	// The key: a plain one ends at the first byte String would look at,
	// which must be its closing quote.
	start := r.i
	if start+8 <= len(d) && binary.LittleEndian.Uint64(d[start:])&r.keyLeadMask == r.keyLead && r.keyLeadLen > 0 {
		start += r.keyLeadLen - 1
	} else {
		start = SkipSpace(d, start)
		r.learnKeyLead(r.i, start)
	}
	if start >= len(d) || d[start] != '"' {
		return nil, false, false
	}
	end := nextSpecial(d, start+1)
	if end >= len(d) || d[end] != '"' {
		return nil, false, false
	}
	// The colon, and the one space json.MarshalIndent writes after it.
	if end+2 < len(d) && d[end+1] == ':' && d[end+2] == ' ' {
		r.i = end + 3
	} else if r.i = end + 1; !r.Consume(':') {
		return nil, false, false
	}
	return d[start+1 : end], true, true
}

// learnKeyLead keeps the run d[from:to] before a key's quote (at d[to]) as
// the key lead to look for first, if it is a line feed and up to six
// spaces.
func (r *Reader) learnKeyLead(from, to int) {
	d, n := r.data, to-from
	if n == 0 {
		return // no white space: no news about the indent
	}
	if n > 7 || d[from] != '\n' || to >= len(d) {
		r.keyLeadLen = 0
		return
	}
	for _, c := range d[from+1 : to] {
		if c != ' ' {
			r.keyLeadLen = 0
			return
		}
	}
	var w [8]byte
	copy(w[:], d[from:to+1])
	r.keyLead = binary.LittleEndian.Uint64(w[:])
	r.keyLeadMask = ^uint64(0) >> (64 - 8*(n+1))
	r.keyLeadLen = n + 1
}

// Value moves past the next value of any kind, checked as Skip checks it,
// and returns its bytes.
func (r *Reader) Value() ([]byte, bool) {
	r.Space()
	start := r.i
	if !r.Skip() {
		return nil, false
	}
	return r.data[start:r.i], true
}

// Skip moves past the next value of any kind, checking it as encoding/json
// does.
func (r *Reader) Skip() bool {
	switch r.Peek() {
	case '"':
		_, _, ok := r.String()
		return ok
	case '{':
		if !r.Open('{') {
			return false
		}
		if r.Close('}') {
			return true
		}
		for {
			if _, _, ok := r.Key(); !ok || !r.Skip() {
				return false
			}
			if r.Close('}') {
				return true
			}
			if !r.Consume(',') {
				return false
			}
		}
	case '[':
		if !r.Open('[') {
			return false
		}
		if r.Close(']') {
			return true
		}
		for {
			if !r.Skip() {
				return false
			}
			if r.Close(']') {
				return true
			}
			if !r.Consume(',') {
				return false
			}
		}
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	}
	return r.number()
}

// number moves past a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *Reader) number() bool {
	d, i := r.data, r.i
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		i = digits(d, i)
	default:
		return false
	}
	if i < len(d) && d[i] == '.' {
		if i++; i >= len(d) || !isDigit(d[i]) {
			return false
		}
		i = digits(d, i)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		if i++; i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || !isDigit(d[i]) {
			return false
		}
		i = digits(d, i)
	}
	r.i = i
	return true
}

func digits(d []byte, i int) int {
	for i < len(d) && isDigit(d[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func hex4(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) && (c < 'a' || c > 'f') && (c < 'A' || c > 'F') {
			return false
		}
	}
	return true
}

// Valid is json.Valid: data is exactly one JSON value and white space.
func Valid(data []byte) bool {
	r := NewReader(data)
	return r.Skip() && r.End()
}

// Unquote decodes a string literal (with its quotes) as encoding/json does:
// each byte that is not valid UTF-8 becomes U+FFFD, and so does a \u escape
// of a lone surrogate. ok is false for what is not a string literal.
func Unquote(lit []byte) (string, bool) {
	var buf [128]byte // short strings are decoded on the stack
	b, ok := AppendUnquoted(buf[:0], lit)
	if !ok {
		return "", false
	}
	return string(b), true
}

// AppendUnquoted appends the value of a string literal (with its quotes),
// decoded as Unquote decodes it, to b: for a decoder that keeps the strings
// of one input in one buffer. With false, b may end in part of the value.
func AppendUnquoted(b, lit []byte) ([]byte, bool) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return b, false
	}
	s := lit[1 : len(lit)-1]
	// Room for the value (no longer than the literal, but for bytes that
	// are not UTF-8, which the appends below make room for) and for a word
	// stored past its end.
	if cap(b)-len(b) < len(s)+8 {
		b = slices.Grow(b, len(s)+8)
	}
	for r := 0; r < len(s); {
		// A run of printable ASCII other than the quote and the backslash
		// is its own value: copied a word at a time as it is scanned (a
		// word stored past the run is overwritten or left beyond len(b)).
		for r+8 <= len(s) && cap(b)-len(b) >= 8 {
			w := binary.LittleEndian.Uint64(s[r:])
			binary.LittleEndian.PutUint64(b[len(b):len(b)+8], w)
			if m := specialMask(w); m != 0 {
				k := bits.TrailingZeros64(m) / 8
				b, r = b[:len(b)+k], r+k
				goto special
			}
			b, r = b[:len(b)+8], r+8
		}
		for r < len(s) && !stringSpecial[s[r]] {
			b = append(b, s[r])
			r++
		}
		if r == len(s) {
			break
		}
	special:
		switch c := s[r]; {
		case c == '\\':
			if r+1 >= len(s) {
				return b, false
			}
			switch e := s[r+1]; e {
			case '"', '\\', '/', '\'':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				rr := u4(s[r:])
				if rr < 0 {
					return b, false
				}
				r += 6
				if utf16.IsSurrogate(rr) {
					if dec := utf16.DecodeRune(rr, u4(s[r:])); dec != unicode.ReplacementChar {
						r += 6
						b = utf8.AppendRune(b, dec)
						continue
					}
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
				continue
			default:
				return b, false
			}
			r += 2
		case c == '"' || c < ' ':
			return b, false
		case c < utf8.RuneSelf:
			b = append(b, c)
			r++
		default:
			rr, size := utf8.DecodeRune(s[r:])
			r += size
			b = utf8.AppendRune(b, rr)
		}
	}
	return b, true
}

// u4 reads the \uXXXX escape at the start of s, or -1.
func u4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case isDigit(c):
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}
