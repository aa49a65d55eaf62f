package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/spec"
)

// examples/mcp-datetime-node is an MCP server on the official TypeScript
// SDK; its client-check.js is that SDK's client. Node 20 and the example's
// npm packages are prerequisites, never a reason to skip: CI installs them.

const mcpExampleDepsHint = "run `make mcp-example-deps` (npm ci in examples/mcp-datetime-node; needs Node 20)"

// mcpExample returns node and the absolute path of script in
// examples/mcp-datetime-node, after checking the SDK loads.
func mcpExample(t *testing.T, script string) (node, path string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not on PATH: the MCP example needs Node 20; %s", mcpExampleDepsHint)
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "examples", "mcp-datetime-node"))
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	probe := exec.Command(node, "--input-type=module", "-e", `await import("@modelcontextprotocol/sdk/server/index.js")`)
	probe.Dir, probe.Stderr = dir, &stderr
	if err := probe.Run(); err != nil {
		t.Fatalf("examples/mcp-datetime-node cannot load the MCP TypeScript SDK; %s.\nnode: %v\n%s", mcpExampleDepsHint, err, stderr.String())
	}
	return node, filepath.Join(dir, script)
}

func mcpExampleImpl(t *testing.T, script string) string {
	node, path := mcpExample(t, script)
	argv, _ := json.Marshal([]string{node, path})
	return "mcp:" + string(argv)
}

// The example passes every datetime scenario except those on its
// known-failing list (each a difference of Node's ICU zone data from the
// pinned tzdata, with its reason), and none of those passes unnoticed; so
// does its twin written as the TypeScript SDK recommends (registerTool with
// an outputSchema, answers as structuredContent).
func TestMCPNodeExampleIsCertified(t *testing.T) {
	for _, c := range []struct{ script, name string }{
		{"server.js", "clockspec-example-mcp-datetime"},
		{"server-structured.js", "clockspec-example-mcp-datetime-structured"},
	} {
		t.Run(c.script, func(t *testing.T) { certifyMCPExample(t, c.script, c.name) })
	}
}

func certifyMCPExample(t *testing.T, script, name string) {
	known := filepath.Join("..", "..", "examples", "mcp-datetime-node", "known-failing.txt")
	b, err := os.ReadFile(known)
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			listed++
		}
	}
	n := datetimeScenarios(t)
	code, _, stderr := conform(t, "run", "--impl", mcpExampleImpl(t, script), "--tags", "@datetime", "--known-failing", known)
	if code != exitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitOK, stderr)
	}
	// Decisions and extensions the example does not follow (it keeps the
	// last of a repeated key, as JavaScript's JSON.parse does) are reported,
	// never failed: every other scenario passes.
	want := regexp.MustCompile(`(?m)^conform: (\d+) passed, 0 failed(?:, (\d+) decisions? and (\d+) extensions? not followed [^,]*)?, (\d+) known failing$`).FindStringSubmatch(stderr)
	if want == nil || want[4] != strconv.Itoa(listed) {
		t.Fatalf("want 0 failed and the %d listed known failing:\n%s", listed, stderr)
	}
	passed, _ := strconv.Atoi(want[1])
	decisions, _ := strconv.Atoi(want[2])
	extensions, _ := strconv.Atoi(want[3])
	if passed+decisions+extensions != n-listed {
		t.Errorf("%d passed + %d decisions + %d extensions not followed != %d scenarios - %d known failing:\n%s",
			passed, decisions, extensions, n, listed, stderr)
	}
	if !strings.Contains(stderr, "implementation: "+name+" 1.0.0 (mcp)") {
		t.Errorf("summary does not name the example:\n%s", stderr)
	}
}

