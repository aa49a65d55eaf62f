package mcpserve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
)

func TestErrorTextIsThePRDsCompactErrorObject(t *testing.T) {
	got := mcpserve.ErrorText(protocol.Errorf("invalid_style", "style <x> & more"))
	if want := `{"error":{"code":"invalid_style","message":"style <x> & more"}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Over an in-memory session: the tools are listed as defined, a call
// without arguments is a call with {}, and an answer is one text content.
func TestServerAnswersAsThePRDSays(t *testing.T) {
	tools, err := mcpserve.Tools()
	if err != nil || len(tools) != 2 {
		t.Fatalf("tools %v: %v", tools, err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	srv := mcpserve.NewServer(reference.New(), tools)
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 2 {
		t.Fatalf("tools/list: %v %v", list, err)
	}
	for _, c := range []struct {
		args    any
		isError bool
		text    string
	}{
		{nil, true, `{"error":{"code":"missing_required_field","message":"operation is required"}}`},
		{json.RawMessage(`{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}`), false,
			`{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00","weekday":"Monday","weekday_index":1}`},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "datetime_math", Arguments: c.args})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError != c.isError || len(res.Content) != 1 {
			t.Fatalf("%v: %+v", c.args, res)
		}
		if tc, ok := res.Content[0].(*mcp.TextContent); !ok || tc.Text != c.text {
			t.Errorf("%v: %+v, want text %s", c.args, res.Content[0], c.text)
		}
	}
}

// gated blocks every call until release is closed, counting the calls in
// progress at once.
type gated struct {
	release chan struct{}
	started chan struct{}
	now     atomic.Int32
	most    atomic.Int32
}

func (g *gated) Hello() protocol.Hello {
	return protocol.Hello{Implementation: "gated", Version: "0", Operations: []string{"echo"}}
}

func (g *gated) Call(_ context.Context, _ string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	n := g.now.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			break
		}
	}
	g.started <- struct{}{}
	<-g.release
	g.now.Add(-1)
	return in, nil
}

var echoTool = []mcpserve.ToolDef{{Name: "echo", InputSchema: json.RawMessage(`{"type":"object"}`)}}

func httpSession(t *testing.T, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// Over streamable HTTP, at most MaxCalls tool calls reach the
// implementation at once; the others wait and are answered in turn, and
// initialize and tools/list answer while every call slot is taken.
func TestHandlerBoundsConcurrentToolCalls(t *testing.T) {
	g := &gated{release: make(chan struct{}), started: make(chan struct{}, 8)}
	srv := httptest.NewServer(mcpserve.Handler(mcpserve.NewServer(g, echoTool), protocol.Limits{MaxCalls: 2, MaxBodies: 16}))
	defer srv.Close()
	var sessions []*mcp.ClientSession
	defer func() {
		for _, cs := range sessions {
			cs.Close()
		}
	}()
	var once sync.Once
	release := func() { once.Do(func() { close(g.release) }) }
	defer release() // first: a failing test ends its calls before closing their sessions
	var wg sync.WaitGroup
	answers := make(chan string, 6)
	for i := range 6 {
		cs := httpSession(t, srv.URL)
		sessions = append(sessions, cs)
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]int{"n": i}})
			switch {
			case err != nil:
				answers <- err.Error()
			case len(res.Content) != 1:
				answers <- fmt.Sprintf("%d contents", len(res.Content))
			default:
				answers <- res.Content[0].(*mcp.TextContent).Text
			}
		}()
	}
	<-g.started
	<-g.started
	select {
	case <-g.started:
		t.Fatal("a third call reached the implementation while two were in progress")
	case <-time.After(200 * time.Millisecond):
	}
	cs := httpSession(t, srv.URL) // initialize
	sessions = append(sessions, cs)
	if list, err := cs.ListTools(context.Background(), nil); err != nil || len(list.Tools) != 1 {
		t.Fatalf("tools/list while every call slot is taken: %v %v", list, err)
	}
	release()
	wg.Wait()
	close(answers)
	n := 0
	for a := range answers {
		if !strings.HasPrefix(a, `{"n":`) {
			t.Errorf("answer %q", a)
		}
		n++
	}
	if n != 6 || g.most.Load() != 2 {
		t.Errorf("%d answers, at most %d calls at once; want 6 and 2", n, g.most.Load())
	}
}

// body is a request body that says when it is first read and then waits.
type body struct {
	read    chan struct{}
	release chan struct{}
	once    sync.Once
}

func (b *body) Read(p []byte) (int, error) {
	b.once.Do(func() { close(b.read) })
	<-b.release
	return 0, io.EOF
}

func (b *body) Close() error { return nil }

// At most MaxBodies requests are read or held at once: the next one's body
// is not read before one of them is done, and a client that goes away
// while it waits gives its place up.
func TestHandlerBoundsRequestBodies(t *testing.T) {
	h := mcpserve.Handler(mcpserve.NewServer(&gated{}, echoTool), protocol.Limits{MaxCalls: 1, MaxBodies: 2})
	serve := func(ctx context.Context, b *body) chan struct{} {
		r := httptest.NewRequestWithContext(ctx, http.MethodPost, "/mcp", b)
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		done := make(chan struct{})
		go func() {
			h.ServeHTTP(httptest.NewRecorder(), r)
			close(done)
		}()
		return done
	}
	release := make(chan struct{})
	var once sync.Once
	defer once.Do(func() { close(release) }) // a failing test ends its requests too
	var bodies []*body
	var dones []chan struct{}
	for range 3 {
		b := &body{read: make(chan struct{}), release: release}
		bodies = append(bodies, b)
		dones = append(dones, serve(context.Background(), b))
	}
	isRead := func(b *body) bool {
		select {
		case <-b.read:
			return true
		case <-time.After(200 * time.Millisecond):
			return false
		}
	}
	reading := 0
	for _, b := range bodies {
		if isRead(b) {
			reading++
		}
	}
	if reading != 2 {
		t.Fatalf("%d bodies read at once, want 2", reading)
	}
	// A fourth client gives up while it waits: its request ends unread.
	ctx, cancel := context.WithCancel(context.Background())
	gone := &body{read: make(chan struct{}), release: release}
	done := serve(ctx, gone)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a request whose client went away kept waiting for a turn")
	}
	if isRead(gone) {
		t.Error("the body of a request whose client went away was read")
	}
	once.Do(func() { close(release) })
	for _, d := range dones {
		<-d
	}
	for _, b := range bodies {
		if !isRead(b) {
			t.Error("a waiting request was never read")
		}
	}
}

// TuneGC sets the collector's target unless GOGC in the environment
// already chose one.
func TestTuneGCLeavesAnExplicitGOGC(t *testing.T) {
	orig := debug.SetGCPercent(100)
	defer debug.SetGCPercent(orig)
	t.Setenv("GOGC", "")
	mcpserve.TuneGC()
	if got := debug.SetGCPercent(100); got != mcpserve.GCPercent {
		t.Errorf("GOGC unset: GC percent %d, want %d", got, mcpserve.GCPercent)
	}
	t.Setenv("GOGC", "150") // read by the runtime at start only: the 100 set above stays
	mcpserve.TuneGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=150: GC percent %d, want it left as it was (100)", got)
	}
}
