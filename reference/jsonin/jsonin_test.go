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
