package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"sort"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/conformance/supervise"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// MCPOptions configure the MCP driver. Exactly one of Argv (a server on
// stdio, started by the driver) and Endpoint (a streamable HTTP endpoint)
// is set.
type MCPOptions struct {
	Argv     []string // the command and its arguments; no shell is involved
	Endpoint string   // http(s)://HOST:PORT/PATH
	Dir      string
	Env      []string // nil: the runner's environment
	// HostTZ, when set, is the TZ variable a stdio server runs under
	// (replacing the runner's): its host time zone, as for exec:.
	HostTZ string
	// Deadline bounds each tools/call. Default 5 s.
	Deadline time.Duration
	// StartDeadline bounds a start: the process coming up, initialize and
	// tools/list. Default 15 s.
	StartDeadline time.Duration
	// MaxRestarts bounds how many consecutive starts (initialize and
	// tools/list) may fail before the run gives up; as for exec:, a server
	// that crashes after it answered is charged to the call in flight and
	// started again, however often. Default 3; negative: never retried.
	MaxRestarts int
	// StderrLog, when set, receives a stdio server's whole stderr.
	StderrLog io.Writer
	// ProtocolVersion the client offers in initialize. Default
	// MCPProtocolVersion.
	ProtocolVersion string
	// Tools are the profiles' tool definitions the listed tools are checked
	// against. Nil: the embedded spec's (spec/datetime/tools.json).
	Tools []spec.ToolDef
}

// MCPProtocolVersion is the MCP revision the driver offers by default:
// 2025-11-25, which the official SDKs of every language speak. (The Go SDK's
// newer 2026-07-28 draft mirrors the tool name into an HTTP header that its
// client derives by decoding the arguments, so arguments its decoder cannot
// hold, such as {"hours": 1e400}, would never reach the server.)
const MCPProtocolVersion = "2025-11-25"

// MCP drives a tool server over the Model Context Protocol, with the
// official Go SDK as the client: it initialises, lists the tools (their
// names are the hello's operations, so a profile is claimed when all its
// tools are listed) and runs each call as tools/call. It judges what a
// model would receive: the result must be exactly one text content holding
// compact JSON, with isError exactly when that JSON is the PRD's error
// object {"error":{"code","message"}}; then the output or error goes through
// the same schema validation, compat and exact comparison as every driver's.
func MCP(opts MCPOptions) (Driver, error) {
	switch {
	case len(opts.Argv) > 0 && opts.Endpoint != "":
		return nil, errors.New("mcp driver: a command or an endpoint, not both")
	case len(opts.Argv) > 0:
		if opts.Argv[0] == "" {
			return nil, errors.New("mcp driver: no command")
		}
		if _, err := exec.LookPath(opts.Argv[0]); err != nil {
			return nil, fmt.Errorf("mcp driver: %w", err)
		}
	case opts.Endpoint != "":
		u, err := url.Parse(opts.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("mcp driver: %q is not an http:// or https:// endpoint", opts.Endpoint)
		}
	default:
		return nil, errors.New("mcp driver: no command and no endpoint")
	}
	if opts.Deadline <= 0 {
		opts.Deadline = 5 * time.Second
	}
	if opts.StartDeadline <= 0 {
		opts.StartDeadline = 15 * time.Second
	}
	if opts.MaxRestarts < 0 {
		opts.MaxRestarts = 0
	} else if opts.MaxRestarts == 0 {
		opts.MaxRestarts = 3
	}
	if opts.ProtocolVersion == "" {
		opts.ProtocolVersion = MCPProtocolVersion
	}
	if opts.Tools == nil {
		tools, err := spec.Tools()
		if err != nil {
			return nil, fmt.Errorf("mcp driver: %w", err)
		}
		opts.Tools = tools
	}
	d := &mcpDriver{opts: opts, stderr: newTail(20), defs: map[string]*jsonschema.Schema{}, defJSON: map[string][]byte{},
		stdio: stdioTransport}
	if opts.HostTZ != "" {
		d.opts.Env = withTZ(opts.Env, opts.HostTZ)
	}
	for _, t := range opts.Tools {
		s, err := compileToolSchema(t.Name, t.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("mcp driver: the tool definition of %s: %w", t.Name, err)
		}
		d.defs[t.Name] = s
		if c, err := canonicalJSON(t.InputSchema); err == nil {
			d.defJSON[t.Name] = c
		}
	}
	if cat, err := spec.Load(); err == nil {
		d.defOutJSON = map[string][]byte{}
		for _, t := range opts.Tools {
			if op, ok := cat.Operation(t.Name); ok {
				if c, err := objectRootCanonical(op.OutputSchema); err == nil {
					d.defOutJSON[t.Name] = c
				}
			}
		}
	}
	return d, nil
}

