package jsonin

import (
	"strings"
	"testing"
)

type inner struct {
	SenderName string `json:"sender_name"`
}

type outer struct {
	Timezone *string  `json:"timezone"`
	Messages *[]inner `json:"messages"`
	Task     *struct {
		NextRun string `json:"next_run"`
	} `json:"task"`
}

func TestKeysAreCaseSensitive(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{`{"timezone":"UTC"}`, ""},
		{`{"timeZone":"UTC"}`, `field "timezone" is spelled "timeZone"`},
		{`{"messages":[{"sender_name":"a"},{"Sender_Name":"b"}]}`, `input.messages[1]: field "sender_name"`},
		{`{"task":{"NEXT_RUN":"x"}}`, `input.task: field "next_run"`},
		{`{"other":1,"timezone":null}`, ""},
		{`{"messages":"not a list"}`, "cannot unmarshal"},
	} {
		var v outer
		err := Decode([]byte(tc.in), &v)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one containing %q", tc.in, err, tc.err)
		}
	}
}

// With an open schema a case variant of a field's name is an unknown key:
// ignored, never bound to the field (v1.escape_xml {"teXt":"00"} answers
// as if text were missing, as the schema and JavaScript read it).
func TestDecodeOpenIgnoresCaseVariants(t *testing.T) {
	for _, tc := range []struct{ in, tz, sender, nextRun string }{
		{`{"timezone":"UTC"}`, "UTC", "", ""},
		{`{"timeZone":"UTC"}`, "", "", ""},
		{`{"TIMEZONE":"x","timezone":"UTC"}`, "UTC", "", ""},
		{`{"timezone":"UTC","TIMEZONE":"x"}`, "UTC", "", ""},
		{`{"messages":[{"sender_name":"a"},{"Sender_Name":"b"}]}`, "", "a", ""},
		{`{"task":{"NEXT_RUN":"x","next_run":"y"}}`, "", "", "y"},
		{`{"task":{"Next_Run":"x"},"other":{"Next_Run":1}}`, "", "", ""},
	} {
		var v outer
		if err := DecodeOpen([]byte(tc.in), &v); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		tz, nextRun := "", ""
		if v.Timezone != nil {
			tz = *v.Timezone
		}
		if v.Task != nil {
			nextRun = v.Task.NextRun
		}
		if tz != tc.tz || nextRun != tc.nextRun || (tc.sender != "" && (*v.Messages)[0].SenderName != tc.sender) {
			t.Errorf("%s: timezone %q next_run %q, want %q %q", tc.in, tz, nextRun, tc.tz, tc.nextRun)
		}
		if v.Messages != nil && len(*v.Messages) > 1 && (*v.Messages)[1].SenderName != "" {
			t.Errorf("%s: Sender_Name was bound to sender_name", tc.in)
		}
	}
	var v outer
	if err := DecodeOpen([]byte(`{"messages":"not a list"}`), &v); err == nil {
		t.Error("a type error was not reported")
	}
}
