package mcpserve

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// A browser client an origin is allowed for (the MCP Inspector) can talk
// to the server: its preflight is answered with CORS, and its answers carry
// Access-Control-Allow-Origin; a foreign origin still gets 403.
func TestAllowedOriginGetsCORS(t *testing.T) {
	tools, err := Tools()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(NewServer(reference.New(), tools), protocol.DefaultLimits, "http://localhost:6274"))
	defer srv.Close()
	do := func(method, origin string, body string) *http.Response {
		req, _ := http.NewRequest(method, srv.URL, strings.NewReader(body))
		req.Header.Set("Origin", origin)
		if method == http.MethodOptions {
			req.Header.Set("Access-Control-Request-Method", "POST")
			req.Header.Set("Access-Control-Request-Headers", "content-type,mcp-session-id")
		} else {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	pre := do(http.MethodOptions, "http://localhost:6274", "")
	if pre.StatusCode/100 != 2 || pre.Header.Get("Access-Control-Allow-Origin") != "http://localhost:6274" ||
		!strings.Contains(pre.Header.Get("Access-Control-Allow-Headers"), "Mcp-Session-Id") {
		t.Errorf("preflight: %d %v", pre.StatusCode, pre.Header)
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	if resp := do(http.MethodPost, "http://localhost:6274", init); resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "http://localhost:6274" {
		t.Errorf("initialize from the allowed origin: %d %v", resp.StatusCode, resp.Header)
	}
	if resp := do(http.MethodOptions, "https://evil.example", ""); resp.StatusCode != http.StatusForbidden || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("a foreign origin's preflight: %d %v", resp.StatusCode, resp.Header)
	}
}
