package jsonin

import (
	"encoding/json"
	"reflect"
	"testing"
)

// slowDecode and slowDecodeOpen are Decode and DecodeOpen without the scan:
// the full check on every input, as before the scan existed.
func slowDecode(data []byte, v any) error {
	if err := checkCase(data, reflect.TypeOf(v), ""); err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

func slowDecodeOpen(data []byte, v any) error {
	clean, _ := dropCaseVariants(data, reflect.TypeOf(v))
	return json.Unmarshal(clean, v)
}

var scanSeeds = []string{
	`{"timezone":"UTC"}`, `{"timeZone":"UTC"}`, `{"TIMEZONE":"x","timezone":"UTC"}`,
	`{"messages":[{"sender_name":"a"},{"Sender_Name":"b"}]}`, `{"task":{"NEXT_RUN":"x","next_run":"y"}}`,
	`{"task":{"Next_Run":"x"},"other":{"Next_Run":1}}`, `{"messages":"not a list"}`,
	`{"other":[{"timeZone":1}],"timezone":null}`, `{"time\u005aone":"x"}`, `{"timezon\u0065":"x"}`,
	`{"ti\u006De\u005Aone":"x"}`, `{"TİMEZONE":"x"}`, `{"timezone":"UTC"} `, ` {"timezone" : "a" , "messages" : [ ] }`,
	`{"messages":[{"sender_name":"a","x":{"Sender_Name":[1,{"a":"}"}]}}]}`, `{"task":null}`, `null`, `[]`, `"x"`,
	`{"timezone":"a"`, `{"timezone":}`, `{"timezone" "a"}`, `{"messages":[{"SENDER_NAME":"a"}`, `{"task":{"next_run":"x"},"task":{"NEXT_RUN":"y"}}`,
	`{"task":{"NEXT_RUN":"y"},"task":{"next_run":"x"}}`, `{"messages":[1,true,null,-2.5e3,"s",{"Sender_name":0}]}`,
	`{"a":{"b":{"c":[[[{"timeZone":1}]]]}},"timezone":"x"}`, "{\"timezone\":\"\xff\"}", "{\"\xffimezone\":1}",
	`{"timezone":"a\"TIMEZONE\":1"}`, `{"timezone":"a\\","TimeZone":1}`,
}

func agree(t *testing.T, in []byte) {
	var a, b outer
	errA, errB := Decode(in, &a), slowDecode(in, &b)
	if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
		t.Errorf("Decode %q: %v %+v; the full check: %v %+v", in, errA, a, errB, b)
	}
	var c, d outer
	errC, errD := DecodeOpen(in, &c), slowDecodeOpen(in, &d)
	if (errC == nil) != (errD == nil) || !reflect.DeepEqual(c, d) {
		t.Errorf("DecodeOpen %q: %v %+v; the full check: %v %+v", in, errC, c, errD, d)
	}
}

// The scan only decides whether the full check runs: with it or without
// it, every input decodes to the same value and the same verdict.
func TestTheScanAgreesWithTheFullCheck(t *testing.T) {
	found := 0
	for _, s := range scanSeeds {
		agree(t, []byte(s))
		var v outer
		if checkCase([]byte(s), reflect.TypeOf(&v), "") != nil {
			found++
			if !hasCaseVariant([]byte(s), reflect.TypeOf(&v)) {
				t.Errorf("%s: the full check refuses it, the scan found nothing", s)
			}
		}
	}
	if found < 8 {
		t.Errorf("only %d seeds have a case variant", found)
	}
	// The scan is not a check that refuses everything.
	for _, s := range []string{`{"timezone":"UTC","other":{"TimeZone":1}}`, `{"messages":[{"sender_name":"a","SenderName":1}]}`} {
		var v outer
		if hasCaseVariant([]byte(s), reflect.TypeOf(&v)) {
			t.Errorf("%s: the scan found a case variant where there is none", s)
		}
	}
}

func FuzzTheScanAgreesWithTheFullCheck(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(agree)
}

// BenchmarkDecode compares, in one run, Decode with the full check on every
// input (before) on an input without case variants, the common case.
func BenchmarkDecode(b *testing.B) {
	in := []byte(`{"timezone":"America/New_York","messages":[` +
		`{"sender_name":"Alice","content":"hi","timestamp":"2024-01-01T10:00:00.000Z"},` +
		`{"sender_name":"Bob","content":"hello there","timestamp":"2024-01-01T10:01:00.000Z"}],"task":{"next_run":"x"}}`)
	for _, bc := range []struct {
		name string
		fn   func([]byte, any) error
	}{{"before", slowDecode}, {"Decode", Decode}, {"DecodeOpen", DecodeOpen}, {"json.Unmarshal", json.Unmarshal}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v outer
				if err := bc.fn(in, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
