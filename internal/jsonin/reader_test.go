package jsonin

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

var readerSeeds = []string{
	``, ` `, `{}`, `[]`, `null`, `true`, `false`, `nul`, `truex`, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `1e`, `1e+`, `1E-7`,
	`-12.5e+3`, `.5`, `+1`, `"a"`, `"\u00e9\ud83d\ude00"`, `"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`, `"\x"`, `"\'"`,
	`"\u12"`, `"\u12G4"`, "\"a\tb\"", "\"\x7f\"", "\"\xff\xfe\"", "\"caf\xc3\xa9\"", `"\/\b\f\n\r\t\\\""`,
	`{"a":1,"b":[1,2,{"c":null}]}`, `{"a":1,}`, `[1,]`, `{"a" 1}`, `{1:2}`, `{"a":1}{}`, `{"a":1} `, " \t\n\r{\"a\":[]}\r\n",
	"{\"a\":1}\v", `[[[[[[]]]]]]`, `{"a":"b"`, `"abc`, strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001), `{"text":"a\u2028b"}`,
	`"message 0: see \"the plan\" & reply <soon>"`, "\"0123456789\xff0123456789\\n0123456789\xe2\x80\xa8x\"",
}

// Valid accepts exactly what json.Valid accepts.
func FuzzValid(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Valid(data), json.Valid(data); got != want {
			t.Fatalf("Valid(%q) = %v, json.Valid %v", data, got, want)
		}
	})
}

// Text and Unquote decode every string literal as json.Unmarshal does, and
// refuse what it refuses.
func FuzzText(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := unmarshalString(data)
		r := NewReader(data)
		got, ok := r.Text()
		ok = ok && r.End()
		if ok != (wantErr == nil) || ok && got != want {
			t.Fatalf("Text(%q) = %q, %v; json.Unmarshal %q, %v", data, got, ok, want, wantErr)
		}
		// A view reader, into a Scratch that already holds a string.
		scratch := &Scratch{text: []byte("held")}
		rv := NewViewReader(data, scratch)
		view, vok := rv.Text()
		if vok = vok && rv.End(); vok != (wantErr == nil) || vok && view != want || string(scratch.text[:4]) != "held" {
			t.Fatalf("view Text(%q) = %q, %v; json.Unmarshal %q, %v", data, view, vok, want, wantErr)
		}
		if wantErr == nil {
			lit := []byte(strings.Trim(string(data), " \t\n\r"))
			if u, ok := Unquote(lit); !ok || u != want {
				t.Fatalf("Unquote(%q) = %q, %v; json.Unmarshal %q", lit, u, ok, want)
			}
			// Appended after other bytes, with little room or a lot.
			for _, room := range []int{0, 5, 200} {
				b := append(make([]byte, 0, 3+room), "abc"...)
				if u, ok := AppendUnquoted(b, lit); !ok || string(u) != "abc"+want {
					t.Fatalf("AppendUnquoted(abc, %q) = %q, %v; json.Unmarshal %q", lit, u, ok, want)
				}
			}
		}
	})
}

// unmarshalString is json.Unmarshal into a string, where null (which it
// takes as no change) is an error too: Text reads strings only.
func unmarshalString(data []byte) (string, error) {
	var s *string
	if err := json.Unmarshal(data, &s); err != nil {
		return "", err
	}
	if s == nil {
		return "", errors.New("null")
	}
	return *s, nil
}

func TestReaderAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range readerSeeds {
		if got, want := Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("Valid(%q) = %v, json.Valid %v", s, got, want)
		}
		want, wantErr := unmarshalString([]byte(s))
		r := NewReader([]byte(s))
		got, ok := r.Text()
		ok = ok && r.End()
		if ok != (wantErr == nil) || ok && got != want {
			t.Errorf("Text(%q) = %q, %v; json.Unmarshal %q, %v", s, got, ok, want, wantErr)
		}
	}
	// A wrong reader is caught: a number grammar that takes a leading zero.
	if Valid([]byte(`01`)) {
		t.Error(`Valid("01"): a leading zero is not JSON`)
	}
}

