package driver_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"runtime/debug"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol/mcpserve"
)

// The MCP driver's own cost (the tool-list check, the schema check of every
// input, judging the result) over the SDK's: the driver against the
// reference's tools over stdio, and a bare SDK client calling an echo tool
// on the same SDK over the same transport; ratio = bare ops/s over driver
// ops/s' inverse, as for the other drivers (≥ 0.5 wanted).
var prdDiff = json.RawMessage(`{"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-22T15:30:00+03:00"}`)

func mcpFakeDriver(b *testing.B, mode string) conformance.Driver {
	exe, _ := os.Executable()
	d, err := driver.MCP(driver.MCPOptions{Argv: []string{exe}, Env: append(os.Environ(), "CLOCKSPEC_MCP_FAKE="+mode)})
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// asConformRun sets this process's garbage collector as conform run sets
// its own for the driver in use (mcpserve.TuneGC for the MCP driver, Go's
// default otherwise), and returns the setting to restore.
func asConformRun(mcpDriver bool) (restore func()) {
	orig := debug.SetGCPercent(100)
	debug.SetGCPercent(orig)
	if mcpDriver {
		mcpserve.TuneGC()
	}
	return func() { debug.SetGCPercent(orig) }
}

func BenchmarkMCPDriver(b *testing.B) {
	defer asConformRun(true)() // both sides are MCP clients
	d := mcpFakeDriver(b, "healthy")
	defer d.Close()
	ctx := context.Background()
	if _, err := d.Hello(ctx); err != nil {
		b.Fatal(err)
	}
	exe, _ := os.Executable()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "CLOCKSPEC_MCP_FAKE=echo")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bare", Version: "0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd},
		&mcp.ClientSessionOptions{ProtocolVersion: driver.MCPProtocolVersion})
	if err != nil {
		b.Fatal(err)
	}
	defer cs.Close()
	// Interleaved, so a busy machine slows both sides alike.
	b.ResetTimer()
	var drv, bare time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if res, err := d.Call(ctx, "datetime_math", prdDiff); err != nil || res.Error != nil {
			b.Fatalf("%v %v", err, res.Error)
		}
		mid := time.Now()
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: prdDiff}); err != nil {
			b.Fatal(err)
		}
		drv, bare = drv+mid.Sub(start), bare+time.Since(mid)
	}
	reportRates(b, b.N, drv, bare)
}

// The whole datetime profile over MCP (stdio) against the same over the
// JSON-Lines subprocess driver, in one run: ratio = subprocess time over
// MCP time (≥ 0.5: MCP within 2× the subprocess driver). Each run has the
// garbage collector conform run would give it.
func BenchmarkDatetimeProfileMCPvsSubprocess(b *testing.B) {
	defer asConformRun(false)()
	mcpDrv := mcpFakeDriver(b, "healthy")
	defer mcpDrv.Close()
	exe, _ := os.Executable()
	sub, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe},
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=healthy")})
	if err != nil {
		b.Fatal(err)
	}
	defer sub.Close()
	run := func(d conformance.Driver) time.Duration {
		defer asConformRun(d == mcpDrv)()
		start := time.Now()
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
		if err != nil || !rep.OK() {
			b.Fatalf("run failed: %v", err)
		}
		return time.Since(start)
	}
	run(mcpDrv) // both started and warm before timing
	run(sub)
	b.ResetTimer()
	var overMCP, overSub time.Duration
	for i := 0; i < b.N; i++ {
		overMCP += run(mcpDrv)
		overSub += run(sub)
	}
	b.ReportMetric(overMCP.Seconds()/float64(b.N), "mcp-s/run")
	b.ReportMetric(overSub.Seconds()/float64(b.N), "subprocess-s/run")
	b.ReportMetric(overSub.Seconds()/overMCP.Seconds(), "ratio")
}
