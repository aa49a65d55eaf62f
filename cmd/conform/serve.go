package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// serveMemoryLimit is the Go runtime's soft memory limit in serve: under
// the 256 MiB of resident memory that serve stays within, with room for
// what the runtime does not count (stacks of idle connections, fragments).
const serveMemoryLimit = 160 << 20

// serveCmd exposes the reference over the protocol: HTTP on a loopback
// address by default, or JSON Lines on stdin/stdout with --stdio (which is
// how `--impl exec:conform serve --stdio` certifies the runner itself). With
// --mcp it serves the datetime tools to MCP hosts instead (docs/mcp.md).
func serveCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform serve", flag.ContinueOnError)
	addr := fset.String("addr", "127.0.0.1:8080", "address to listen on (loopback unless --public)")
	public := fset.Bool("public", false, "allow an address that is not loopback")
	stdio := fset.Bool("stdio", false, "speak JSON Lines on stdin/stdout instead of HTTP")
	useMCP := fset.Bool("mcp", false, "serve the reference's tools over MCP: on stdin/stdout, or with --addr over streamable HTTP at /mcp")
	profiles := fset.String("profiles", "datetime", "with --mcp: the comma-separated `PROFILES` whose tools are served ("+strings.Join(mcpserve.Profiles, ", ")+")")
	var origins stringList
	fset.Var(&origins, "allow-origin", "over HTTP: a browser `ORIGIN` (scheme://host[:port]) allowed besides the server's own; repeatable")
	storeRoot := fset.String("store-root", defaultStoreRoot(), "over HTTP: the `DIR` under which clock-core's store operations may read and write state files")
	if pos, err := parseFlags(fset, args, stdout, serveHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("serve takes no arguments, only flags: %q; see conform serve -h", pos)}
	}
	addrSet := false
	fset.Visit(func(f *flag.Flag) { addrSet = addrSet || f.Name == "addr" })
	// A soft memory limit: the garbage collector works harder before the
	// process nears the resident size serve promises (see
	// protocol.DefaultLimits); GOMEMLIMIT in the environment overrides it.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
	impl := reference.New()
	var handler http.Handler = protocol.Handler(rootedStore{impl, *storeRoot})
	what := "GET /hello, POST /call"
	switch {
	case *useMCP && *stdio:
		return errors.New("--mcp and --stdio exclude each other: --mcp alone serves MCP on stdin/stdout")
	case *useMCP:
		mcpserve.TuneGC()
		tools, err := mcpserve.ServedTools(strings.Split(*profiles, ",")...)
		if err != nil {
			return &usageError{"--profiles: " + err.Error()}
		}
		srv := mcpserve.NewToolServer(impl, tools)
		if !addrSet {
			return mcpserve.Stdio(context.Background(), srv)
		}
		mux := http.NewServeMux()
		mux.Handle("/mcp", mcpserve.Handler(srv, protocol.DefaultLimits, origins...))
		handler, what = mux, "MCP streamable HTTP at /mcp"
	case *stdio:
		return protocol.ServeLines(context.Background(), impl, os.Stdin, stdout)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %w", *addr, err)
	}
	if ip := net.ParseIP(host); !*public && (ip == nil || !ip.IsLoopback()) && host != "localhost" {
		return fmt.Errorf("--addr %q is not a loopback address; add --public to listen there", *addr)
	}
	if !*useMCP {
		handler = browserGuard(handler, origins, !*public)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	ln = newLimitListener(ln, maxServeConns)
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       30 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	fmt.Fprintf(stderr, "conform: serving %s %s on http://%s (%s); Ctrl-C stops\n",
		impl.Hello().Implementation, reference.Version, ln.Addr(), what)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Told to stop, serve finishes the answers under way for a moment,
	// then closes what is left (a client still sending its body): a stop
	// is a normal end, exit 0, whatever a client was doing.
	shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		_ = srv.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// replayCmd sends a saved failing scenario to an implementation.
func replayCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fset := flag.NewFlagSet("conform replay", flag.ContinueOnError)
	var df driverFlags
	df.register(fset)
	pos, err := parseFlags(fset, args, stdout, replayHelp)
	if err != nil {
		return exitUsage, err
	}
	if len(pos) != 1 {
		return exitUsage, &usageError{"usage: conform replay FILE [--impl IMPL]; see conform replay -h"}
	}
	explicit := map[string]bool{}
	fset.Visit(func(fl *flag.Flag) { explicit[fl.Name] = true })
	if err := df.validate(explicit); err != nil {
		return exitUsage, err
	}
	b, err := readUserFile("replay file", pos[0], maxReplayBytes)
	if err != nil {
		return exitUsage, err
	}
	f, err := conformance.ParseReplayFile(b)
	if err != nil {
		return exitUsage, fmt.Errorf("%s is not a replay file: %w", pos[0], err)
	}
	cat, err := spec.Load()
	if err != nil {
		return exitUsage, err
	}
	drv, closeDriver, err := df.driver()
	if err != nil {
		return exitUsage, err
	}
	defer closeDriver()
	fmt.Fprintf(stdout, "replaying %s (%d calls)\n", f.Scenario, len(f.Calls))
	if line := df.hostZoneLine(); line != "" {
		fmt.Fprintln(stderr, line)
	}
	ok, err := conformance.Replay(context.Background(), drv, cat, f, stdout)
	if err != nil {
		return exitUsage, err
	}
	if !ok {
		return exitFailed, nil
	}
	return exitOK, nil
}
