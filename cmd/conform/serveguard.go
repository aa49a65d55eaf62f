package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/clockspec/clockspec/protocol"
)

// browserGuard refuses, with 403, what a web page could send through the
// user's browser: a request with an Origin that is not the server's own
// (or one --allow-origin lists), and — on a loopback address — one whose
// Host is not a loopback name, as a page reaching 127.0.0.1 through DNS
// rebinding sends its own host. A request without Origin (every client
// that is not a browser) passes the origin check. serve --mcp has its own
// (mcpserve.Handler) and is not wrapped again.
func browserGuard(h http.Handler, allowed []string, loopback bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if loopback && !loopbackHost(r.Host) {
			http.Error(w, "Forbidden: Host "+strconv.Quote(r.Host)+" is not this loopback server's", http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !slices.Contains(allowed, o) {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host != r.Host {
				http.Error(w, "Forbidden: Origin "+strconv.Quote(o)+" is not allowed (conform serve --allow-origin adds one)", http.StatusForbidden)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost: localhost or a loopback IP, with or without a port.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// storeOps are the operations that read or write a file at a path the
// request names.
var storeOps = map[string]bool{"clock-core.store_on_user_message": true, "clock-core.store_read": true, "clock-core.read_state_file": true}

// rootedStore answers the store operations only for paths inside root:
// served over HTTP, the reference must not create, read or report on files
// anywhere a request names. The runner's state files are in folders it
// makes under the system's temporary folder, the default root.
type rootedStore struct {
	protocol.Implementation
	root string
}

func (s rootedStore) Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
	if storeOps[op] {
		var in struct {
			Path string `json:"path"`
		}
		if json.Unmarshal(input, &in) == nil && in.Path != "" && !s.inside(in.Path) {
			return nil, protocol.Errorf("invalid_path", "conform serve reads and writes state files only under %s (--store-root)", s.root)
		}
	}
	return s.Implementation.Call(ctx, op, input)
}

// inside: the path, with the symbolic links of its folder resolved, is
// under root (also resolved).
func (s rootedStore) inside(p string) bool {
	if !filepath.IsAbs(p) {
		return false
	}
	root, err := filepath.EvalSymlinks(s.root)
	if err != nil {
		return false
	}
	dir := filepath.Dir(filepath.Clean(p))
	// The folder may not exist yet: resolve its deepest existing ancestor.
	rest := ""
	for {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			dir = filepath.Join(r, rest)
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
	rel, err := filepath.Rel(root, filepath.Join(dir, filepath.Base(p)))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// defaultStoreRoot is the system's temporary folder.
func defaultStoreRoot() string { return os.TempDir() }

// maxServeConns caps the connections serve holds open at once: each is a
// file descriptor, and without a cap a client opening connections without
// end (10,010 in the test) exhausts the process's descriptors, so
// that even GET /hello waited seconds for one. The connections past the cap
// wait in the kernel's backlog until one closes.
const maxServeConns = 256

// limitListener accepts at most n connections at once.
type limitListener struct {
	net.Listener
	slots chan struct{}
}

func newLimitListener(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, slots: make(chan struct{}, n)}
}

func (l *limitListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &slotConn{Conn: c, release: func() { <-l.slots }}, nil
}

// slotConn gives its slot back once, when it is closed.
type slotConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
