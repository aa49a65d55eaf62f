package timestamps

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

func BenchmarkMessageTimestamp(b *testing.B) {
	z := ResolveZone(ptr("America/New_York"))
	at := mustInstant(b, "2026-01-23T17:32:10Z")
	prev := mustInstant(b, "2026-01-23T14:32:10Z")
	b.ReportAllocs()
	for b.Loop() {
		MessageTimestamp(at, &prev, z)
	}
}

func BenchmarkResolveZone(b *testing.B) {
	name := ptr("Eastern Time (US & Canada)")
	b.ReportAllocs()
	for b.Loop() {
		ResolveZone(name)
	}
}

// A 200-message chat through the JSON adapter, as the conform runner calls it.
func BenchmarkMessagesContextJSON(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"agent_id": "7", "messages": [`)
	start := time.Date(2026, 1, 23, 8, 0, 0, 0, time.UTC)
	for i := 0; i < 200; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		at := start.Add(time.Duration(i*i) * 17 * time.Second).Format(time.RFC3339)
		if i%3 == 0 {
			fmt.Fprintf(&sb, `{"at": %q, "content": "message %d", "agent": {"id": "7", "name": "Ada"}}`, at, i)
		} else {
			fmt.Fprintf(&sb, `{"at": %q, "content": "message %d", "user": {"full_name": "Alice", "timezone": "Europe/London"}}`, at, i)
		}
	}
	sb.WriteString(`]}`)
	in := json.RawMessage(sb.String())
	op := Operations()["timestamps.messages_context"]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := op(in); err != nil {
			b.Fatal(err)
		}
	}
}