// Members gives each plain key to its reader and stops at one that is not.
func TestMembers(t *testing.T) {
	var keys []string
	r := NewReader([]byte(` { "a" : 1 , "b":{"x":[true]} } `))
	ok := r.Open('{') && r.Members(func(r *Reader, key []byte) bool {
		keys = append(keys, string(key))
		return r.Skip()
	}) && r.End()
	if !ok || strings.Join(keys, ",") != "a,b" {
		t.Fatalf("Members: %v %q", ok, keys)
	}
	for _, in := range []string{`{"\u0061":1}`, `{"é":1}`, `{"a":1,}`, `{"a":1 "b":2}`} {
		r := NewReader([]byte(in))
		if r.Open('{') && r.Members(func(r *Reader, _ []byte) bool { return r.Skip() }) {
			t.Errorf("Members(%s) read it", in)
		}
	}
}

// The word test finds every byte String must look at, wherever it sits in
// the word, and among ordinary bytes reports nothing else.
func TestSpecialInWord(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for b := 0; b < 256; b++ {
			word := []byte("abcdefgh")
			word[pos] = byte(b)
			if got := specialInWord(binary.LittleEndian.Uint64(word)); got != stringSpecial[b] {
				t.Fatalf("byte %#x at %d: specialInWord %v, stringSpecial %v", b, pos, got, stringSpecial[b])
			}
		}
	}
}

// nextSpecial finds the first special byte wherever it is, after any
// ordinary prefix, and whatever follows it (a borrow never hides it).
func TestNextSpecial(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for pos := 0; pos <= n; pos++ {
			for _, c := range []byte{'"', '\\', 0, 0x1f, 0x80, 0xff} {
				for _, after := range []byte{'a', 0x20, 0x21, '"' ^ 1, 0} {
					d := []byte(strings.Repeat("x", n))
					want := n
					if pos < n {
						d[pos], want = c, pos
						for k := pos + 1; k < n; k++ {
							d[k] = after
						}
					}
					if got := nextSpecial(d, 0); got != want {
						t.Fatalf("nextSpecial(%q) = %d, want %d", d, got, want)
					}
				}
			}
		}
	}
}

// SkipSpace stops at the first byte that is not white space, after runs of
// every length, and at the end.
func TestSkipSpace(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for _, ws := range []string{" ", "\n", "\t", "\r", "\n   "} {
			for _, after := range []string{"", "x", "\v", "\x00", "\xa0", "\f "} {
				d := []byte(strings.Repeat(ws, n) + after)
				want := n * len(ws)
				if got := SkipSpace(d, 0); got != want {
					t.Fatalf("SkipSpace(%q) = %d, want %d", d, got, want)
				}
			}
		}
	}
}

// After a line feed and an indent of any width, SkipSpace stops at the
// first byte that is not white space, whatever it is.
func TestSkipSpaceIndent(t *testing.T) {
	for n := 0; n <= 12; n++ {
		for c := 0; c < 256; c++ {
			for _, tail := range []string{"", "abcdefghij"} {
				d := []byte("\n" + strings.Repeat(" ", n) + string(rune(0)) + tail)
				d[1+n] = byte(c)
				want := 1 + n
				for want < len(d) && isSpace[d[want]] {
					want++
				}
				if got := SkipSpace(d, 0); got != want {
					t.Fatalf("SkipSpace(%q) = %d, want %d", d, got, want)
				}
			}
		}
	}
}

// SkipValue moves past exactly what Reader.Skip moves past, and refuses
// what it refuses, from any place in any input.
func FuzzSkipValue(f *testing.F) {
	for _, s := range readerSeeds {
		f.Add([]byte(s), 0)
	}
	f.Add([]byte(`{"a":false,"b":true}`), 5)
	f.Add([]byte(`[fals]`), 1)
	f.Fuzz(func(t *testing.T, data []byte, at int) {
		if at < 0 || at > len(data) {
			return
		}
		r := Reader{data: data, i: at, depth: 1}
		want := -1
		if r.Skip() {
			want = r.i
		}
		if got := SkipValue(data, SkipSpace(data, at), 1); got != want {
			t.Fatalf("SkipValue(%q at %d) = %d, Reader.Skip %d", data, at, got, want)
		}
	})
}