// The broken twin makes the three mistakes real tool servers make; each is
// named where it happens, and nothing that answers a PRD object passes.
func TestMCPNodeBrokenExampleIsRejected(t *testing.T) {
	// The three PRD examples, where each mistake shows first (the summary
	// lists at most 20 ways of failing).
	code, _, stderr := conform(t, "run", "--impl", mcpExampleImpl(t, "broken.js"), "--tags", "@datetime",
		"--run", "datetime/diff/prd-example,datetime/format/prd-example,datetime/validation/compact-output,datetime/validation/prd-error-examples,datetime/validation/not-an-object/*,datetime/decisions/strict-request-not-an-object/*")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitFailed, stderr)
	}
	for _, want := range []string{
		"FAIL datetime/diff/prd-example\n     datetime_math: mcp: wrapper object {status,data} is not the PRD's output: {\"status\":\"ok\",\"data\":{\"operation\":\"diff\"",
		"FAIL datetime/validation/compact-output\n     the output is not compact JSON (it has white space outside its strings): \"{\\n  \\\"input\\\"",
		"FAIL datetime/validation/prd-error-examples\n     datetime_math: mcp: isError false but the answer is an error object: {\"error\":{\"code\":\"invalid_timezone\"",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("no failure like\n%s\nin:\n%s", want, stderr)
		}
	}
	// What still passes are the requests MCP itself refuses (arguments that
	// are not an object), which never reach the broken presentation (five
	// inputs, each in a required and a decision scenario), and the format
	// example, whose pretty-printed output is the right value: its
	// white space fails the compact-output scenario, and only that one.
	for _, line := range regexp.MustCompile(`(?m)^conform: (\d+) passed`).FindAllStringSubmatch(stderr, -1) {
		if line[1] != "11" {
			t.Errorf("%s scenarios passed, want only the 10 not-an-object cases and the format example:\n%s", line[1], stderr)
		}
	}
}

