package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/protocol"
)

// What an MCP server's answer must look like: a tools/call result judged as
// what a model would receive, and the tools' input schemas.

// canonicalJSON re-encodes one JSON value with its object members sorted
// and no insignificant white space, numbers as written: two schemas with
// the same canonical form are the same JSON value.
func canonicalJSON(b []byte) ([]byte, error) {
	v, err := decodeJSON(b)
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// judgeToolResult checks what the model would receive and turns it into
// the driver's Result: exactly one text content, compact JSON, isError
// exactly when the text is the PRD's error object.
func judgeToolResult(res *mcp.CallToolResult) (protocol.Result, error) {
	if len(res.Content) != 1 {
		return protocol.Result{}, wrongf("mcp: the result has %d contents; the PRD's answer is exactly one text content", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		return protocol.Result{}, wrongf("mcp: the result's content is %s, not text; the PRD's answer is one text content holding compact JSON", contentType(res.Content[0]))
	}
	text := []byte(tc.Text)
	buf := compactBufs.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 64<<10 { // an odd huge answer is not kept
			compactBufs.Put(buf)
		}
	}()
	if json.Compact(buf, text) != nil {
		return protocol.Result{}, wrongf("mcp: result text is not JSON: %.300q", tc.Text)
	}
	if !bytes.Equal(buf.Bytes(), text) {
		return protocol.Result{}, wrongf("mcp: result text is not compact JSON (it has insignificant white space): %.300q", tc.Text)
	}
	// The members of a top-level object, read once for both checks below.
	var top map[string]json.RawMessage
	if len(text) > 0 && text[0] == '{' && json.Unmarshal(text, &top) != nil {
		top = nil
	}
	perr, isErrObj, shapeProblem := errorObject(top)
	switch {
	case res.IsError && isErrObj:
		return protocol.Result{Error: perr}, nil
	case res.IsError && shapeProblem != "":
		return protocol.Result{}, wrongf("mcp: isError true but the text is not the PRD's error object {\"error\":{\"code\",\"message\"}}: %s", shapeProblem)
	case res.IsError:
		msg := "mcp: isError true but the text is not the PRD's error object {\"error\":{\"code\",\"message\"}}"
		if w := wrapperKeys(top); w != "" {
			msg += ": wrapper object " + w
		}
		return protocol.Result{}, wrongf("%s: %.300s", msg, tc.Text)
	case isErrObj:
		return protocol.Result{}, wrongf("mcp: isError false but the text is an error object: %.300s", tc.Text)
	case shapeProblem != "":
		return protocol.Result{}, wrongf("mcp: isError false and the text has an \"error\" member that is not the PRD's error object: %s", shapeProblem)
	}
	if w := wrapperKeys(top); w != "" {
		return protocol.Result{}, wrongf("mcp: wrapper object %s is not the PRD's output: %.300s", w, tc.Text)
	}
	return protocol.Result{Output: json.RawMessage(text)}, nil
}

// compactBufs hold the compact form of result texts between calls.
var compactBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// errorObject reads the PRD's error object {"error":{"code","message"}}
// from the members of the result text (nil when it is not an object): ok
// when the text is exactly that; problem when the text is an object with
// an "error" member of another shape.
func errorObject(top map[string]json.RawMessage) (perr *protocol.Error, ok bool, problem string) {
	raw, has := top["error"]
	if !has {
		return nil, false, ""
	}
	if len(top) != 1 {
		return nil, false, fmt.Sprintf("members %s beside \"error\" (wrapper object %s)", strings.Join(otherKeys(top, "error"), ", "), keySet(top))
	}
	var inner map[string]json.RawMessage
	if json.Unmarshal(raw, &inner) != nil {
		return nil, false, fmt.Sprintf("\"error\" is %s, not an object {code, message}", raw)
	}
	var code, msg string
	if json.Unmarshal(inner["code"], &code) != nil || json.Unmarshal(inner["message"], &msg) != nil || len(inner) != 2 {
		return nil, false, fmt.Sprintf("\"error\" is %s, not exactly {code, message} with string values", raw)
	}
	return &protocol.Error{Code: code, Message: msg}, true, ""
}

// wrapperKeys names an envelope around the output, such as
// {"status":"ok","data":{…}}: an object whose payload sits one level down.
// The PRD's outputs are flat: none of their members is an object.
func wrapperKeys(top map[string]json.RawMessage) string {
	for _, k := range []string{"data", "result", "output", "payload", "response"} {
		if v, ok := top[k]; ok && len(v) > 0 && v[0] == '{' && len(top) <= 4 {
			return keySet(top)
		}
	}
	return ""
}

func keySet(m map[string]json.RawMessage) string {
	keys := otherKeys(m, "")
	// The envelope's own members first, the payload last, as they are
	// usually written: {status,data}.
	sort.SliceStable(keys, func(i, j int) bool {
		return m[keys[i]][0] != '{' && m[keys[j]][0] == '{'
	})
	return "{" + strings.Join(keys, ",") + "}"
}

func otherKeys(m map[string]json.RawMessage, except string) []string {
	var keys []string
	for k := range m {
		if k != except {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func contentType(c mcp.Content) string {
	b, err := json.Marshal(c)
	if err == nil {
		var t struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(b, &t) == nil && t.Type != "" {
			return t.Type
		}
	}
	return fmt.Sprintf("%T", c)
}

func isJSONObject(b json.RawMessage) bool {
	t := bytes.TrimSpace(b)
	return len(t) > 0 && t[0] == '{'
}

func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// compileToolSchema compiles a tool's input schema; MCP's schemas are JSON
// Schema 2020-12 unless they say otherwise.
func compileToolSchema(name string, schema []byte) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	url := "https://clockspec.dev/mcp-tools/" + url.PathEscape(name) + ".input.json"
	if err := c.AddResource(url, bytes.NewReader(schema)); err != nil {
		return nil, err
	}
	return c.Compile(url)
}
