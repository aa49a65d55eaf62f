package driver

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FuzzMCPDriver drives what the MCP driver does with what a server sends:
// a tools/list answer (each tool's input and output schema compiled under
// the runner's limits), the input check against the listed schema, and the
// judgement of a tools/call result. Whatever the server lists or answers,
// the driver gives a verdict — an answer or a *WrongAnswer — in bounded
// time, and never panics.
func FuzzMCPDriver(f *testing.F) {
	def := `{"type":"object","properties":{"operation":{"type":"string"},"days":{"type":"number"}},"required":["operation"]}`
	for _, s := range []struct{ tools, result, input string }{
		{`[{"name":"datetime_math","inputSchema":` + def + `}]`,
			`{"content":[{"type":"text","text":"{\"operation\":\"weekday\"}"}]}`, `{"operation":"weekday"}`},
		{`[{"name":"datetime_math","inputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"days":{"type":"integer","maximum":10}}}}]`,
			`{"content":[],"structuredContent":{"operation":"shift"}}`, `{"operation":"shift","days":1e-1000000000}`},
		{`[{"name":"datetime_math","inputSchema":{"type":"object","$ref":"file:///etc/passwd"}}]`,
			`{"content":[{"type":"text","text":"{}"}],"isError":true}`, `{"operation":"diff"}`},
		{`[{"name":"datetime_math","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"n":{"multipleOf":1e-400}}}}]`,
			`{"content":[{"type":"text","text":"{\"n\": 1e400}"}],"structuredContent":{"n":1}}`, `[]`},
		{`[{"name":"datetime_math","inputSchema":` + string(costlySchemaFor(30)) + `}]`,
			`{"content":[{"type":"text","text":"{\"error\":{\"code\":\"x\",\"message\":\"y\"}}"}],"isError":true}`, `{"operation":"x"}`},
	} {
		f.Add(s.tools, s.result, s.input)
	}
	d, err := MCP(MCPOptions{Endpoint: "http://127.0.0.1:1/mcp"})
	if err != nil {
		f.Fatal(err)
	}
	md := d.(*mcpDriver)
	f.Fuzz(func(t *testing.T, tools, result, input string) {
		var listed []*mcp.Tool
		if json.Unmarshal([]byte(tools), &listed) != nil {
			return // the SDK refuses it before the driver sees it
		}
		var res mcp.CallToolResult
		if json.Unmarshal([]byte(result), &res) != nil {
			return
		}
		start := time.Now()
		for _, tool := range listed {
			if tool == nil {
				continue
			}
			lt := md.listTool(tool)
			if err := md.checkSchema("datetime_math", lt, json.RawMessage(input)); err != nil && !isWrong(err) {
				t.Fatalf("the input check gave %T %v", err, err)
			}
			r, err := judgeToolResult(&res, lt)
			switch {
			case err != nil && !isWrong(err):
				t.Fatalf("the judgement gave %T %v", err, err)
			case err == nil && r.Error == nil && !json.Valid(r.Output):
				t.Fatalf("an output that is not JSON: %q", r.Output)
			}
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("the runner's own work took %s", d)
		}
	})
}

func isWrong(err error) bool {
	var w *WrongAnswer
	return errors.As(err, &w)
}

// costlySchemaFor is a schema of n levels of two alternatives each
// pointing at the next.
func costlySchemaFor(n int) json.RawMessage {
	b := []byte(`{"type":"object","$ref":"#/$defs/l0","$defs":{`)
	for i := range n {
		b = append(b, []byte(`"l`+strconv.Itoa(i)+`":{"anyOf":[{"$ref":"#/$defs/l`+strconv.Itoa(i+1)+`"},{"$ref":"#/$defs/l`+strconv.Itoa(i+1)+`","type":"object"}]},`)...)
	}
	b = append(b, []byte(`"l`+strconv.Itoa(n)+`":{"type":"object","required":["never"]}}}`)...)
	return b
}