type mcpDriver struct {
	opts   MCPOptions
	stderr *tail
	defs   map[string]*jsonschema.Schema // the profiles' tool definitions
	// defJSON: each definition's input schema in canonical form, to see
	// whether a server lists it unchanged.
	defJSON map[string][]byte
	// defOutJSON: each defined operation's output schema in canonical
	// form, with "type": "object" at its root.
	defOutJSON map[string][]byte
	stdio      func(stdout io.ReadCloser, stdin io.WriteCloser) mcp.Transport

	mu       sync.Mutex
	cur      *mcpConn
	started  bool // a start has been tried (the first failure is fatal)
	failed   int  // consecutive failed starts
	hello    protocol.Hello
	schemas  map[string]listedTool // the server's tools by name
	closed   bool
	startErr error // a start that failed stays failed: every call reports it
}

// listedTool is a tool the server lists: its input schema compiled, or why
// it does not compile, and the same for its output schema.
type listedTool struct {
	schema *jsonschema.Schema
	bad    error
	// asDefined: the listed schema is the profile's tool definition's, the
	// same JSON value, so every input the definition accepts it accepts
	// too, and the per-call check has nothing to find.
	asDefined bool
	// declaresOutput: the tool lists an outputSchema; output is it
	// compiled, or outputBad why the runner refuses it.
	declaresOutput bool
	output         *jsonschema.Schema
	outputBad      error
	// outputAsDefined: the listed output schema is the operation's own in
	// the spec (with "type": "object" written out at its root, as MCP
	// lists one), which the runner validates every output against anyway.
	outputAsDefined bool
}

// mcpConn is one client session, and for stdio the process behind it.
type mcpConn struct {
	cs   *mcp.ClientSession
	tree *supervise.Tree // the process's whole tree (stdio only)
	dead chan struct{}   // closed once the process is gone (stdio only)
	exit error           // how it ended, once dead is closed

	mu  sync.Mutex
	why *Fault // set when the driver gave up on the connection
}

func (c *mcpConn) isDead() bool {
	c.mu.Lock()
	gone := c.why != nil
	c.mu.Unlock()
	if gone {
		return true
	}
	if c.dead == nil {
		return false
	}
	select {
	case <-c.dead:
		return true
	default:
		return false
	}
}

// kill ends the process group (stdio) and marks the connection unusable;
// the first reason given wins.
func (c *mcpConn) kill(why *Fault) {
	c.mu.Lock()
	if c.why == nil {
		c.why = why
	}
	c.mu.Unlock()
	if c.tree != nil {
		_ = c.tree.Kill()
		<-c.dead
		_ = c.cs.Close()
		return
	}
	// An endpoint's session is closed without waiting: closing may send
	// the server a request, which a broken server need not answer.
	go func() { _ = c.cs.Close() }()
}

