package driver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/internal/peakmem"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
)

// The test binary doubles as an MCP server built with the official Go SDK:
// with CLOCKSPEC_MCP_FAKE set it serves the reference's datetime tools on
// stdio, mangled the way the mode says (for calls whose arguments contain
// CLOCKSPEC_MCP_MATCH, or every call when it is empty).
func init() {
	if mode := os.Getenv("CLOCKSPEC_MCP_FAKE"); mode != "" {
		if mode == "escape-hang" {
			escapeGroup() // then hangs for good on the matching call
		}
		if mode == "healthy" || mode == "healthy-sdk" || mode == "echo" {
			mcpserve.TuneGC() // as conform serve --mcp does: the benchmarks' servers
		}
		srv := mcpFake(mode, os.Getenv("CLOCKSPEC_MCP_MATCH"))
		var err error
		if mode == "healthy" || mode == "echo" {
			err = mcpserve.Stdio(context.Background(), srv) // as conform serve --mcp serves it
		} else {
			// The SDK's own (healthy-sdk: as serve --mcp served it before
			// mcpline, for the benchmark).
			err = srv.Run(context.Background(), &mcp.StdioTransport{MaxLineLength: protocol.MaxMessageBytes})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "fake mcp:", err)
		}
		os.Exit(0)
	}
}

func mcpFake(mode, match string) *mcp.Server {
	tools, err := mcpserve.Tools()
	if err != nil {
		panic(err)
	}
	impl := reference.New()
	if mode == "healthy" || mode == "healthy-sdk" {
		return mcpserve.NewServer(impl, tools)
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "fake-" + mode, Version: "0"}, nil)
	if mode == "echo" {
		// The bare baseline: one tool that answers its arguments.
		srv.AddTool(&mcp.Tool{Name: "echo", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(req.Params.Arguments)}}}, nil
			})
		return srv
	}
	calls := 0
	for _, t := range tools {
		if mode == "missing-tool" && t.Name == "datetime_format" {
			continue
		}
		schema := t.InputSchema
		if mode == "narrow-schema" && t.Name == "datetime_math" {
			// Requires timestamp, which diff does not take.
			schema = json.RawMessage(strings.Replace(string(schema), `"required": ["operation"]`, `"required": ["operation", "timestamp"]`, 1))
		}
		switch mode {
		case "dollar-schema":
			// The definition's schema with the draft named: no longer the
			// same JSON value, so every call is checked against it.
			schema = json.RawMessage(`{"$schema":"https://json-schema.org/draft/2020-12/schema",` + strings.TrimPrefix(string(schema), "{"))
		case "file-ref":
			// A schema that points at a file of the runner's machine.
			schema = json.RawMessage(`{"type":"object","$ref":` + strconv.Quote("file://"+match) + `}`)
		case "costly-schema":
			schema = costlySchema(24)
		}
		name := t.Name
		srv.AddTool(&mcp.Tool{Name: name, Description: t.Description, InputSchema: schema},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				calls++
				out, perr := impl.Call(ctx, name, req.Params.Arguments)
				text := string(out)
				if perr != nil {
					text = mcpserve.ErrorText(perr)
				}
				res := &mcp.CallToolResult{IsError: perr != nil, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
				if mode == "file-ref" || mode == "costly-schema" || mode == "dollar-schema" {
					return res, nil
				}
				if match != "" && !strings.Contains(string(req.Params.Arguments), match) {
					return res, nil
				}
				switch mode {
				case "tz":
					res.IsError = false
					res.Content = []mcp.Content{&mcp.TextContent{Text: `{"tz":` + strconv.Quote(os.Getenv("TZ")) + `}`}}
				case "wrapper":
					if perr == nil {
						res.Content = []mcp.Content{&mcp.TextContent{Text: `{"status":"ok","data":` + text + `}`}}
					}
				case "pretty":
					var b bytes.Buffer
					_ = json.Indent(&b, []byte(text), "", "  ")
					res.Content = []mcp.Content{&mcp.TextContent{Text: b.String()}}
				case "no-iserror":
					res.IsError = false
				case "image":
					res.Content = []mcp.Content{&mcp.ImageContent{Data: []byte("not a png"), MIMEType: "image/png"}}
				case "huge-answer":
					// Over the bound a stdio message has (protocol.MaxMessageBytes).
					res.Content = []mcp.Content{&mcp.TextContent{Text: strings.Repeat("x", 2<<20)}}
				case "two-contents":
					res.Content = append(res.Content, &mcp.TextContent{Text: "Hope this helps!"})
				case "jsonrpc-error":
					if perr != nil {
						return nil, perr
					}
				case "hang":
					fmt.Fprintln(os.Stderr, "fake mcp: hanging on", name)
					// Long past the driver's deadline; on stdio the driver
					// kills the process first, in process (HTTP) it returns
					// so the test server can close.
					select {
					case <-ctx.Done():
					case <-time.After(2 * time.Second):
					}
					return nil, errors.New("hung")
				case "escape-hang":
					fmt.Fprintln(os.Stderr, "fake mcp: hanging for good on", name)
					select {}
				case "crash-on-match":
					fmt.Fprintln(os.Stderr, "fake mcp: panic: "+match)
					os.Exit(2)
				case "wrong-on-match":
					res.IsError = false
					res.Content = []mcp.Content{&mcp.TextContent{Text: `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":1}`}}
				}
				return res, nil
			})
	}
	return srv
}

