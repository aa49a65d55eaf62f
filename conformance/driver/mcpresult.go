package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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

// judgeToolResult reads the answer a model would receive from a tool
// result, as MCP defines results (tool is what the server listed for it):
//
//   - When the result carries structuredContent, or the tool lists an
//     outputSchema, the structured value is the answer. It must match the
//     server's own outputSchema (a client such as the TypeScript SDK's
//     refuses the result otherwise), and every content beside it must be a
//     text holding the same JSON value (MCP: a structured result SHOULD
//     carry its serialized JSON as text); a disagreement names both. With
//     an outputSchema, a successful result without structuredContent is
//     not MCP's ("MUST provide structured results").
//   - Otherwise the answer is exactly one text content holding JSON,
//     whatever its white space: the output goes on as the server wrote it,
//     and the datetime profile's own scenario judges the PRD's "compact".
//
// isError is true exactly when the answer is the PRD's error object
// {"error":{"code","message"}}, and an output is the PRD's flat object,
// not wrapped.
func judgeToolResult(res *mcp.CallToolResult, tool listedTool) (protocol.Result, error) {
	var text []byte
	var shown string // the answer as the failures quote it
	if res.StructuredContent != nil || (tool.declaresOutput && !res.IsError) {
		if res.StructuredContent == nil {
			return protocol.Result{}, wrongf("mcp: the tool lists an outputSchema but the result has no structuredContent (MCP: a tool with an output schema MUST return structured results that conform to it)")
		}
		b, err := agreeingTexts(res.Content, res.StructuredContent)
		if err != nil {
			return protocol.Result{}, err
		}
		if b == nil { // no text beside it: the value as the client read it
			if b, err = marshalPlain(res.StructuredContent); err != nil {
				return protocol.Result{}, wrongf("mcp: structuredContent is not JSON: %v", err)
			}
		}
		if tool.output != nil && !tool.outputAsDefined {
			v, err := decodeJSON(b)
			if err == nil {
				err = validateListed(tool.output, v)
			}
			if err != nil {
				return protocol.Result{}, wrongf("mcp: structuredContent does not match the outputSchema the server lists for this tool (an MCP client refuses such a result): %v: %.300s", err, b)
			}
		}
		text, shown = b, string(b)
	} else {
		if len(res.Content) != 1 {
			return protocol.Result{}, wrongf("mcp: the result has %d contents and no structuredContent; the PRD's answer is exactly one text content (or structuredContent)", len(res.Content))
		}
		tc, ok := res.Content[0].(*mcp.TextContent)
		if !ok {
			return protocol.Result{}, wrongf("mcp: the result's content is %s, not text; the PRD's answer is one text content holding JSON (or structuredContent)", contentType(res.Content[0]))
		}
		text, shown = []byte(tc.Text), tc.Text
		if !json.Valid(text) {
			return protocol.Result{}, wrongf("mcp: result text is not JSON: %.300q", tc.Text)
		}
	}
	// The members of a top-level object, read once for both checks below.
	var top map[string]json.RawMessage
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) > 0 && t[0] == '{' && json.Unmarshal(text, &top) != nil {
		top = nil
	}
	perr, isErrObj, shapeProblem := errorObject(top)
	switch {
	case res.IsError && isErrObj:
		return protocol.Result{Error: perr}, nil
	case res.IsError && shapeProblem != "":
		return protocol.Result{}, wrongf("mcp: isError true but the answer is not the PRD's error object {\"error\":{\"code\",\"message\"}}: %s", shapeProblem)
	case res.IsError:
		msg := "mcp: isError true but the answer is not the PRD's error object {\"error\":{\"code\",\"message\"}}"
		if w := wrapperKeys(top); w != "" {
			msg += ": wrapper object " + w
		}
		return protocol.Result{}, wrongf("%s: %.300s", msg, shown)
	case isErrObj:
		return protocol.Result{}, wrongf("mcp: isError false but the answer is an error object: %.300s", shown)
	case shapeProblem != "":
		return protocol.Result{}, wrongf("mcp: isError false and the answer has an \"error\" member that is not the PRD's error object: %s", shapeProblem)
	}
	if w := wrapperKeys(top); w != "" {
		return protocol.Result{}, wrongf("mcp: wrapper object %s is not the PRD's output: %.300s", w, shown)
	}
	return protocol.Result{Output: json.RawMessage(text)}, nil
}

// agreeingTexts checks the contents beside a structured answer sc (as the
// client's SDK decoded it): each is a text holding the same JSON value. The
// SDK reads structuredContent's numbers into float64s, so the values are
// compared as it reads them (keys in any order, numbers as float64s), and
// the first text, compacted, is returned as the answer: the same value,
// with the digits the server wrote (3652424.9999884259, which no float64
// holds). Nil: no text.
func agreeingTexts(contents []mcp.Content, sc any) (exact []byte, err error) {
	for i, c := range contents {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			return nil, wrongf("mcp: content %d beside structuredContent is %s; the PRD's answer is one value, and the text beside it its JSON", i+1, contentType(c))
		}
		var got any
		if json.Unmarshal([]byte(tc.Text), &got) != nil || !reflect.DeepEqual(got, sc) {
			b, _ := marshalPlain(sc)
			why := ""
			if m, ok := sc.(map[string]any); ok && len(m) == 1 && m["result"] == tc.Text {
				// FastMCP (the Python SDK) wraps a tool's str return as
				// {"result": text} when the tool declares no output type.
				why = "; structuredContent wraps the text as {\"result\": …}, as FastMCP does for a tool whose return type is str: return the PRD's object (a dict or a model), or declare no structured output"
			}
			return nil, wrongf("mcp: the text content disagrees with structuredContent: text %.300q, structuredContent %.300s%s", tc.Text, b, why)
		}
		if exact == nil {
			var buf bytes.Buffer
			if json.Compact(&buf, []byte(tc.Text)) == nil {
				exact = buf.Bytes()
			}
		}
	}
	return exact, nil
}

// marshalPlain encodes a decoded value compactly, without HTML escaping.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

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
