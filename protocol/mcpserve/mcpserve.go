// Package mcpserve serves tools over the Model Context Protocol with the
// official Go SDK: each tool is an operation of an Implementation, published
// with the name, description and input schema of its LLM tool definition
// (spec/datetime/tools.json), answering with one text content that holds the
// operation's compact JSON output, or, with isError, the PRD's error object
// {"error":{"code","message"}}. This is what a model sees of the tool.
package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpline"
	"github.com/clockspec/clockspec/spec"
)

// ToolDef is the spec's tool definition, served as it is.
type ToolDef = spec.ToolDef

// Tools reads the tool definitions of the embedded spec (spec.Tools).
func Tools() ([]ToolDef, error) { return spec.Tools() }

// NewServer builds an MCP server whose tools are the given definitions,
// each answered by the operation of impl with the same name, with the
// operation's output schema where the spec has one.
func NewServer(impl protocol.Implementation, defs []ToolDef) *mcp.Server {
	cat, _ := spec.Load()
	tools := make([]Tool, 0, len(defs))
	for _, d := range defs {
		t := Tool{Name: d.Name, Op: d.Name, Description: d.Description, InputSchema: d.InputSchema}
		if cat != nil {
			if op, ok := cat.Operation(d.Name); ok {
				t.OutputSchema = objectRoot(op.OutputSchema)
			}
		}
		tools = append(tools, t)
	}
	return NewToolServer(impl, tools)
}

// NewToolServer builds an MCP server serving each tool by its operation of
// impl. Every tool is annotated read-only, idempotent and closed-world:
// the operations compute from their arguments alone and change nothing.
func NewToolServer(impl protocol.Implementation, tools []Tool) *mcp.Server {
	h := impl.Hello()
	srv := mcp.NewServer(&mcp.Implementation{Name: h.Implementation, Version: h.Version},
		// No logging capability: the tools are all it offers.
		&mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{}})
	no := false
	for _, t := range tools {
		mt := &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no}}
		if t.OutputSchema != nil {
			mt.OutputSchema = t.OutputSchema
		}
		srv.AddTool(mt, handler(impl, t))
	}
	return srv
}

// handler hands the arguments to the operation exactly as the client sent
// them (but for the server's clock in a tool's Now field the client left
// out): the operation does its own validation (the PRD answers each bad
// field with its own error code, which a schema refusal would hide). An
// output is answered as structuredContent (where the tool lists an output
// schema) and as its compact JSON text; an error as the PRD's error object
// with isError.
func handler(impl protocol.Implementation, t Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if len(bytes.TrimSpace(args)) == 0 {
			args = json.RawMessage(`{}`) // MCP's arguments are optional: none is the empty object
		}
		args = withNow(args, t.Now, time.Now())
		out, perr := impl.Call(ctx, t.Op, args)
		if perr != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: ErrorText(perr)}}}, nil
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, out); err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
				Text: ErrorText(protocol.Errorf(protocol.CodeInternal, "the output is not JSON: %v", err))}}}, nil
		}
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: compact.String()}}}
		if t.OutputSchema != nil {
			res.StructuredContent = json.RawMessage(compact.Bytes())
		}
		return res, nil
	}
}

// ErrorText is the PRD's error object, compact and without HTML escaping.
func ErrorText(e *protocol.Error) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(struct {
		Error protocol.Error `json:"error"`
	}{*e})
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// GCPercent is the garbage collector's target in a process that speaks
// MCP through the SDK (see TuneGC).
const GCPercent = 400

// TuneGC sets the garbage collector of a process that speaks MCP through
// the SDK, as a server or as a client, to GCPercent, unless GOGC in the
// environment says otherwise. The SDK decodes each JSON value with a fresh
// decoder that allocates a 32 KiB buffer: twice per tools/call on each side
// over stdio (mcpline decodes the messages themselves without it), and
// more over HTTP, where the SDK's transport decodes them too. A server's
// live heap is about 1.5 MiB: at Go's default of 100 the collector ran
// every nine calls and took half the server's time per call; at 400 it
// runs every fifty, for a peak of about 35 MiB resident (the memory limit
// serve sets still bounds it). A client running the datetime profile holds
// about 10 MiB, and each collection marks all of it.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}

