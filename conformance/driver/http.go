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
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// HTTPOptions configure the HTTP driver.
type HTTPOptions struct {
	// Deadline bounds each call, connection included. Default 5 s.
	Deadline time.Duration
}

// HTTP drives an implementation served over HTTP/1.1 at base: GET
// base/hello and POST base/call, with one keep-alive client. Timeouts,
// dropped connections and answers that are not the protocol are Faults, as
// with the subprocess driver; there is no process to restart.
func HTTP(base string, opts HTTPOptions) (Driver, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("http driver: %q is not an http:// or https:// base URL", base)
	}
	if opts.Deadline <= 0 {
		opts.Deadline = 5 * time.Second
	}
	tr := &http.Transport{
		Proxy:               nil, // the implementation is local; never route it through a proxy
		DialContext:         (&net.Dialer{Timeout: opts.Deadline, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     90 * time.Second,
	}
	return &httpDriver{base: strings.TrimRight(base, "/"), opts: opts,
		client: &http.Client{Transport: tr,
			// A redirect is an answer that is not the protocol's: it fails
			// the call with its status instead of being followed.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}, nil
}

type httpDriver struct {
	base   string
	opts   HTTPOptions
	client *http.Client
	nextID atomic.Uint64
}

func (d *httpDriver) do(ctx context.Context, method, path string, body []byte) ([]byte, int, error) {
	ctx, cancel := context.WithTimeout(ctx, d.opts.Deadline)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, d.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return nil, 0, d.classify(ctx, err, method+" "+path)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, protocol.MaxMessageBytes+1))
	if err != nil {
		return nil, 0, d.classify(ctx, err, "reading the answer to "+method+" "+path)
	}
	if len(b) > protocol.MaxMessageBytes {
		return nil, 0, faultf(FaultProtocol, "the answer to %s %s exceeds %d bytes", method, path, protocol.MaxMessageBytes)
	}
	return b, resp.StatusCode, nil
}

func (d *httpDriver) classify(ctx context.Context, err error, what string) error {
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return faultf(FaultTimeout, "no answer to %s within %s", what, d.opts.Deadline)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return faultf(FaultCrash, "%s: %v", what, err)
}

func (d *httpDriver) Hello(ctx context.Context) (protocol.Hello, error) {
	b, status, err := d.do(ctx, http.MethodGet, "/hello", nil)
	if err != nil {
		return protocol.Hello{}, err
	}
	if status != http.StatusOK {
		return protocol.Hello{}, statusFault("GET /hello", status, b)
	}
	var h protocol.Hello
	if json.Unmarshal(b, &h) != nil || h.Implementation == "" {
		return protocol.Hello{}, faultf(FaultProtocol, "GET /hello answered %.200q, not a hello object", b)
	}
	if h.Protocol != protocol.Version {
		return protocol.Hello{}, faultf(FaultProtocol, "implementation speaks protocol %q, the runner %q", h.Protocol, protocol.Version)
	}
	return h, nil
}

func (d *httpDriver) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	id := strconv.FormatUint(d.nextID.Add(1), 10)
	// The input goes out as the scenario wrote it, byte for byte.
	b, status, err := d.do(ctx, http.MethodPost, "/call", protocol.RequestBody(id, op, input))
	if err != nil {
		return protocol.Result{}, err
	}
	if status != http.StatusOK {
		// Only 200 carries an answer, however correct the body looks.
		return protocol.Result{}, statusFault("POST /call", status, b)
	}
	resp, err := protocol.ParseResponse(b)
	if err != nil {
		return protocol.Result{}, faultf(FaultProtocol, "POST /call answered %d with a body that is not a JSON response of the protocol (%v): %.200q", status, err, b)
	}
	switch {
	case resp.ID != id:
		return protocol.Result{}, faultf(FaultProtocol, "answer carries id %q, the request %q", resp.ID, id)
	case (resp.Output == nil) == (resp.Error == nil):
		return protocol.Result{}, faultf(FaultProtocol, "answer %s must have exactly one of output and error", id)
	case resp.Error != nil && resp.Error.Code == protocol.CodeMalformedRequest:
		return protocol.Result{}, faultf(FaultProtocol, "the implementation calls the runner's request malformed: %s", resp.Error.Message)
	}
	return protocol.Result{Output: resp.Output, Error: resp.Error}, nil
}

// statusFault is an HTTP answer other than 200: a protocol error naming the
// status and the first line of the body.
func statusFault(what string, status int, body []byte) *Fault {
	first, _, _ := strings.Cut(strings.TrimSpace(string(body)), "\n")
	if len(first) > 200 {
		first = first[:200] + "…"
	}
	return faultf(FaultProtocol, "%s answered HTTP %d %s (only 200 carries an answer; redirects are not followed): %q",
		what, status, http.StatusText(status), first)
}

func (d *httpDriver) Close() error {
	d.client.CloseIdleConnections()
	return nil
}
