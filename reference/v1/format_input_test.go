package v1

import (
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/spec"
)

var formatInputSeeds = []string{
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

// generalFormatInput is format_messages' input as the reference reads it
// without the one-pass reader: valid says the input schema accepts it, and
// then the generated decoder's reading.
func generalFormatInput(input []byte) (f formatInput, valid bool) {
	cat, err := spec.LoadProfiles("v1")
	if err != nil {
		panic(err)
	}
	op, _ := cat.Operation("v1.format_messages")
	if op.ValidateInput(input) != nil {
		return formatInput{}, false
	}
	args, err := DecodeFormatMessagesArgs(input)
	if err != nil {
		panic("the schema accepts what the generated decoder refuses: " + err.Error())
	}
	return formatInputOf(args), true
}

// Where the one-pass reader reads an input at all, it reads what the
// general decoder reads: the same messages, zones, presence and first
// incomplete message.
func FuzzFormatInput(f *testing.F) {
	for _, s := range formatInputSeeds {
		f.Add([]byte(s))
	}
	if batch, err := os.ReadFile("../../bench/format-messages-batch.json"); err == nil {
		f.Add(batch)
	}
	f.Fuzz(func(t *testing.T, input []byte) { agreeFormatInput(t, input) })
}

func agreeFormatInput(t *testing.T, input []byte) (fast bool) {
	t.Helper()
	read, ok := readFormatInput(input)
	defer read.release()
	if !ok {
		return false
	}
	want, wantOK := generalFormatInput(input)
	if !wantOK {
		return true // the schema refuses it before any reader runs (reference.Call)
	}
	// Where the strings are kept is no part of what was read.
	got := formatInput{hasMessages: read.hasMessages, hasTimezone: read.hasTimezone, incomplete: read.incomplete,
		timezone: read.timezone, processTZ: read.processTZ}
	for k := range read.count() {
		got.messages = append(got.messages, read.message(k))
	}
	if len(got.messages) == 0 && len(want.messages) == 0 {
		got.messages, want.messages = nil, nil // an empty list is an empty list
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: the one-pass reader reads %+v, the general decoder %+v (ok %v)", input, got, want, wantOK)
	}
	return true
}

func TestFormatInputAgrees(t *testing.T) {
	fast := 0
	for _, s := range formatInputSeeds {
		if agreeFormatInput(t, []byte(s)) {
			fast++
		}
	}
	// Both kinds are exercised: inputs it reads and inputs it hands over.
	if fast < 10 || fast == len(formatInputSeeds) {
		t.Fatalf("the one-pass reader read %d of %d seeds", fast, len(formatInputSeeds))
	}
	// White space of every shape is read in one pass, however the indent
	// changes (the indent prediction falls back to skipping it).
	for _, s := range formatInputSeeds[len(formatInputSeeds)-2:] {
		if _, ok := readFormatInput([]byte(s)); !ok {
			t.Errorf("%q was not read in one pass", s)
		}
	}
	// A reader that took a repeated key would be wrong (the general decoder
	// merges); it hands such input over.
	if _, ok := readFormatInput([]byte(`{"messages":[],"timezone":"a","timezone":"b"}`)); ok {
		t.Fatal("a repeated timezone was read in one pass")
	}
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
		out, perr := formatMessagesOp(input)
		if perr != nil {
			t.Fatal(perr)
		}
		// The strings as JSON carries them (invalid UTF-8 is U+FFFD there).
		in, _ := generalFormatInput(input)
		want, _ := json.Marshal(stringResult{FormatMessages(in.messages, in.timezone, "")})
		got, _ := json.Marshal(out)
		if string(got) != string(want) {
			t.Fatalf("output %s, want %s", got, want)
		}
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

// knownKey recognizes each key of v1's NewMessage, fills the right field,
// and takes nothing else for one: not a longer or shorter key, not one
// spelled with an escape or in another case.
func TestKnownKey(t *testing.T) {
	pad := `: "value", "x": 0` + strings.Repeat(" ", 40)
	keys := map[string]int{"id": -1, "chat_jid": -1, "sender": -1, "sender_name": 0, "content": 1, "timestamp": 2,
		"is_from_me": -1, "reply_to_message_id": 3, "reply_to_message_content": 4, "reply_to_sender_name": 5}
	for key, field := range keys {
		lit := `"` + key + `"`
		if f, end, at := knownKey([]byte(lit+pad), 0); f != field || end != len(lit) || at != len(lit)+2 {
			t.Errorf("knownKey(%s) = %d, %d, %d; want %d, %d, %d", lit, f, end, at, field, len(lit), len(lit)+2)
		}
		// The value is found at once only after exactly `: ` and no more
		// white space.
		for _, after := range []string{`:"v"`, ` : "v"`, `:  "v"`, ": \n\"v\"", `;  "v"`} {
			if f, end, at := knownKey([]byte(lit+after+pad), 0); f != field || end != len(lit) || at >= 0 {
				t.Errorf("knownKey(%s%s) = %d, %d, %d; want %d, %d, -1", lit, after, f, end, at, field, len(lit))
			}
		}
		for _, other := range []string{`"` + key + `x"`, `"` + key[:len(key)-1] + `"`, `"` + strings.ToUpper(key) + `"`,
			`"` + key[:1] + `\u00` + strconv.FormatInt(int64(key[1]), 16) + key[2:] + `"`, `"x` + key + `"`} {
			if f, end, at := knownKey([]byte(other+pad), 0); end >= 0 || at >= 0 {
				t.Errorf("knownKey(%s) = %d, %d, %d: not a key of v1's NewMessage", other, f, end, at)
			}
		}
	}
	// Near the end of the input, member reads it.
	if _, end, _ := knownKey([]byte(`"id": 1}`), 0); end >= 0 {
		t.Error("knownKey read past the room it needs")
	}
}

// The indent prediction skips exactly what jsonin.SkipSpace skips, whether
// the run is the one it keeps or not: longer, shorter, another byte after
// it, another kind of white space.
func TestIndentSkip(t *testing.T) {
	runs := []string{"", " ", "\n   ", "\n  ", "\n    ", "\r\n   ", "\n\t", "\n        ", "\n          "}
	after := []string{`"a"`, " x", "\n", "\t}", "\x00", ""}
	for _, first := range runs {
		for _, run := range runs {
			for _, a := range after {
				var in indent
				learnt := []byte(first + `"k"` + strings.Repeat(" ", 8))
				in, _ = in.learn(learnt, 0)
				d := []byte(run + a + strings.Repeat("z", 9))
				for _, tail := range []int{len(d), len(run) + len(a)} {
					if got, want := in.skip(d[:tail], 0), jsonin.SkipSpace(d[:tail], 0); got != want {
						t.Fatalf("after learning %q, skip(%q) = %d, want %d", first, d[:tail], got, want)
					}
				}
			}
		}
	}
}
