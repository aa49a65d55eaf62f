package jsonin

import (
	"bytes"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Scratch is the memory a view reader (NewViewReader) reads into, kept
// from one call to the next so that a large input is decoded without an
// allocation per string: a string that needs no decoding is the input's
// own bytes, one that does is decoded into text, and an optional string or
// boolean is a slot of strs or bools rather than a new variable each.
//
// Everything a view reader returns is valid only until its Scratch is
// reset: the strings share the input's bytes and text's, which the next
// call overwrites. A generated decoder hands such an input to its handler
// only where the answer is encoded before the Scratch goes back
// (gen's view operations).
type Scratch struct {
	text  []byte
	strs  []string
	bools []bool
	// lists holds, by element type, the arrays ReadSlice has read into
	// (a typed nil pointer is the key): lent during a call, free for the
	// next.
	lists map[any]*lists
	// reader is the view reader over the Scratch: kept here so that a
	// call needs no allocation for it.
	reader Reader
}

// lists are the arrays of one element type, each a *listOf[T].
type lists struct{ free, lent []clearer }

// clearer is a *listOf[T] of any T.
type clearer interface{ clearList() bool }

// maxKept is the most memory a Scratch keeps for the next call: one that
// has read a larger input is left to the garbage collector.
const maxKept = 1 << 20

var scratchPool = sync.Pool{New: func() any { return new(Scratch) }}

// GetScratch is a Scratch from the pool, empty.
func GetScratch() *Scratch { return scratchPool.Get().(*Scratch) }

// PutScratch gives s back for another call; nothing it was read into may
// be used after.
func PutScratch(s *Scratch) {
	if cap(s.text) > maxKept || cap(s.strs)*int(unsafe.Sizeof("")) > maxKept || cap(s.bools) > maxKept {
		return
	}
	// What the call read is cleared, so that a Scratch in the pool keeps
	// no input alive.
	clear(s.strs)
	s.reader = Reader{}
	s.text, s.strs, s.bools = s.text[:0], s.strs[:0], s.bools[:0]
	for _, l := range s.lists {
		for _, p := range l.lent {
			if p.clearList() {
				l.free = append(l.free, p)
			}
		}
		clear(l.lent)
		l.lent = l.lent[:0]
	}
	scratchPool.Put(s)
}

// NewViewReader reads data as NewReader does, but returns strings that
// share data's bytes and s's (see Scratch).
// One Scratch serves one reader at a time.
func NewViewReader(data []byte, s *Scratch) *Reader {
	s.reader = Reader{data: data, scratch: s}
	return &s.reader
}

// view is the string lit (a literal with its quotes) stands for: its own
// bytes where it needs no decoding, else decoded into s.text. A slot that
// text outgrows stays with the strings that point into it, so growing
// never moves a string already read.
func (s *Scratch) view(lit []byte, plain bool) (string, bool) {
	if plain || bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		if len(lit) == 2 {
			return "", true
		}
		return unsafe.String(&lit[1], len(lit)-2), true
	}
	start := len(s.text)
	text, ok := AppendUnquoted(s.text, lit)
	if !ok {
		return "", false
	}
	s.text = text
	if len(text) == start {
		return "", true
	}
	return unsafe.String(&text[start], len(text)-start), true
}

// newValue is where ReadPtr reads a T: a slot of the Scratch for a string
// or a boolean read by a view reader, else a new variable. A slot array
// that append outgrows stays with the pointers into it.
func newValue[T any](r *Reader) *T {
	if s := r.scratch; s != nil {
		switch any((*T)(nil)).(type) {
		case *string:
			s.strs = append(s.strs, "")
			return any(&s.strs[len(s.strs)-1]).(*T)
		case *bool:
			s.bools = append(s.bools, false)
			return any(&s.bools[len(s.bools)-1]).(*T)
		}
	}
	return new(T)
}

// list is an array of Ts to read a list into, empty: one lent to no one
// else this call (a list of lists of T gets one each), kept for the next.
func list[T any](s *Scratch) *listOf[T] {
	key := any((*T)(nil))
	l := s.lists[key]
	if l == nil {
		if s.lists == nil {
			s.lists = map[any]*lists{}
		}
		l = &lists{}
		s.lists[key] = l
	}
	var p *listOf[T]
	if n := len(l.free); n > 0 {
		p = l.free[n-1].(*listOf[T])
		l.free = l.free[:n-1]
	} else {
		p = new(listOf[T])
	}
	l.lent = append(l.lent, p)
	return p
}

// listOf is an array a list of Ts was read into (used: how many items
// the last list had).
type listOf[T any] struct {
	items []T
	used  int
}

// clearList forgets what the array held, and says whether it is small
// enough to keep.
func (l *listOf[T]) clearList() bool {
	if uintptr(cap(l.items))*unsafe.Sizeof(*new(T)) > maxKept {
		return false
	}
	clear(l.items[:l.used])
	l.items, l.used = l.items[:0], 0
	return true
}