func (d *mcpDriver) Hello(ctx context.Context) (protocol.Hello, error) {
	if _, err := d.conn(ctx); err != nil {
		return protocol.Hello{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.hello, nil
}

// conn returns the live session, starting one if there is none or the last
// one died.
func (d *mcpDriver) conn(ctx context.Context) (*mcpConn, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, errors.New("mcp driver: closed")
	}
	if d.cur != nil && !d.cur.isDead() {
		return d.cur, nil
	}
	if d.startErr != nil {
		return nil, d.startErr
	}
	if d.failed > d.opts.MaxRestarts {
		target := d.opts.Endpoint
		if target == "" {
			target = d.opts.Argv[0]
		}
		f := faultf(FaultCrash, "gave up after %d restarts of %q", d.opts.MaxRestarts, target)
		f.Log = d.stderr.String()
		return nil, f
	}
	first := !d.started
	d.started = true
	for {
		if d.opts.Endpoint != "" && d.failed > 0 {
			// An endpoint that failed is tried again after a pause that
			// doubles each time (0.25 s, 0.5 s, 1 s, 2 s…), within this
			// call: reconnecting at once spent every restart inside a
			// short outage, and each attempt failed a scenario of its own.
			wait := time.Duration(250<<min(d.failed-1, 4)) * time.Millisecond
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		sctx, cancel := context.WithTimeout(ctx, d.opts.StartDeadline)
		c, err := d.start(sctx)
		cancel()
		if err != nil {
			d.failed++
			if d.opts.Endpoint == "" && first {
				d.startErr = err // a server that never started will not start on a retry either
			}
			if d.opts.Endpoint == "" || first || d.failed > d.opts.MaxRestarts || ctx.Err() != nil {
				return nil, err
			}
			continue
		}
		d.failed = 0
		d.cur = c
		return c, nil
	}
}

// start connects (starting the process for stdio), initialises and lists
// the tools.
func (d *mcpDriver) start(ctx context.Context) (*mcpConn, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "clockspec-conform", Version: "1"}, nil)
	c := &mcpConn{}
	var transport mcp.Transport
	if d.opts.Endpoint != "" {
		tr := &http.Transport{
			Proxy:               nil, // the server is local; never route it through a proxy
			DialContext:         (&net.Dialer{Timeout: d.opts.Deadline, KeepAlive: 30 * time.Second}).DialContext,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		}
		// Every answer is read through a cap, as stdio's lines are, and
		// its HTTP status noted for the call it belongs to.
		transport = &mcp.StreamableClientTransport{Endpoint: d.opts.Endpoint,
			// A bound on every exchange, the session's closing request
			// included, which no call deadline covers.
			HTTPClient: &http.Client{Transport: &cappedTransport{base: tr, max: MaxHTTPAnswerBytes},
				Timeout: max(d.opts.Deadline, d.opts.StartDeadline) + 5*time.Second},
			MaxRetries: -1, DisableStandaloneSSE: true}
	} else {
		t, err := d.spawn(c)
		if err != nil {
			return nil, err
		}
		transport = t
	}
	cs, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: d.opts.ProtocolVersion})
	if err != nil {
		return nil, d.startFault(ctx, c, "initialize", err)
	}
	c.cs = cs
	var names []string
	schemas := map[string]listedTool{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			c.kill(faultf(FaultProtocol, "tools/list failed"))
			return nil, d.startFault(ctx, c, "tools/list", err)
		}
		names = append(names, tool.Name)
		schemas[tool.Name] = d.listTool(tool)
	}
	sort.Strings(names)
	init := cs.InitializeResult()
	h := protocol.Hello{Language: "mcp", Operations: names, Protocol: "mcp " + init.ProtocolVersion}
	if init.ServerInfo != nil {
		h.Implementation, h.Version = init.ServerInfo.Name, init.ServerInfo.Version
	}
	if h.Implementation == "" {
		h.Implementation = "unnamed MCP server"
	}
	d.hello, d.schemas = h, schemas
	return c, nil
}

