package v1

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/clockspec/clockspec/spec"
)

// formatInputSeeds are format_messages inputs of every shape a reader can
// meet: repeated and unknown keys, escapes, nulls, white space.
var formatInputSeeds = []string{
	// A mis-cased key after the exact one: encoding/json's struct decoding
	// would take the later ("x", Asia/Tokyo); the operation reads the keys
	// as the schema spells them.
	`{"messages":[{"sender_name":"a","content":"b","Content":"x","timestamp":"2024-01-01T00:00:00.000Z"}],"timezone":"UTC","TimeZone":"Asia/Tokyo"}`,
	`{"messages":[{"sender_name":"a","content":"b","timestamp":"2024-01-01T00:00:00.000Z"}],"timezone":"UTC"}`,
	`{"messages":[],"timezone":"Asia/Tokyo","process_timezone":"America/New_York"}`,
	`{"messages":null,"timezone":"UTC"}`, `{"messages":[null],"timezone":"UTC"}`, `{"timezone":"UTC"}`, `{"messages":[]}`,
	`{"messages":[{"sender_name":"a","content":"b"}],"timezone":null}`, `{"messages":[],"timezone":"UTC","process_timezone":null}`,
	`{"messages":[{"sender_name":"a","Content":"x","content":"b","timestamp":"t","extra":[1,{"y":null}]}],"TIMEZONE":"x","timezone":"UTC"}`,
	`{"messages":[],"timezone":"a","timezone":"b"}`, `{"messages":[{"content":"a","content":"b"}],"timezone":"UTC"}`,
	`{"messages":[1],"timezone":"UTC"}`, `{"messages":{},"timezone":"UTC"}`, `{"messages":[],"timezone":5}`,
	`{"messages":[{"sender_name":"\u00e9\"<&>","content":"\ud800","timestamp":"x\\y"}],"timezone":"caf\u00e9"}`,
	"{\"messages\":[{\"sender_name\":\"\xff\",\"content\":\"b\",\"timestamp\":\"t\"}],\"timezone\":\"UTC\"}",
	`{"mess\u0061ges":[],"timezone":"UTC"}`, `{"ſender":1,"messages":[],"timezone":"UTC"}`, `{"messages":[],"timezone":"UTC"} x`,
	`{"messages":[],"timezone":"UTC",}`, ` {"messages" : [ ] , "timezone" : "UTC" } `, `{"messages":[{}],"timezone":"UTC"}`,
	`{"messages":[{"reply_to_message_id":"r","reply_to_message_content":"c","reply_to_sender_name":"s","sender_name":"a","content":"b","timestamp":"t"}],"timezone":"UTC"}`,
	// Indents that change from member to member, and other white space.
	"{\n \"messages\": [\n  {\n   \"id\": \"m0\",\n   \"sender_name\": \"a\",\n    \"content\": \"b\",\n  \"timestamp\": \"t\",\r\n   \"x\": 1,\n\t\"y\": 2,\n          \"z\": 3,\n          \"w\": [] ,\n   \"v\":0\n  },\n  null\n ],\n \"timezone\": \"UTC\"\n}",
	"{\"messages\":[{\"id\":\"m0\",\n   \"sender_name\":\"a\",\n   \n\"content\":\"b\",\n   \"timestamp\":\"t\"}],\"timezone\":\"UTC\"}",
}

// formatMessagesWant is what the operation must answer for an input its
// schema accepts: json.Marshal of {"result": FormatMessages(…)} over the
// messages as encoding/json reads them. ok is false where the schema
// refuses the input (the caller answers before the operation runs).
func formatMessagesWant(t *testing.T, input []byte) (want []byte, ok bool) {
	t.Helper()
	cat, err := spec.LoadProfiles("v1")
	if err != nil {
		t.Fatal(err)
	}
	op, _ := cat.Operation("v1.format_messages")
	if op.ValidateInput(input) != nil {
		return nil, false
	}
	// The oracle reads the keys exactly as the schema spells them:
	// encoding/json's struct decoding would take "Sender_Name" for
	// sender_name where the schema lets an unknown key through.
	var in map[string]json.RawMessage
	if err := json.Unmarshal(input, &in); err != nil {
		t.Fatalf("%s: the schema accepts it, encoding/json does not: %v", input, err)
	}
	var raws []map[string]json.RawMessage
	if err := json.Unmarshal(in["messages"], &raws); err != nil {
		t.Fatalf("%s: messages: %v", input, err)
	}
	text := func(m map[string]json.RawMessage, k string) string {
		var s *string
		if raw, ok := m[k]; ok {
			_ = json.Unmarshal(raw, &s)
		}
		return str(s)
	}
	var msgs []Message
	for _, m := range raws {
		msgs = append(msgs, Message{text(m, "sender_name"), text(m, "content"), text(m, "timestamp"),
			text(m, "reply_to_message_id"), text(m, "reply_to_message_content"), text(m, "reply_to_sender_name")})
	}
	want, _ = json.Marshal(stringResult{FormatMessages(msgs, text(in, "timezone"), text(in, "process_timezone"))})
	return want, true
}

