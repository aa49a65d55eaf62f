package jsonin

import (
	"encoding/json"
	"strings"
	"testing"
)

type intoInner struct {
	N int64 `json:"n"`
}

type intoProbe struct {
	Text     string                `json:"text"`
	Count    int64                 `json:"count"`
	Ratio    float64               `json:"ratio"`
	Exact    json.Number           `json:"exact"`
	On       bool                  `json:"on"`
	Scope    string                `json:"scope" default:"\"all\""`
	Limit    int64                 `json:"limit" default:"10"`
	Opt      *string               `json:"opt"`
	Loose    json.RawMessage       `json:"loose"`
	Maybe    Nullable[string]      `json:"maybe"`
	List     []intoInner           `json:"list"`
	ByName   map[string]*intoInner `json:"by_name"`
	Anything any                   `json:"anything"`
}

func TestIntoReadsWhatTheSchemaRead(t *testing.T) {
	in := `{"text": "a\u00e9", "Count": 99, "count": 1e1, "ratio": 0.5, "exact": 3.0000000000000001,
	  "on": true, "\u0073cope": "known", "loose": {"x" : [1, 2.50]}, "maybe": null,
	  "list": [{"n": 2.0}, {"n": -3}], "by_name": {"a": {"n": 1}, "b": null}, "anything": {"k": 1.5},
	  "unknown": [1, {"deep": true}], "text": "last"}`
	var p intoProbe
	if err := Into([]byte(in), &p); err != nil {
		t.Fatal(err)
	}
	if p.Text != "last" || p.Count != 10 || p.Ratio != 0.5 || p.Exact != "3.0000000000000001" || !p.On {
		t.Errorf("scalars: %+v", p)
	}
	if p.Scope != "known" || p.Limit != 10 || p.Opt != nil {
		t.Errorf("escaped key, default, absent: scope %q limit %d opt %v", p.Scope, p.Limit, p.Opt)
	}
	if string(p.Loose) != `{"x" : [1, 2.50]}` {
		t.Errorf("raw value %s, want the bytes as written", p.Loose)
	}
	if !p.Maybe.Present || p.Maybe.Value != nil {
		t.Errorf("null nullable: %+v", p.Maybe)
	}
	if len(p.List) != 2 || p.List[0].N != 2 || p.List[1].N != -3 {
		t.Errorf("list %+v", p.List)
	}
	if p.ByName["a"] == nil || p.ByName["a"].N != 1 || p.ByName["b"] != nil || len(p.ByName) != 2 {
		t.Errorf("map %+v", p.ByName)
	}
	if m, ok := p.Anything.(map[string]any); !ok || m["k"] != json.Number("1.5") {
		t.Errorf("any %#v", p.Anything)
	}
	var q intoProbe
	if err := Into([]byte(`{"maybe": "x"}`), &q); err != nil || !q.Maybe.Present || *q.Maybe.Value != "x" || q.Scope != "all" {
		t.Errorf("present nullable and default: %+v %v", q, err)
	}
	var d intoProbe
	if err := Into([]byte(`{"count": "x", "count": 3, "list": [{"n": null}], "list": []}`), &d); err != nil || d.Count != 3 || len(d.List) != 0 || d.List == nil {
		t.Errorf("a repeated key is read with its last value only: %+v %v", d, err)
	}
	var r intoProbe
	if err := Into([]byte(`{}`), &r); err != nil || r.Maybe.Present {
		t.Errorf("absent nullable: %+v %v", r.Maybe, err)
	}
}

func TestIntoRefusesWhatNoIntegerIs(t *testing.T) {
	for in, want := range map[string]string{
		`{"count": 3.0000000000000001}`:      "not a whole number",
		`{"count": 12345678901234567890123}`: "beyond this field's range",
		`{"count": "3"}`:                     "want an integer",
		`{"on": 1}`:                          "want true or false",
		`{"list": {}}`:                       "want an array",
		`{"text": "a"} x`:                    "bytes after",
		`{"list": [{"n": 1.5}]}`:             "list[0].n",
	} {
		var p intoProbe
		err := Into([]byte(in), &p)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Into(%s) = %v, want an error saying %q", in, err, want)
		}
	}
}