// listTool compiles what the server lists for a tool: its input schema
// (compared with the profile's definition) and its output schema. A schema
// the runner refuses (one pointing outside itself, one too costly to
// validate with, one that is not JSON Schema) fails the calls of that tool,
// saying why; nothing else.
func (d *mcpDriver) listTool(tool *mcp.Tool) listedTool {
	raw, err := schemaJSON(tool.InputSchema)
	lt := listedTool{bad: err}
	if err == nil {
		lt.schema, lt.bad = compileListedSchema(tool.Name, "input", raw)
	}
	if lt.bad == nil && d.defJSON[tool.Name] != nil {
		c, err := canonicalJSON(raw)
		lt.asDefined = err == nil && bytes.Equal(c, d.defJSON[tool.Name])
	}
	if tool.OutputSchema != nil {
		lt.declaresOutput = true
		raw, err := schemaJSON(tool.OutputSchema)
		lt.outputBad = err
		if err == nil {
			lt.output, lt.outputBad = compileListedSchema(tool.Name, "output", raw)
		}
		if lt.outputBad == nil && d.defOutJSON[tool.Name] != nil {
			c, err := canonicalJSON(raw)
			lt.outputAsDefined = err == nil && bytes.Equal(c, d.defOutJSON[tool.Name])
		}
	}
	return lt
}

func (d *mcpDriver) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	c, err := d.conn(ctx)
	if err != nil {
		return protocol.Result{}, err
	}
	d.mu.Lock()
	listed, ok := d.schemas[op]
	d.mu.Unlock()
	if !ok {
		return protocol.Result{}, wrongf("mcp: the server lists no tool %q", op)
	}
	if err := d.checkSchema(op, listed, input); err != nil {
		return protocol.Result{}, err
	}
	if listed.outputBad != nil {
		return protocol.Result{}, wrongf("mcp: the runner refuses the outputSchema the server lists for %s: %v", op, listed.outputBad)
	}
	res, rec, cctx, err := d.callTool(ctx, c, op, input)
	if status, _ := rec.get(); err != nil && d.opts.Endpoint != "" && (errors.Is(err, mcp.ErrSessionMissing) || status == http.StatusNotFound) && ctx.Err() == nil {
		// MCP: a client answered 404 for its session MUST start a new
		// one (whatever the body: the Python SDK's reads as a JSON-RPC
		// error); the call never reached a tool, so it goes again, once.
		c.kill(faultf(FaultCrash, "the server ended the session"))
		if c, err = d.conn(ctx); err != nil {
			return protocol.Result{}, err
		}
		res, rec, cctx, err = d.callTool(ctx, c, op, input)
	}
	if err != nil {
		return d.callFault(cctx, ctx, c, op, input, rec, err)
	}
	d.mu.Lock()
	listed = d.schemas[op] // the session the call went to may have listed anew
	d.mu.Unlock()
	return judgeToolResult(res, listed)
}

// callTool sends one tools/call under the per-call deadline, noting the
// HTTP exchange (status, size) of an endpoint's answer in rec.
func (d *mcpDriver) callTool(ctx context.Context, c *mcpConn, op string, input json.RawMessage) (*mcp.CallToolResult, *httpRecord, context.Context, error) {
	rec := &httpRecord{}
	cctx, cancel := context.WithTimeout(context.WithValue(ctx, httpRecordKey{}, rec), d.opts.Deadline)
	defer cancel()
	res, err := c.cs.CallTool(cctx, &mcp.CallToolParams{Name: op, Arguments: input})
	return res, rec, cctx, err
}

// checkSchema: a host may validate a model's arguments against the listed
// input schema before sending them, so a listed schema narrower than the
// profile's tool definition keeps valid requests from the tool. An input
// the definition accepts must be accepted by the listed schema too; an
// input the definition refuses is the tool's to answer (the PRD gives each
// bad field its own error code).
func (d *mcpDriver) checkSchema(op string, listed listedTool, input json.RawMessage) error {
	def := d.defs[op]
	if def == nil || listed.asDefined {
		return nil
	}
	v, err := decodeJSON(input)
	if err != nil || validateListed(def, v) != nil {
		return nil
	}
	if listed.bad != nil {
		return wrongf("mcp: the runner refuses the input schema the server lists for %s: %v", op, listed.bad)
	}
	if err := validateListed(listed.schema, v); err != nil {
		return wrongf("mcp: the input schema the server lists for %s refuses this input, which the profile's tool definition accepts: %v", op, err)
	}
	return nil
}

// rejectedByTransport is the JSON-RPC code the SDK gives a failure of the
// transport itself (an HTTP 5xx, a dropped connection, a body that is not
// JSON-RPC): no answer of the server's, so never its refusal of an input.
const rejectedByTransport = -32005

