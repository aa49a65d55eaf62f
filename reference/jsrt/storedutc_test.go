package jsrt

import (
	"fmt"
	"math/rand"
	"testing"
	"unicode/utf16"
)

// The shortcut for stored timestamps gives exactly the full parser's fields
// wherever it answers, and leaves every string it does not fully vouch for
// (hour 24, day 32, month 13, second 60, a lower-case z or t, another
// length) to the full parser.
func TestStoredUTCShortcutAgreesWithTheFullParser(t *testing.T) {
	var cases []string
	for _, year := range []string{"0000", "0001", "1969", "1970", "2024", "2100", "9999"} {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d++ {
				cases = append(cases, fmt.Sprintf("%s-%02d-%02dT10:20:30.456Z", year, m, d))
			}
		}
	}
	for h := 0; h <= 25; h++ {
		for _, ms := range []int{0, 59, 60, 99} {
			cases = append(cases, fmt.Sprintf("2024-02-29T%02d:%02d:%02d.000Z", h, ms, ms),
				fmt.Sprintf("2024-02-29T%02d:%02d:%02dZ", h, ms, ms))
		}
	}
	cases = append(cases, "2024-01-01t10:00:00.000Z", "2024-01-01T10:00:00.000z", "2024-01-01 10:00:00.000Z",
		"2024-01-01T10:00:00.00Z", "2024-01-01T10:00:00,000Z", "+02024-01-01T10:00:00Z", "2024-01-01T10:00:00.000+00:00",
		"2024-1-01T10:00:00.000Z", "2024-01-01T10:00:00.0a0Z", "２０２４-01-01T10:00:00.000Z")
	rng := rand.New(rand.NewSource(1))
	digits := "0123456789"
	for i := 0; i < 20000; i++ {
		b := []byte("2024-01-01T10:00:00.000Z")
		for _, at := range []int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22} {
			if rng.Intn(3) == 0 {
				b[at] = digits[rng.Intn(10)]
			}
		}
		cases = append(cases, string(b))
	}
	fast := 0
	for _, s := range cases {
		got, ok := parseStoredUTC(s)
		if !ok {
			continue
		}
		fast++
		want, wok := parseFields(utf16.Encode([]rune(s)))
		if !wok || got != want {
			t.Errorf("%s: shortcut %+v, full parser %+v (ok %v)", s, got, want, wok)
		}
	}
	for _, s := range []string{"2024-01-01T24:00:00.000Z", "2024-01-32T10:00:00.000Z", "2024-13-01T10:00:00.000Z",
		"2024-01-01T10:00:60.000Z", "2024-01-01t10:00:00.000Z", "2024-01-01T10:00:00.000z"} {
		if _, ok := parseStoredUTC(s); ok {
			t.Errorf("%s: the shortcut answered; the full parser must decide it", s)
		}
	}
	if fast < 5000 {
		t.Errorf("the shortcut answered only %d cases", fast)
	}
}

func BenchmarkParseDate(b *testing.B) {
	for _, bc := range []struct {
		name string
		fn   func(string) (fields, bool)
	}{{"full-parser", func(s string) (fields, bool) { return parseFields(utf16.Encode([]rune(s))) }}, {"ParseDate", func(s string) (fields, bool) {
		_, ok := ParseDate(s, nil)
		return fields{}, ok
	}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, ok := bc.fn("2024-03-10T07:30:00.000Z"); !ok {
					b.Fatal("invalid")
				}
			}
		})
	}
}
