package v1

import (
	"encoding/json"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

// The 10-message batch bench/format-messages.sh gives both this benchmark
// and v1's own Node code (the oracle's copy), so the two compare on the
// same input.
func formatBatch(b *testing.B) json.RawMessage {
	in, err := os.ReadFile("../../bench/format-messages-batch.json")
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// BenchmarkFormatMessagesJSON is v1.format_messages as an operation: JSON
// in (decoded and checked), JSON out.
func BenchmarkFormatMessagesJSON(b *testing.B) {
	in := formatBatch(b)
	op := Operations()["v1.format_messages"]
	b.ReportAllocs()
	start := cpuTime(b)
	for i := 0; i < b.N; i++ {
		out, perr := op(in)
		if perr != nil {
			b.Fatal(perr)
		}
		if _, err := protocol.EncodeOutput(out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime(b)-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time this process has used (user and system), which
// a loaded machine stretches far less than the wall clock.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFormatMessagesParts is the operation's two halves on the same
// batch: reading the input (as the operation reads it: views into a
// reused Scratch) and writing the output.
func BenchmarkFormatMessagesParts(b *testing.B) {
	in := formatBatch(b)
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s := jsonin.GetScratch()
			if _, err := ViewFormatMessagesArgs(in, s); err != nil {
				b.Fatal(err)
			}
			jsonin.PutScratch(s)
		}
	})
	b.Run("write", func(b *testing.B) {
		args, err := DecodeFormatMessagesArgs(in)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, perr := (handlers{}).FormatMessages(args); perr != nil {
				b.Fatal(perr)
			}
		}
	})
}