// costlySchema is an input schema whose every level is two alternatives
// pointing at the next: 2^n schema nodes to visit, so an exponential
// validation for any library that does not refuse it.
func costlySchema(n int) json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"type":"object","$ref":"#/$defs/l0","$defs":{`)
	for i := range n {
		fmt.Fprintf(&b, `"l%d":{"anyOf":[{"$ref":"#/$defs/l%d"},{"$ref":"#/$defs/l%d","type":"object"}]},`, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"l%d":{"type":"object","required":["never"]}}}`, n)
	return json.RawMessage(b.String())
}

// runMCPFake runs the datetime profile against the fake in mode.
func runMCPFake(t *testing.T, mode, match string, opts driver.MCPOptions) *conformance.Report {
	t.Helper()
	exe, _ := os.Executable()
	opts.Argv = []string{exe}
	opts.Env = append(os.Environ(), "CLOCKSPEC_MCP_FAKE="+mode, "CLOCKSPEC_MCP_MATCH="+match)
	d, err := driver.MCP(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func scenario(t *testing.T, rep *conformance.Report, id string) conformance.ScenarioResult {
	t.Helper()
	for _, s := range rep.Scenarios {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no scenario %s in the report", id)
	return conformance.ScenarioResult{}
}

// A PRD output (diff) and a PRD error (invalid_timezone), each alone in its scenario.
const (
	outputCase = "datetime/diff/prd-example"
	errorCase  = "datetime/validation/prd-error-examples"
)

// The healthy fake (the reference's tools on the same SDK) passes; the
// driver's own judgement of the tool result rejects each way a tool result
// can differ from what the PRD gives the model, naming the MCP-level problem
// and charging it to the cases it touches.
func TestMCPDriverJudgesTheToolResult(t *testing.T) {
	rep := runMCPFake(t, "healthy", "", driver.MCPOptions{})
	if !rep.OK() || passed(rep) == 0 {
		t.Fatalf("the healthy MCP server fails: %d passed, %d failed", passed(rep), failed(rep))
	}
	for _, c := range []struct {
		mode, match string
		failing     string // a scenario that must fail with want
		passing     string // a scenario the fault does not touch
		want        string
	}{
		{"wrapper", "", outputCase, errorCase, "wrapper object {status,data} is not the PRD's output"},
		{"no-iserror", "", errorCase, outputCase, "isError false but the answer is an error object"},
		{"image", "Europe/Atlantis", errorCase, outputCase, "the result's content is image, not text"},
		{"two-contents", "Europe/Atlantis", errorCase, outputCase, "the result has 2 contents and no structuredContent; the PRD's answer is exactly one text content"},
		{"jsonrpc-error", "", errorCase, outputCase, "answered with a JSON-RPC error"},
		{"narrow-schema", "", outputCase, "datetime/weekday/prd-example", "the input schema the server lists for datetime_math refuses this input, which the profile's tool definition accepts"},
	} {
		t.Run(c.mode, func(t *testing.T) {
			rep := runMCPFake(t, c.mode, c.match, driver.MCPOptions{})
			s := scenario(t, rep, c.failing)
			if s.Compat != conformance.Failed || !strings.Contains(s.Problem, c.want) {
				t.Errorf("%s: %s / %s, problem %q; want failed with %q", c.failing, s.Compat, s.Exact, s.Problem, c.want)
			}
			if strings.Contains(s.Problem, "did not answer") {
				t.Errorf("%s: the server answered, wrongly; the problem says otherwise: %s", c.failing, s.Problem)
			}
			if c.passing != "" {
				if s := scenario(t, rep, c.passing); s.Compat != conformance.Passed || s.Exact != conformance.Passed {
					t.Errorf("%s is charged too: %s / %s: %s", c.passing, s.Compat, s.Exact, s.Problem)
				}
			}
		})
	}
}

// Faults: a server that does not speak MCP, lacks a tool, hangs or crashes
// gets a clear verdict on the cases it hurt, and the run ends.
func TestMCPDriverFaults(t *testing.T) {
	t.Run("not-mcp", func(t *testing.T) {
		// A JSON-Lines implementation is not an MCP server.
		exe, _ := os.Executable()
		d, err := driver.MCP(driver.MCPOptions{Argv: []string{exe}, StartDeadline: 5 * time.Second,
			Env: append(os.Environ(), "CLOCKSPEC_FAKE=healthy")})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		// No hello, no run: the run could not happen, with the cause named
		// once, rather than a failure charged to every case.
		_, err = conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
		var cnr *conformance.CouldNotRun
		if !errors.As(err, &cnr) || !strings.Contains(err.Error(), "not an MCP server") {
			t.Errorf("a server that is not MCP: %v, want a run that could not happen naming the cause", err)
		}
	})
	t.Run("exit-at-start", func(t *testing.T) {
		exe, _ := os.Executable()
		d, _ := driver.MCP(driver.MCPOptions{Argv: []string{exe}, Env: append(os.Environ(), "CLOCKSPEC_FAKE=exit-at-start")})
		defer d.Close()
		_, err := d.Hello(context.Background())
		var f *driver.Fault
		if !asFault(err, &f) || f.Kind != driver.FaultCrash || !strings.Contains(f.Error(), "exited (exit status 7) before answering initialize") ||
			!strings.Contains(f.Error(), "missing config") {
			t.Errorf("hello: %v", err)
		}
	})
	t.Run("missing-tool", func(t *testing.T) {
		exe, _ := os.Executable()
		d, _ := driver.MCP(driver.MCPOptions{Argv: []string{exe}, Env: append(os.Environ(), "CLOCKSPEC_MCP_FAKE=missing-tool")})
		defer d.Close()
		_, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
		if err == nil || !strings.Contains(err.Error(), "claims none of the selected profiles") || !strings.Contains(err.Error(), "datetime_format") {
			t.Errorf("a server without datetime_format: %v", err)
		}
	})
	t.Run("huge-answer", func(t *testing.T) {
		// A stdio answer over the bound fails its case, as an HTTP one does,
		// and the next case gets a fresh server.
		rep := runMCPFake(t, "huge-answer", "Europe/Atlantis", driver.MCPOptions{})
		s := scenario(t, rep, errorCase)
		if s.Compat != conformance.ProtocolError || !strings.Contains(s.Problem, "tools/call datetime_math failed") ||
			!strings.Contains(s.Problem, "longer than 1048576 bytes") {
			t.Errorf("%s: %s: %s", errorCase, s.Compat, s.Problem)
		}
		if s := scenario(t, rep, outputCase); s.Compat != conformance.Passed {
			t.Errorf("the huge answer is charged to %s too: %s", outputCase, s.Problem)
		}
	})
	t.Run("hang", func(t *testing.T) {
		start := time.Now()
		rep := runMCPFake(t, "hang", "Europe/Atlantis", driver.MCPOptions{Deadline: 500 * time.Millisecond})
		s := scenario(t, rep, errorCase)
		if s.Compat != conformance.TimedOut || !strings.Contains(s.Problem, "no answer to tools/call datetime_math within 500ms") ||
			!strings.Contains(s.Problem, "hanging on datetime_math") {
			t.Errorf("%s: %s: %s", errorCase, s.Compat, s.Problem)
		}
		if s := scenario(t, rep, outputCase); s.Compat != conformance.Passed {
			t.Errorf("the hang is charged to %s too: %s", outputCase, s.Problem)
		}
		if time.Since(start) > 60*time.Second {
			t.Errorf("the run took %s", time.Since(start))
		}
	})
	t.Run("crash", func(t *testing.T) {
		// A server that crashes on every call naming a zone fails exactly
		// the cases a server answering them wrongly fails: each crash is
		// charged to its own call, and a fresh server goes on, however many
		// crashes there are (more than --restarts here).
		const marker = "Asia/Kathmandu" // in ten scenarios: more crashes than the restart budget, few enough to be quick
		crash := runMCPFake(t, "crash-on-match", marker, driver.MCPOptions{})
		wrong := runMCPFake(t, "wrong-on-match", marker, driver.MCPOptions{})
		failing := func(rep *conformance.Report) map[string]bool {
			out := map[string]bool{}
			for _, s := range rep.Scenarios {
				if s.Compat != conformance.Passed && s.Compat != conformance.NotClaimed {
					out[s.ID] = true
				}
			}
			return out
		}
		fc, fw := failing(crash), failing(wrong)
		if len(fc) <= 3 {
			t.Fatalf("only %d cases crash; the test needs more than the restart budget", len(fc))
		}
		for id := range fc {
			if !fw[id] {
				t.Errorf("%s fails against the crashing server only", id)
			}
		}
		for id := range fw {
			if !fc[id] {
				t.Errorf("%s fails against the wrong server only", id)
			}
		}
		for _, s := range crash.Scenarios {
			if fc[s.ID] && (s.Compat != conformance.Crashed || !strings.Contains(s.Problem, "panic: "+marker) ||
				strings.Contains(s.Problem, "gave up")) {
				t.Errorf("%s: %s: %s", s.ID, s.Compat, s.Problem)
			}
		}
	})
	t.Run("http-hang", func(t *testing.T) {
		srv := httptest.NewServer(mcpserve.Handler(mcpFake("hang", "Europe/Atlantis"), protocol.DefaultLimits))
		defer srv.Close()
		d, _ := driver.MCP(driver.MCPOptions{Endpoint: srv.URL, Deadline: 500 * time.Millisecond})
		defer d.Close()
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
		if err != nil {
			t.Fatal(err)
		}
		if s := scenario(t, rep, errorCase); s.Compat != conformance.TimedOut || !strings.Contains(s.Problem, "no answer to tools/call datetime_math within 500ms") {
			t.Errorf("%s: %s: %s", errorCase, s.Compat, s.Problem)
		}
		if s := scenario(t, rep, outputCase); s.Compat != conformance.Passed {
			t.Errorf("the hang is charged to %s too: %s", outputCase, s.Problem)
		}
	})
	t.Run("http-unreachable", func(t *testing.T) {
		srv := httptest.NewServer(nil)
		url := srv.URL + "/mcp"
		srv.Close()
		d, _ := driver.MCP(driver.MCPOptions{Endpoint: url})
		defer d.Close()
		_, err := d.Hello(context.Background())
		var f *driver.Fault
		if !asFault(err, &f) || f.Kind != driver.FaultCrash {
			t.Errorf("hello: %v", err)
		}
		for range 4 { // each call tries to reach it again, then the driver gives up
			_, err = d.Call(context.Background(), "datetime_math", json.RawMessage(`{}`))
		}
		if !asFault(err, &f) || f.Kind != driver.FaultCrash || !strings.Contains(f.Error(), "gave up after 3 restarts of \""+url) {
			t.Errorf("call after the restarts: %v", err)
		}
	})
	t.Run("http-not-mcp", func(t *testing.T) {
		srv := httptest.NewServer(protocol.Handler(reference.New()))
		defer srv.Close()
		d, _ := driver.MCP(driver.MCPOptions{Endpoint: srv.URL + "/mcp"})
		defer d.Close()
		_, err := d.Hello(context.Background())
		var f *driver.Fault
		if !asFault(err, &f) || f.Kind != driver.FaultProtocol || !strings.Contains(f.Error(), "not an MCP server") {
			t.Errorf("hello: %v", err)
		}
	})
}

func asFault(err error, f **driver.Fault) bool {
	if err == nil {
		return false
	}
	return errors.As(err, f)
}

func passed(rep *conformance.Report) int {
	n := 0
	for _, p := range rep.Profiles {
		n += p.Passed
	}
	return n
}

func failed(rep *conformance.Report) int {
	n := 0
	for _, p := range rep.Profiles {
		n += p.Failed
	}
	return n
}

// A server's listed schemas are hostile input to the runner: a "$ref" to a
// file of the runner's machine is refused with nothing read (a FIFO would
// hang a reader; a secret would reach the report), a schema whose
// validation is exponential is refused before it is used, and a listed
// schema that only names its draft still gets a verdict for the number
// math/big refuses (1e-1000000000), not a panic.
func TestMCPDriverTreatsListedSchemasAsHostile(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.json")
	if err := os.WriteFile(secret, []byte(`{"description":"SECRET-of-the-runner"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{secret, fifo} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			done := make(chan *conformance.Report, 1)
			go func() { done <- runMCPFake(t, "file-ref", path, driver.MCPOptions{}) }()
			var rep *conformance.Report
			select {
			case rep = <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("the run hangs on a schema pointing at a FIFO")
			}
			s := scenario(t, rep, outputCase)
			if s.Compat != conformance.Failed || !strings.Contains(s.Problem, "refuses the input schema the server lists for datetime_math") ||
				!strings.Contains(s.Problem, "reads no file and no URL") {
				t.Errorf("%s: %s: %s", outputCase, s.Compat, s.Problem)
			}
			b, _ := json.Marshal(rep)
			if bytes.Contains(b, []byte("SECRET-of-the-runner")) {
				t.Error("the file's content reached the report")
			}
		})
	}
	t.Run("costly", func(t *testing.T) {
		start := time.Now()
		rep := runMCPFake(t, "costly-schema", "", driver.MCPOptions{})
		if s := scenario(t, rep, outputCase); s.Compat != conformance.Failed || !strings.Contains(s.Problem, "could visit more than") {
			t.Errorf("%s: %s: %s", outputCase, s.Compat, s.Problem)
		}
		if d := time.Since(start); d > 60*time.Second {
			t.Errorf("the run took %s", d)
		}
	})
	t.Run("dollar-schema", func(t *testing.T) {
		// Every case must pass here, so no call may be cut short by a
		// loaded machine: this case is not about time (a 5 s deadline
		// failed one call in one of three make test runs beside a busy
		// test run).
		rep := runMCPFake(t, "dollar-schema", "", driver.MCPOptions{Deadline: time.Minute})
		const huge = "datetime/decisions/error-order/fraction-before-timestamp"
		if s := scenario(t, rep, huge); s.Compat != conformance.Passed && s.Compat != conformance.Failed {
			t.Errorf("%s: %s: %s", huge, s.Compat, s.Problem)
		}
		if !rep.OK() {
			t.Errorf("the reference's tools under a schema naming its draft fail: %d failed", failed(rep))
		}
	})
}

// bigAnswerHandler is conform serve --mcp's HTTP handler, except that a
// tools/call is answered with a result of n bytes of text, written as it
// goes (the server holds none of it).
func bigAnswerHandler(n int) http.Handler {
	tools, _ := mcpserve.Tools()
	mcpH := mcpserve.Handler(mcpserve.NewServer(reference.New(), tools), protocol.DefaultLimits)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &msg)
		if msg.Method != "tools/call" {
			r.Body = io.NopCloser(bytes.NewReader(body))
			mcpH.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, msg.ID)
		chunk := bytes.Repeat([]byte("a"), 64<<10)
		for sent := 0; sent < n; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"}]}}`)
	})
}

// A 100 MiB answer over MCP's streamable HTTP fails its call, read no
// further than the cap, and the runner's peak memory stays under 150 MiB
// (it was over 1 GiB): the runner is a child process here, so its peak
// resident size is its own.
func TestMCPHTTPAnswerIsCapped(t *testing.T) {
	if url := os.Getenv("CLOCKSPEC_BIG_ANSWER_URL"); url != "" {
		d, err := driver.MCP(driver.MCPOptions{Endpoint: url, Deadline: 60 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		_, err = d.Call(context.Background(), "datetime_math", json.RawMessage(`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z"}`))
		fmt.Printf("CALL: %v\n", err)
		return
	}
	srv := httptest.NewServer(bigAnswerHandler(100 << 20))
	defer srv.Close()
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "-test.run=^TestMCPHTTPAnswerIsCapped$")
	cmd.Env = append(os.Environ(), "CLOCKSPEC_BIG_ANSWER_URL="+srv.URL)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	peak, err := peakmem.Run(cmd)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "CALL: protocol: the answer to tools/call datetime_math exceeds 1048576 bytes") {
		t.Errorf("the call: %s", out.String())
	}
	peak >>= 20
	t.Logf("runner's peak resident size on a 100 MiB answer: %d MiB", peak)
	if peak > 150 && !raceBuild {
		t.Errorf("the runner's peak resident size was %d MiB, want at most 150", peak)
	}
}

// --host-tz (and the zone --seed picks) reaches an mcp: server as its TZ,
// as it reaches an exec: implementation.
func TestMCPDriverRunsAStdioServerUnderTheHostZone(t *testing.T) {
	exe, _ := os.Executable()
	for _, zone := range []string{"Pacific/Chatham", "UTC"} {
		d, err := driver.MCP(driver.MCPOptions{Argv: []string{exe}, HostTZ: zone,
			Env: append(os.Environ(), "CLOCKSPEC_MCP_FAKE=tz", "TZ=Europe/Oslo")})
		if err != nil {
			t.Fatal(err)
		}
		res, err := d.Call(context.Background(), "datetime_math", json.RawMessage(`{"operation":"weekday"}`))
		d.Close()
		if err != nil || string(res.Output) != `{"tz":"`+zone+`"}` {
			t.Errorf("HostTZ %s: the server ran under %s (%v)", zone, res.Output, err)
		}
	}
}

// One malformed answer over streamable HTTP (seven bytes that are not
// JSON-RPC) fails the one case it answered; every other case passes on a
// fresh session (before, the client kept the broken session: every later
// case crashed).
func TestMCPHTTPMalformedAnswerFailsOneCase(t *testing.T) {
	tools, _ := mcpserve.Tools()
	mcpH := mcpserve.Handler(mcpserve.NewServer(reference.New(), tools), protocol.DefaultLimits)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"tools/call"`)) && bytes.Contains(body, []byte("Europe/Atlantis")) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "{bad}\n\n")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		mcpH.ServeHTTP(w, r)
	}))
	defer srv.Close()
	d, err := driver.MCP(driver.MCPOptions{Endpoint: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Scenarios {
		switch {
		case s.ID == errorCase:
			if s.Compat == conformance.Passed || !strings.Contains(s.Problem, "tools/call datetime_math") {
				t.Errorf("%s: %s: %s", s.ID, s.Compat, s.Problem)
			}
		case s.Compat != conformance.Passed && s.Tier == "required":
			t.Errorf("%s is charged too: %s: %s", s.ID, s.Compat, s.Problem)
		}
	}
}

// runBehindHTTP runs the scenarios opts selects against the reference's
// MCP tools over streamable HTTP, each request first offered to intercept
// (with its body read): when intercept answers it, the tools never see it.
// Each call has a minute: these cases are about what the server answers,
// not about time.
func runBehindHTTP(t *testing.T, opts conformance.Options, intercept func(w http.ResponseWriter, body []byte) bool) *conformance.Report {
	t.Helper()
	tools, _ := mcpserve.Tools()
	mcpH := mcpserve.Handler(mcpserve.NewServer(reference.New(), tools), protocol.DefaultLimits)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if intercept(w, body) {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		mcpH.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	d, err := driver.MCP(driver.MCPOptions{Endpoint: srv.URL, Deadline: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	opts.Driver, opts.Goldens = d, goldensFS()
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// requiredDatetime selects the datetime profile's required tier.
const requiredDatetime = "@datetime&&~@decision&&~@recommended&&~@extension"

// A server that crashes (HTTP 500) on arguments that are not an object
// fails that scenario: the SDK wraps the transport's failure as a JSON-RPC
// error (-32005), which is no refusal of the server's, so it is not the
// PRD's invalid_input.
func TestMCPHTTPTransportFailureIsNotARefusal(t *testing.T) {
	rep := runBehindHTTP(t, conformance.Options{Run: []conformance.Pattern{"datetime/validation/not-an-object/array"}},
		func(w http.ResponseWriter, body []byte) bool {
			if bytes.Contains(body, []byte(`"tools/call"`)) && bytes.Contains(body, []byte(`"arguments":[`)) {
				http.Error(w, "internal server error", http.StatusInternalServerError)
				return true
			}
			return false
		})
	if len(rep.Scenarios) != 1 || rep.Scenarios[0].Compat == conformance.Passed {
		t.Fatalf("a server that answers 500 passes the not-an-object scenario: %+v", rep.Scenarios)
	}
}

// A session the server ended between calls (404, whatever the body says)
// is started anew and the call sent again, as the MCP transport says.
func TestMCPHTTPSessionLostIsResent(t *testing.T) {
	var calls, lost atomic.Int64
	rep := runBehindHTTP(t, conformance.Options{Tags: requiredDatetime}, func(w http.ResponseWriter, body []byte) bool {
		if bytes.Contains(body, []byte(`"tools/call"`)) && calls.Add(1)%5 == 0 {
			lost.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"jsonrpc":"2.0","id":"server-error","error":{"code":-32600,"message":"Session not found"}}`)
			return true
		}
		return false
	})
	if lost.Load() == 0 {
		t.Fatal("no session was lost: the test shows nothing")
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			t.Errorf("%s: %s: %s", s.ID, s.Compat, s.Problem)
		}
	}
}

// A server down for a moment (every request refused for about a second)
// is waited for: the reconnections back off, so the run goes on after it.
func TestMCPHTTPShortOutageIsWaitedFor(t *testing.T) {
	var calls, downUntil atomic.Int64
	rep := runBehindHTTP(t, conformance.Options{Tags: requiredDatetime}, func(w http.ResponseWriter, body []byte) bool {
		if bytes.Contains(body, []byte(`"tools/call"`)) && calls.Add(1) == 10 {
			downUntil.Store(time.Now().Add(time.Second).UnixNano())
		}
		if time.Now().UnixNano() < downUntil.Load() {
			http.Error(w, "restarting", http.StatusServiceUnavailable)
			return true
		}
		return false
	})
	failed := 0
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			failed++
			t.Logf("%s: %s", s.ID, s.Problem)
			if strings.Contains(s.Problem, "gave up") {
				t.Errorf("%s: %s", s.ID, s.Problem)
			}
		}
	}
	if failed > 1 {
		t.Errorf("%d scenarios failed around a 1 s outage", failed)
	}
}
