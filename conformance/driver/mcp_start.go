package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/conformance/supervise"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpline"
)

// The MCP driver's server process: how it is started (its environment,
// the stdio transport) and how a start or an exit is told apart from a
// lost connection.

// withTZ is env (nil: the runner's) with TZ set to zone: the host zone an
// MCP server or a subprocess implementation is started in.
func withTZ(env []string, zone string) []string {
	if env == nil {
		env = os.Environ()
	}
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TZ=") {
			out = append(out, kv)
		}
	}
	return append(out, "TZ="+zone)
}

// spawn starts the stdio server in its own process group, so a kill
// reaches any helper it started (`go run`, `npx`) and no grandchild keeps
// the pipes open.
func (d *mcpDriver) spawn(c *mcpConn) (mcp.Transport, error) {
	cmd := exec.Command(d.opts.Argv[0], d.opts.Argv[1:]...)
	cmd.Dir, cmd.Env = d.opts.Dir, d.opts.Env
	cmd.WaitDelay = time.Second
	if d.opts.StderrLog != nil {
		cmd.Stderr = io.MultiWriter(d.stderr, d.opts.StderrLog)
	} else {
		cmd.Stderr = d.stderr
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	tree, err := supervise.Start(cmd)
	if err != nil {
		return nil, fmt.Errorf("mcp driver: start %q: %w", d.opts.Argv[0], err)
	}
	c.tree, c.dead = tree, make(chan struct{})
	go func() {
		c.exit = tree.Err()
		close(c.dead)
	}()
	return d.stdio(stdout, stdin), nil
}

// stdioTransport is the transport over a stdio server's pipes: mcpline's
// rather than the SDK's IOTransport, the same framing and bound without
// the SDK's 32 KiB decoder per message (see there). A benchmark swaps the
// SDK's in, to measure what mcpline saves in the same run.
var stdioTransport = func(stdout io.ReadCloser, stdin io.WriteCloser) mcp.Transport {
	return &mcpline.Transport{Reader: stdout, Writer: stdin, MaxMessageBytes: protocol.MaxMessageBytes}
}

// startFault says why a server could not be initialised: it exited, it
// did not answer in time, or what it said is not MCP.
func (d *mcpDriver) startFault(ctx context.Context, c *mcpConn, step string, err error) error {
	var f *Fault
	switch {
	case c.dead != nil && connectionLost(err) && d.exited(c):
		f = faultf(FaultCrash, "the server exited (%s) before answering %s", exitStatus(c.exit), step)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		f = faultf(FaultTimeout, "no answer to %s within %s", step, d.opts.StartDeadline)
	case d.opts.Endpoint != "" && isConnRefused(err):
		f = faultf(FaultCrash, "cannot reach %s: %v", d.opts.Endpoint, err)
	default:
		f = faultf(FaultProtocol, "not an MCP server: %s failed: %v", step, err)
	}
	if c.tree != nil {
		c.mu.Lock()
		if c.why == nil {
			c.why = f
		}
		c.mu.Unlock()
		_ = c.tree.Kill()
		<-c.dead
		f.Log = d.stderr.String()
		// What the exec driver says of a missing entry file or missing
		// packages ("Cannot find package '@modelcontextprotocol/sdk'":
		// run npm ci), the MCP driver says too.
		if h := startHint(d.opts.Argv, d.opts.Dir, f.Log); h != "" {
			f.Detail += "; " + h
		}
	}
	return f
}

// exited waits a moment for the process to end by itself: a session that
// broke because the process exited should say so, not "not MCP".
func (d *mcpDriver) exited(c *mcpConn) bool {
	select {
	case <-c.dead:
		return true
	case <-time.After(300 * time.Millisecond):
		return false
	}
}

func exitStatus(err error) string {
	if err == nil {
		return "status 0"
	}
	return err.Error()
}

// connectionLost: the stream ended, as opposed to carrying something that
// is not MCP (which makes the client hang up, and the server then exit).
func connectionLost(err error) bool {
	// os.ErrClosed: the SDK's reader found the pipe already closed by the
	// process's exit before it read the end of it.
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, mcp.ErrConnectionClosed) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "connection closed") || strings.HasSuffix(msg, "EOF") || strings.Contains(msg, "broken pipe") ||
		strings.Contains(msg, "file already closed")
}

func isConnRefused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || strings.Contains(err.Error(), "connection refused")
}
