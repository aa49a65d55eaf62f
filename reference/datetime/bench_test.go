package datetime

import "testing"

// Benchmarks go through the JSON entry points, which is what a harness or a
// tool-calling loop pays per call.
func BenchmarkMath(b *testing.B) {
	for _, c := range []struct{ name, in string }{
		{"diff", mathSeeds[0]},
		{"shift", mathSeeds[1]},
		{"weekday", mathSeeds[2]},
		{"convert_timezone", mathSeeds[3]},
	} {
		in := []byte(c.in)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, e := MathJSON(in); e != nil {
					b.Fatal(e)
				}
			}
		})
	}
}

func BenchmarkFormat(b *testing.B) {
	for _, style := range []string{StyleShort, StyleLong, StyleDateOnly, StyleTimeOnly, StyleWeekdayDate} {
		in := []byte(`{"timestamp":"2026-04-20T10:00:00+03:00","style":"` + style + `","target_timezone":"Europe/Oslo"}`)
		b.Run(style, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, e := FormatJSON(in); e != nil {
					b.Fatal(e)
				}
			}
		})
	}
}