// The official TypeScript SDK's client lists the tools of conform serve
// --mcp, over stdio and over streamable HTTP, exactly as the spec defines
// them, and receives the PRD's answers and errors as one compact JSON text.
func TestTypeScriptClientUsesConformServeMCP(t *testing.T) {
	node, script := mcpExample(t, "client-check.js")
	b, err := fs.ReadFile(spec.FS(), "datetime/tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var defs []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"input_schema"`
	}
	if err := json.Unmarshal(b, &defs); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"stdio", "http"} {
		t.Run(mode, func(t *testing.T) {
			args := []string{script, mode}
			if mode == "stdio" {
				args = append(args, conformCommand(t, "serve", "--mcp")...)
			} else {
				args = append(args, startMCPHTTP(t))
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, args...)
			cmd.WaitDelay = 2 * time.Second // a server it started must not hold the pipes open
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("client-check: %v\n%s", err, stderr.String())
			}
			var got struct {
				Server struct{ Name string }
				Tools  []struct {
					Name        string
					Description string
					InputSchema json.RawMessage
				}
				Results []struct {
					Name    string
					IsError bool
					Content []struct{ Type, Text string }
				}
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("client-check printed %s: %v", out, err)
			}
			if got.Server.Name != "clockspec-reference" {
				t.Errorf("server %q", got.Server.Name)
			}
			byName := map[string]int{}
			for i, tl := range got.Tools {
				byName[tl.Name] = i
			}
			for _, d := range defs {
				i, ok := byName[d.Name]
				if !ok {
					t.Errorf("the client sees no tool %s: %+v", d.Name, got.Tools)
					continue
				}
				if got.Tools[i].Description != d.Description || !sameJSON(got.Tools[i].InputSchema, d.InputSchema) {
					t.Errorf("%s is not listed as spec/datetime/tools.json defines it: %+v", d.Name, got.Tools[i])
				}
			}
			want := []struct {
				isError bool
				text    string
			}{
				{false, `{"operation":"diff","left":"2026-04-20T10:00:00+03:00","right":"2026-04-22T15:30:00+03:00","duration_seconds":192600,"duration_minutes":3210,"duration_hours":53.5,"duration_days":2.2291666667,"sign":1}`},
				{true, `{"error":{"code":"invalid_timezone","message":"target_timezone must be a valid IANA timezone"}}`},
				{false, `{"input":"2026-04-20T10:00:00+03:00","target_timezone":"Europe/Oslo","style":"long","formatted":"2026-04-20 09:00 CEST","timezone":"Europe/Oslo","utc_offset":"+02:00"}`},
				{true, `{"error":{"code":"invalid_style","message":"style must be one of short, long, date_only, time_only, weekday_date"}}`},
			}
			if len(got.Results) != len(want) {
				t.Fatalf("%d results, want %d", len(got.Results), len(want))
			}
			for i, w := range want {
				r := got.Results[i]
				if r.IsError != w.isError || len(r.Content) != 1 || r.Content[0].Type != "text" || r.Content[0].Text != w.text {
					t.Errorf("call %d (%s): isError %v, content %+v; want isError %v and the one text %s", i, r.Name, r.IsError, r.Content, w.isError, w.text)
				}
			}
		})
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// conform serve --mcp --profiles datetime,clock-core, as the TypeScript
// SDK's client lists it: every tool with an MCP-safe name (what Claude's
// and OpenAI's function names allow), a description of at most 1,024
// characters, an output schema and the read-only, idempotent annotations;
// a call answered with structuredContent that the client (which checks it
// against the output schema) accepts; and a request from a foreign
// browser origin refused with 403 unless --allow-origin lists it.
func TestServeMCPProfilesForAgents(t *testing.T) {
	node, script := mcpExample(t, "client-check.js")
	url := startMCPHTTP(t, "--profiles", "datetime,clock-core", "--allow-origin", "http://localhost:6274")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, script, "list", url)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("client-check: %v\n%s", err, stderr.String())
	}
	var got struct {
		Tools []struct {
			Name         string
			Description  string
			InputSchema  map[string]any
			OutputSchema map[string]any
			Annotations  struct{ ReadOnlyHint, IdempotentHint, DestructiveHint, OpenWorldHint *bool }
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("client-check printed %s: %v", out, err)
	}
	safe := regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	var names []string
	for _, tl := range got.Tools {
		names = append(names, tl.Name)
		if !safe.MatchString(tl.Name) {
			t.Errorf("%q is not an MCP-safe tool name", tl.Name)
		}
		if n := len([]rune(tl.Description)); n == 0 || n > 1024 {
			t.Errorf("%s: a description of %d characters", tl.Name, n)
		}
		if tl.OutputSchema["type"] != "object" || tl.InputSchema["type"] != "object" {
			t.Errorf("%s: input schema %v, output schema %v", tl.Name, tl.InputSchema["type"], tl.OutputSchema["type"])
		}
		a := tl.Annotations
		if a.ReadOnlyHint == nil || !*a.ReadOnlyHint || a.IdempotentHint == nil || !*a.IdempotentHint ||
			a.DestructiveHint == nil || *a.DestructiveHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: annotations %+v", tl.Name, a)
		}
	}
	for _, want := range []string{"datetime_math", "datetime_format", "clock_core_now", "clock_core_parse_anchored_time",
		"clock_core_resolve_session_tz", "clock_core_offset_minutes", "clock_core_agent_timezone"} {
		if !slices.Contains(names, want) {
			t.Errorf("no tool %s among %v", want, names)
		}
	}

	// The client calls a clock tool without the instant: the server's clock.
	cmd = exec.CommandContext(ctx, node, "--input-type=module", "-e", `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
const client = new Client({ name: 'probe', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[1])));
await client.listTools();
const res = await client.callTool({ name: 'clock_core_now', arguments: {} });
console.log(JSON.stringify(res));
await client.close();`, url)
	cmd.Dir = filepath.Dir(script)
	stderr.Reset()
	cmd.Stderr = &stderr
	if out, err = cmd.Output(); err != nil {
		t.Fatalf("calling clock_core_now: %v\n%s", err, stderr.String())
	}
	var res struct {
		IsError           bool
		StructuredContent struct{ Now string }
	}
	if err := json.Unmarshal(out, &res); err != nil || res.IsError {
		t.Fatalf("clock_core_now: %s", out)
	}
	if now, err := time.Parse(time.RFC3339Nano, res.StructuredContent.Now); err != nil || time.Since(now).Abs() > time.Minute {
		t.Errorf("clock_core_now answered %q, not the server's clock", res.StructuredContent.Now)
	}

	for _, c := range []struct {
		origin string
		status int
	}{
		{"", http.StatusOK},
		{"https://evil.example", http.StatusForbidden},
		{"null", http.StatusForbidden},
		{"http://localhost:6274", http.StatusOK},
	} {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("Origin %q: HTTP %d, want %d", c.origin, resp.StatusCode, c.status)
		}
	}
}