// Stdio serves srv on the process's stdin and stdout until stdin ends. A
// message is bounded like the JSON-Lines protocol's. The transport is
// mcpline's, not the SDK's: the same framing without the SDK's 32 KiB
// decoder per message.
func Stdio(ctx context.Context, srv *mcp.Server) error {
	t := mcpline.Stdio()
	t.MaxMessageBytes = protocol.MaxMessageBytes
	return srv.Run(ctx, t)
}

// Handler serves srv over MCP's streamable HTTP transport, stateless (every
// POST carries one exchange; no session, no long-lived stream, so the HTTP
// server's time limits hold) and with plain JSON answers. Bodies are bounded
// like the JSON-Lines protocol's, and so is what the server holds at once,
// as protocol.HandlerWithLimits bounds it: at most lim.MaxBodies requests
// are read or held, the others waiting their turn before their bodies are
// read; at most lim.MaxCalls tools/call reach the tools, the others waiting
// in turn (initialize and tools/list never wait for a call's turn). A
// client that goes away while waiting gives its place up. Handler adds the
// call limit to srv as a middleware: give it a server of its own.
//
// The MCP transport says servers MUST validate Origin (a web page must not
// reach a local server through the user's browser): a request with an
// Origin header is answered 403 unless the origin is the server's own (the
// scheme-less host:port of the request) or one of allowedOrigins (exact
// "scheme://host[:port]" strings). A request without Origin (every
// non-browser client) passes.
func Handler(srv *mcp.Server, lim protocol.Limits, allowedOrigins ...string) http.Handler {
	if lim.MaxCalls < 1 {
		lim.MaxCalls = 1
	}
	if lim.MaxBodies < lim.MaxCalls {
		lim.MaxBodies = lim.MaxCalls
	}
	calls, bodies := make(chan struct{}, lim.MaxCalls), make(chan struct{}, lim.MaxBodies)
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" {
				return next(ctx, method, req)
			}
			if !acquire(ctx, calls) {
				return nil, ctx.Err()
			}
			defer func() { <-calls }()
			return next(ctx, method, req)
		}
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, MaxRequestBodyBytes: protocol.MaxMessageBytes})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !originAllowed(r, allowedOrigins) {
			http.Error(w, "Forbidden: Origin "+strconv.Quote(r.Header.Get("Origin"))+" is not allowed (conform serve --mcp --allow-origin adds one)", http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			// A browser client (the MCP Inspector) an origin is allowed
			// for gets CORS: its preflight answered, its answers readable,
			// the session header exposed.
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", o)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version")
			if r.Method == http.MethodOptions {
				h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
				h.Set("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID")
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		if !acquire(r.Context(), bodies) {
			return // the client is gone: there is no one to answer
		}
		defer func() { <-bodies }()
		// The wait is not the client's to pay for: from its turn, the body
		// has the whole read timeout to arrive, and the answer as long
		// again to be computed and written (where the server sets
		// deadlines at all).
		rc := http.NewResponseController(w)
		now := time.Now()
		_ = rc.SetReadDeadline(now.Add(turnTimeout))
		_ = rc.SetWriteDeadline(now.Add(2 * turnTimeout))
		h.ServeHTTP(w, r)
	})
}

// originAllowed: no Origin, the request's own host, or a listed origin.
func originAllowed(r *http.Request, allowed []string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	if slices.Contains(allowed, origin) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Host == r.Host
}

// turnTimeout is the time a request body has to arrive once its turn has
// come (as in protocol's HTTP form), and then again for its answer.
const turnTimeout = 10 * time.Second

// acquire takes a slot of sem, or gives up when ctx ends first.
func acquire(ctx context.Context, sem chan struct{}) bool {
	select {
	case sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}
