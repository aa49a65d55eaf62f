package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// What a web page can send through a browser to `conform serve` on
// loopback is refused: a foreign Origin (a text/plain POST needs no
// preflight) and a foreign Host (DNS rebinding); a plain client passes.
func TestServeRefusesWhatAWebPageSends(t *testing.T) {
	h := browserGuard(protocol.Handler(rootedStore{reference.New(), t.TempDir()}), []string{"http://localhost:6274"}, true)
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"id":"1","op":"v1.escape_xml","input":{"text":"<a>"}}`
	post := func(origin, host string) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/call", strings.NewReader(body))
		req.Header.Set("Content-Type", "text/plain")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	self := strings.TrimPrefix(srv.URL, "http://")
	for _, c := range []struct {
		name, origin, host string
		want               int
	}{
		{"a plain client", "", "", 200},
		{"the server's own page", "http://" + self, "", 200},
		{"an allowed origin", "http://localhost:6274", "", 200},
		{"a foreign page", "https://evil.example", "", 403},
		{"a foreign page on another port", "http://127.0.0.1:1", "", 403},
		{"DNS rebinding", "", "evil.example:8080", 403},
		{"localhost by name", "", "localhost:8080", 200},
	} {
		if got := post(c.origin, c.host); got != c.want {
			t.Errorf("%s: status %d, want %d", c.name, got, c.want)
		}
	}
}

// Served over HTTP, the store operations touch files only under the
// store root: a request naming another path is refused and nothing is
// written there.
func TestServeStoreStaysUnderItsRoot(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "x", "state.json")
	impl := rootedStore{reference.New(), root}
	call := func(path string) *protocol.Error {
		in, _ := json.Marshal(map[string]any{"path": path, "now": "2026-02-09T10:00:00+09:00",
			"message": map[string]any{"channel": "chat", "thread": []string{"dm", "u1"}, "user_id": "u1", "text": "hi"}})
		_, perr := impl.Call(context.Background(), "clock-core.store_on_user_message", in)
		return perr
	}
	if perr := call(outside); perr == nil || perr.Code != "invalid_path" {
		t.Fatalf("a path outside the root: %v", perr)
	}
	if _, err := os.Stat(filepath.Dir(outside)); !os.IsNotExist(err) {
		t.Fatalf("a folder was made outside the root: %v", err)
	}
	if perr := call(filepath.Join(root, "..", filepath.Base(root)+"-evil", "s.json")); perr == nil {
		t.Fatal("a path that climbs out of the root with .. was served")
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(filepath.Dir(filepath.Dir(outside)), link); err != nil {
		t.Fatal(err)
	}
	if perr := call(filepath.Join(link, "s.json")); perr == nil {
		t.Fatal("a path through a symbolic link out of the root was served")
	}
	if perr := call(filepath.Join(root, "sub", "state.json")); perr != nil {
		t.Fatalf("a path inside the root: %v", perr)
	}
	if _, err := os.Stat(filepath.Join(root, "sub", "state.json")); err != nil {
		t.Fatalf("the state file inside the root was not written: %v", err)
	}
}

// The listener holds at most n connections: the n+1st waits until one
// closes, then is served.
func TestServeCapsItsConnections(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newLimitListener(inner, 3)
	defer ln.Close()
	accepted := make(chan net.Conn, 10)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for range 5 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	var held []net.Conn
	for range 3 {
		held = append(held, <-accepted)
	}
	select {
	case <-accepted:
		t.Fatal("a fourth connection was accepted while three were held")
	case <-time.After(200 * time.Millisecond):
	}
	held[0].Close()
	held[0].Close() // a second Close gives back nothing more
	select {
	case c := <-accepted:
		defer c.Close() // held: the fifth client must still wait
	case <-time.After(5 * time.Second):
		t.Fatal("closing a connection did not let the next one in")
	}
	select {
	case <-accepted:
		t.Fatal("a closed connection's slot was given back twice")
	case <-time.After(200 * time.Millisecond):
	}
}

// Told to stop while a client is still sending its body, serve ends
// promptly and normally (exit 0); it used to wait 5 s and exit 2.
func TestServeStopsWhileABodyIsInFlight(t *testing.T) {
	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := probe.Addr().String()
	probe.Close()
	cmd, stderr := conformProcess(t, nil, "serve", "--addr", addr)
	var conn net.Conn
	waitUntil(t, 30*time.Second, "serve listens", stderr, func() bool {
		conn, err = net.Dial("tcp", addr)
		return err == nil
	})
	defer conn.Close()
	// Headers and the start of a body that never ends.
	fmt.Fprintf(conn, "POST /call HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"id\":\"1\",", addr)
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	code := waitExit(t, cmd, 20*time.Second)
	if code != 0 || time.Since(start) > 4*time.Second {
		t.Errorf("exit %d after %s, want 0 within 4 s; stderr:\n%s", code, time.Since(start), stderr)
	}
}
