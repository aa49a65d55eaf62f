package v1

import (
	"encoding/json"
	"os"
	"testing"
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
	for i := 0; i < b.N; i++ {
		out, perr := op(in)
		if perr != nil {
			b.Fatal(perr)
		}
		if _, err := json.Marshal(out); err != nil {
			b.Fatal(err)
		}
	}
}
