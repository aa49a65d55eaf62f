package v1

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
)

// escapedXMLInJSON is what appendEscapedXMLInJSON must write: EscapeXML's
// text as json.Marshal writes it inside a string.
func escapedXMLInJSON(s string) string {
	j, _ := json.Marshal(EscapeXML(s))
	return string(j[1 : len(j)-1])
}

func agreeEscaped(t *testing.T, prefix, s string) {
	t.Helper()
	for _, room := range []int{0, 3, 64} {
		b := append(make([]byte, 0, len(prefix)+room), prefix...)
		if got, want := string(appendEscapedXMLInJSON(b, s)), prefix+escapedXMLInJSON(s); got != want {
			t.Fatalf("appendEscapedXMLInJSON(%q, %q) = %q, want %q", prefix, s, got, want)
		}
	}
}

// Every byte, at every place of a string of every length around a word,
// and whatever follows it: the word copy, the entities and the hand-over
// to the JSON escaper write what json.Marshal(EscapeXML(s)) writes.
func TestEscapedXMLInJSON(t *testing.T) {
	for n := 1; n <= 19; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				for _, after := range []string{"a", "&", "\xe2\x80\xa8", "é"} {
					s := []byte(strings.Repeat("x", pos) + string(rune(0)) + strings.Repeat(after, n))[:n]
					s[pos] = byte(c)
					agreeEscaped(t, "", string(s))
				}
			}
		}
	}
	for _, s := range []string{"", `see "the plan" & reply <soon>`, "Chloé <&>\"'", "\u2028\u2029", "\xff\xfe<", strings.Repeat("<a&b>", 300)} {
		agreeEscaped(t, `{"result":"`, s)
	}
}

func FuzzEscapedXMLInJSON(f *testing.F) {
	f.Add("", `see "the plan" & reply <soon>`)
	f.Add("x", "\xff\x00\\\u2028<")
	f.Fuzz(agreeEscaped)
}

// The word test finds the first byte that needs a look wherever it sits,
// and among plain bytes reports nothing.
func TestXMLJSONSpecialMask(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, after := range []byte{'a', 0, '"' ^ 1, 0xff, '&'} {
				word := []byte("abcdefgh")
				word[pos] = byte(c)
				for k := pos + 1; k < 8; k++ {
					word[k] = after
				}
				m := xmlJSONSpecialMask(binary.LittleEndian.Uint64(word))
				first := 8
				for k := range word {
					if xmlJSONSpecial[word[k]] {
						first = k
						break
					}
				}
				got := 8
				if m != 0 {
					got = bitsTrailing(m) / 8
				}
				if got != first {
					t.Fatalf("%q: the mask's first byte is %d, want %d", word, got, first)
				}
			}
		}
	}
}

func bitsTrailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}