// callFault turns a failed tools/call into the right verdict: a JSON-RPC
// error answer, a hang, or a server that went away.
func (d *mcpDriver) callFault(cctx, ctx context.Context, c *mcpConn, op string, input json.RawMessage, rec *httpRecord, err error) (protocol.Result, error) {
	var werr *jsonrpc.Error
	status, tooLarge := rec.get()
	switch {
	case errors.As(err, &werr) && werr.Code != rejectedByTransport && (status < 300 || status == http.StatusBadRequest && !isJSONObject(input)):
		if !isJSONObject(input) {
			// MCP's arguments are an object; a server (or its SDK) that
			// refuses anything else at the protocol level has refused
			// the input for not being an object, which is what the
			// PRD's invalid_input says.
			return protocol.Result{Error: protocol.Errorf(protocol.CodeInvalidInput,
				"the MCP layer refused arguments that are not an object (JSON-RPC %d: %s)", werr.Code, werr.Message)}, nil
		}
		return protocol.Result{}, wrongf("mcp: tools/call %s answered with a JSON-RPC error (%d: %s) instead of a tool result; the PRD's errors are isError results holding {\"error\":{\"code\",\"message\"}}",
			op, werr.Code, werr.Message)
	case errors.Is(cctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		f := faultf(FaultTimeout, "no answer to tools/call %s within %s", op, d.opts.Deadline)
		if c.tree != nil {
			// A hung process cannot be trusted with the next case.
			c.kill(f)
			f.Log = d.stderr.String()
		}
		return protocol.Result{}, f
	case ctx.Err() != nil:
		return protocol.Result{}, ctx.Err()
	}
	var f *Fault
	if c.tree != nil {
		if connectionLost(err) && d.exited(c) {
			f = faultf(FaultCrash, "the server exited (%s) during tools/call %s", exitStatus(c.exit), op)
		} else {
			f = faultf(FaultProtocol, "tools/call %s failed: %v", op, err)
		}
		c.kill(f)
		f.Log = d.stderr.String()
		return protocol.Result{}, f
	}
	// Over HTTP, whatever went wrong below the tool result fails this call
	// only: the session is dropped and the next call starts a fresh one
	// (the SDK's client keeps a session that met an HTTP error or a
	// malformed answer closed for good).
	switch {
	case tooLarge:
		f = faultf(FaultProtocol, "the answer to tools/call %s exceeds %d bytes", op, MaxHTTPAnswerBytes)
	case status >= 300:
		f = faultf(FaultProtocol, "tools/call %s: the server answered HTTP %d %s instead of a tool result (%v)", op, status, http.StatusText(status), err)
	case isConnRefused(err) || errors.Is(err, io.EOF) || errors.Is(err, mcp.ErrConnectionClosed):
		f = faultf(FaultCrash, "tools/call %s: %v", op, err)
	default:
		f = faultf(FaultProtocol, "tools/call %s: %v", op, err)
	}
	c.kill(f)
	return protocol.Result{}, f
}

// Close ends the session; a stdio server is given a second to exit after
// its stdin closes, then its whole tree is stopped (supervise).
func (d *mcpDriver) Close() error {
	d.mu.Lock()
	d.closed = true
	c := d.cur
	d.mu.Unlock()
	if c == nil {
		return nil
	}
	done := make(chan struct{})
	go func() { _ = c.cs.Close(); close(done) }()
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	if c.tree == nil {
		select {
		case <-done:
		case <-timer.C:
		}
		return nil
	}
	select {
	case <-c.dead:
	case <-timer.C:
	}
	// Whatever is left of its tree (all of it, if it did not exit): SIGTERM,
	// a grace, SIGKILL.
	err := c.tree.Stop(mcpStopGrace)
	<-c.dead
	return err
}

// mcpStopGrace is how long a stdio server's tree has between SIGTERM and
// SIGKILL at the end of a run.
const mcpStopGrace = 500 * time.Millisecond
