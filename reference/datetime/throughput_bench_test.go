package datetime

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time this process has used (user and system), which
// a loaded machine stretches far less than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkThroughput runs the four datetime_math operations and five
// datetime_format styles in turn through their JSON entry points and
// reports calls per second of CPU time: the rate one core sustains
// in-process (the goal is 1 M).
func BenchmarkThroughput(b *testing.B) {
	type call struct {
		fn func([]byte) ([]byte, *Error)
		in []byte
	}
	var calls []call
	for _, s := range mathSeeds[:4] {
		calls = append(calls, call{MathJSON, []byte(s)})
	}
	for _, style := range []string{StyleShort, StyleLong, StyleDateOnly, StyleTimeOnly, StyleWeekdayDate} {
		calls = append(calls, call{FormatJSON, []byte(`{"timestamp":"2026-04-20T10:00:00+03:00","style":"` + style + `","target_timezone":"Europe/Oslo"}`)})
	}
	b.ReportAllocs()
	start := cpuTime(b)
	for i := 0; i < b.N; i++ {
		for _, c := range calls {
			if _, e := c.fn(c.in); e != nil {
				b.Fatal(e)
			}
		}
	}
	cpu := cpuTime(b) - start
	b.ReportMetric(float64(b.N*len(calls))/cpu.Seconds(), "calls/cpu-s")
}
