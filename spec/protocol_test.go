package spec_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/protocol"
)

// The published protocol schemas must accept what the Go side sends and
// refuse what it treats as protocol faults.
func compileProtocol(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	out := map[string]*jsonschema.Schema{}
	for _, name := range []string{"request", "response", "hello"} {
		b, err := os.ReadFile("protocol/" + name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		url := "https://clockspec.dev/schemas/protocol/" + name + ".schema.json"
		if err := c.AddResource(url, bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
		if out[name], err = c.Compile(url); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

func check(t *testing.T, s *jsonschema.Schema, doc string, valid bool) {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(v); (err == nil) != valid {
		t.Errorf("%s: valid=%v, want %v (%v)", doc, err == nil, valid, err)
	}
}

func TestProtocolSchemas(t *testing.T) {
	s := compileProtocol(t)
	req, _ := json.Marshal(protocol.Request{ID: "1", Op: "v1.escape_xml", Input: json.RawMessage(`{"text":"a"}`)})
	check(t, s["request"], string(req), true)
	check(t, s["request"], `{"id":"","op":"x"}`, false)
	check(t, s["request"], `{"id":"1","op":"x","extra":1}`, false)
	out, _ := json.Marshal(protocol.Response{ID: "1", Output: json.RawMessage(`{"result":"a"}`)})
	check(t, s["response"], string(out), true)
	errResp, _ := json.Marshal(protocol.Response{ID: "1", Error: protocol.Errorf("invalid_input", "no")})
	check(t, s["response"], string(errResp), true)
	check(t, s["response"], `{"id":"1"}`, false)
	check(t, s["response"], `{"id":"1","output":{},"error":{"code":"x","message":"y"}}`, false)
	hello, _ := json.Marshal(protocol.Hello{Implementation: "x", Version: "1", Language: "go",
		Protocol: protocol.Version, Tzdata: "2025c", Operations: []string{"v1.escape_xml"}})
	check(t, s["hello"], string(hello), true)
	check(t, s["hello"], `{"implementation":"x"}`, false)
}

func TestOpenAPIDescribesBothEndpoints(t *testing.T) {
	b, err := os.ReadFile("protocol/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string                    `yaml:"openapi"`
		Paths   map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" || doc.Paths["/hello"]["get"] == nil || doc.Paths["/call"]["post"] == nil {
		t.Errorf("openapi.yaml must be 3.1.0 with GET /hello and POST /call: %+v", doc)
	}
}