// agreeFormatMessages: the operation answers formatMessagesWant, byte for
// byte, and still does after a second call has reused the memory the
// first one read its input into.
func agreeFormatMessages(t *testing.T, input []byte) (checked bool) {
	t.Helper()
	want, ok := formatMessagesWant(t, input)
	if !ok {
		return false
	}
	op := Operations()["v1.format_messages"]
	out, perr := op(input)
	if perr != nil {
		t.Fatalf("%s: %v", input, perr)
	}
	other := []byte(`{"messages":[{"sender_name":"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9","content":"\\\\\\\\\\\\\\\\","timestamp":"2024-01-01T00:00:00Z","reply_to_message_id":"\u00e9"}],"timezone":"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"}`)
	if _, perr := op(other); perr != nil {
		t.Fatal(perr)
	}
	got, err := json.Marshal(out)
	if err != nil || string(got) != string(want) {
		t.Fatalf("%s: answered %s (%v), want %s", input, got, err, want)
	}
	return true
}

// Every seed the schema accepts, and the benchmark's batch, is answered
// as encoding/json's reading of it formats.
func TestFormatMessagesReadsWhatEncodingJSONReads(t *testing.T) {
	checked := 0
	for _, s := range formatInputSeeds {
		if agreeFormatMessages(t, []byte(s)) {
			checked++
		}
	}
	batch, err := os.ReadFile("../../bench/format-messages-batch.json")
	if err != nil {
		t.Fatal(err)
	}
	if !agreeFormatMessages(t, batch) {
		t.Fatal("the schema refuses the benchmark's batch")
	}
	if checked < 8 {
		t.Fatalf("only %d seeds are accepted by the schema", checked)
	}
}

func FuzzFormatMessagesInput(f *testing.F) {
	for _, s := range formatInputSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) { agreeFormatMessages(t, input) })
}

// The operation's output is json.Marshal of {"result": FormatMessages(…)},
// byte for byte, whatever the strings hold.
func FuzzFormatMessagesOutput(f *testing.F) {
	f.Add("Alice", `see "the plan" & reply <soon>`, "2024-03-10T07:30:00.000Z", "r1", "earlier <b>", "Bob", "America/New_York")
	f.Add("\xff\x00", "\u2028\u2029\t\\", "2024-01-01 12:00", "", "x", "", "<&>\"")
	f.Fuzz(func(t *testing.T, sender, content, ts, replyID, replyContent, replyName, tz string) {
		input, _ := json.Marshal(map[string]any{"messages": []map[string]string{
			{"sender_name": sender, "content": content, "timestamp": ts, "reply_to_message_id": replyID,
				"reply_to_message_content": replyContent, "reply_to_sender_name": replyName},
			{"sender_name": replyName, "content": sender, "timestamp": "2024-11-03T06:30:00Z"}}, "timezone": tz})
		agreeFormatMessages(t, input)
	})
}

// One batch across DST changes: the zone period kept from message to
// message gives each message the time FormatLocalTime gives it alone.
func TestFormatMessagesZonePeriods(t *testing.T) {
	for _, tz := range []string{"America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "bogus"} {
		var msgs []Message
		var want []byte
		t0, _ := time.Parse(time.RFC3339, "2024-03-09T00:00:00Z")
		for i, d := 0, time.Duration(0); d < 400*24*time.Hour; i, d = i+1, d+5*time.Hour+7*time.Minute {
			ts := t0.Add(d).Format("2006-01-02T15:04:05.000Z")
			if i%7 == 0 {
				ts = "1970-01-01T00:00:00.000Z" // jump back and forth
			}
			msgs = append(msgs, Message{SenderName: "s", Content: "c", Timestamp: ts})
			want = append(want, FormatLocalTime(ts, tz, "")...)
		}
		var got []byte
		text := FormatMessages(msgs, tz, "")
		for _, line := range splitTimes(text) {
			got = append(got, line...)
		}
		if string(got) != string(want) {
			t.Fatalf("%s: the batch's times differ from each formatted alone", tz)
		}
	}
}

// splitTimes returns the time="…" values of a formatted batch.
func splitTimes(text string) []string {
	var out []string
	for {
		i := indexOf(text, ` time="`)
		if i < 0 {
			return out
		}
		text = text[i+7:]
		j := indexOf(text, `"`)
		out = append(out, text[:j])
		text = text[j:]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// civil agrees with the time package on every kind of instant: around the
// epoch, year 0 and before, and at the ends of JavaScript's range.
func TestCivil(t *testing.T) {
	x := uint64(88172645463325252)
	for i := 0; i < 300000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		var sec int64
		switch i % 3 {
		case 0:
			sec = int64(x%(2*8640000000000)) - 8640000000000 // ±275,760 years
		case 1:
			sec = int64(x%(2*200*366*86400)) - 200*366*86400 // around the epoch
		default:
			sec = int64(x%(4*366*86400)) - 62167219200 - 2*366*86400 // around year 0
		}
		w := time.Unix(sec, 0).UTC()
		year, month, day, hour, minute := civil(sec)
		if year != int64(w.Year()) || month != int(w.Month()) || day != w.Day() || hour != w.Hour() || minute != w.Minute() {
			t.Fatalf("civil(%d) = %d-%d-%d %d:%d, time %s", sec, year, month, day, hour, minute, w)
		}
	}
}
