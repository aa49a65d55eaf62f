package mcpline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/protocol/mcpline"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
)

// Lines the SDK's jsonrpc.DecodeMessage reads: Decode must read each the
// same way, and refuse what it refuses.
var sdkLines = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"datetime_math","arguments":{"operation":"diff"}}}`,
	`{"jsonrpc":"2.0","id":"a-7","method":"tools/list"}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized","params":null}`,
	`{"jsonrpc":"2.0","id":null,"method":"x"}`,
	`{"jsonrpc":"2.0","id":2.0,"result":{}}`,
	`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\"a\": 1}"}],"isError":false}}`,
	`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"bad","data":{"why":[1,2]}}}`,
	`{"jsonrpc":"2.0","id":5,"error":null,"result":{"x":"\u00e9\ud83d\ude00"}}`,
	`{"method":"m","jsonrpc":"2.0","id":6,"params":[1, 2 ,3]}`,
	` {"jsonrpc" : "2.0" , "id" : 7 , "result" : { "spaced" : true } } `,
	`{"jsonrpc":"2.0","id":8,"method":"","params":{}}`,
	// Refused by both.
	`{"jsonrpc":"1.0","id":1,"method":"x"}`,
	`{"id":1,"method":"x"}`,
	`{"jsonrpc":"2.0","id":true,"method":"x"}`,
	`{"jsonrpc":"2.0","id":{},"result":{}}`,
	`{"jsonrpc":"2.0","id":1,"method":5}`,
	`{"jsonrpc":"2.0","result":{}}`,
	`{"jsonrpc":"2.0","id":1,"error":"boom"}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}`,
	`{"JSONRPC":"2.0","id":1,"method":"x"}`,
	`{"jsonrpc":2,"id":1,"method":"x"}`,
	`{"jsonrpc":"2.0","id":1,"result":{}`,
	`{bad}`,
	`null`,
	`"a string"`,
	`42`,
}

// Decode reads what the SDK reads, as the SDK reads it (a right decoder
// that is not the SDK's), and refuses what it refuses.
func TestDecodeAgreesWithTheSDK(t *testing.T) {
	for _, line := range sdkLines {
		checkAgainstSDK(t, []byte(line))
	}
}

func checkAgainstSDK(t *testing.T, line []byte) {
	t.Helper()
	want, wantErr := jsonrpc.DecodeMessage(line)
	got, err := mcpline.Decode(line)
	if (wantErr != nil) != (err != nil) {
		t.Fatalf("%s: the SDK says %v (%v), Decode says %v (%v)", line, want, wantErr, got, err)
	}
	if wantErr != nil {
		return
	}
	if !reflect.DeepEqual(normal(got), normal(want)) {
		t.Errorf("%s:\n got %#v\nwant %#v", line, normal(got), normal(want))
	}
}

// normal is a message with its raw JSON values compacted (the SDK's
// decoder and the standard library's may keep different white space
// inside a raw value: neither changes its meaning) and a null value kept
// as null.
func normal(m jsonrpc.Message) jsonrpc.Message {
	compact := func(raw json.RawMessage) json.RawMessage {
		if raw == nil {
			return nil
		}
		var b bytes.Buffer
		if json.Compact(&b, raw) != nil {
			return raw
		}
		return b.Bytes()
	}
	switch m := m.(type) {
	case *jsonrpc.Request:
		c := *m
		c.Params = compact(m.Params)
		return &c
	case *jsonrpc.Response:
		c := *m
		c.Result = compact(m.Result)
		if e, ok := m.Error.(*jsonrpc.Error); ok && e != nil {
			ce := *e
			ce.Data = compact(e.Data)
			c.Error = &ce
		}
		return &c
	}
	return m
}

// The fuzzer looks for an object line the two decoders read differently.
func FuzzDecodeAgreesWithTheSDK(f *testing.F) {
	for _, line := range sdkLines {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		// What the SDK's stdio transport would hand DecodeMessage: one JSON
		// object on one line (it refuses trailing data itself, and reads an
		// array as a batch).
		trimmed := bytes.TrimSpace(line)
		if !json.Valid(line) || trimmed[0] != '{' || bytes.ContainsAny(line, "\n") {
			return
		}
		checkAgainstSDK(t, line)
	})
}

// connect reads messages from stream through the transport.
func connect(t *testing.T, stream io.Reader, max int) mcp.Connection {
	t.Helper()
	tr := &mcpline.Transport{Reader: io.NopCloser(stream), Writer: nopWriteCloser{io.Discard}, MaxMessageBytes: max}
	c, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func readAll(t *testing.T, c mcp.Connection) ([]jsonrpc.Message, error) {
	t.Helper()
	var msgs []jsonrpc.Message
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		m, err := c.Read(ctx)
		cancel()
		if err != nil {
			return msgs, err
		}
		msgs = append(msgs, m)
	}
}

func ids(msgs []jsonrpc.Message) []any {
	var out []any
	for _, m := range msgs {
		switch m := m.(type) {
		case *jsonrpc.Request:
			out = append(out, m.ID.Raw())
		case *jsonrpc.Response:
			out = append(out, m.ID.Raw())
		}
	}
	return out
}

// Messages arriving a byte at a time, or split anywhere, are read whole
// and in order; blank lines and a "\r" before the newline are allowed.
func TestFramingAcrossPartialReads(t *testing.T) {
	stream := `{"jsonrpc":"2.0","id":1,"result":{"a":"x\ny"}}` + "\n" +
		"\n   \r\n" +
		`{"jsonrpc":"2.0","id":2,"method":"m","params":{"b":[1,2]}}` + "\r\n" +
		`{"jsonrpc":"2.0","id":"three","result":{}}` + "\n"
	for name, r := range map[string]io.Reader{
		"one byte":    iotest.OneByteReader(strings.NewReader(stream)),
		"half":        iotest.HalfReader(strings.NewReader(stream)),
		"data+EOF":    iotest.DataErrReader(strings.NewReader(stream)),
		"all at once": strings.NewReader(stream),
	} {
		msgs, err := readAll(t, connect(t, r, 0))
		if !errors.Is(err, io.EOF) {
			t.Errorf("%s: ended with %v, want io.EOF", name, err)
		}
		if got, want := fmt.Sprint(ids(msgs)), "[1 2 three]"; got != want {
			t.Errorf("%s: read ids %s, want %s", name, got, want)
		}
		if len(msgs) == 3 {
			if p := string(msgs[1].(*jsonrpc.Request).Params); p != `{"b":[1,2]}` {
				t.Errorf("%s: params %s", name, p)
			}
		}
	}
}

// A message larger than the reader's buffer (64 KiB) and exactly at the
// bound arrives intact; one byte more fails the connection, and the rest of
// that line is not read.
func TestMessageLargerThanTheBuffer(t *testing.T) {
	msgOf := func(size int) string {
		head, tail := `{"jsonrpc":"2.0","id":1,"result":{"s":"`, `"}}`
		return head + strings.Repeat("x", size-len(head)-len(tail)) + tail
	}
	const max = 300 << 10
	big := msgOf(max)
	msgs, err := readAll(t, connect(t, strings.NewReader(big+"\n"), max))
	if !errors.Is(err, io.EOF) || len(msgs) != 1 || len(msgs[0].(*jsonrpc.Response).Result) != max-len(`{"jsonrpc":"2.0","id":1,"result":`)-1 {
		t.Fatalf("a %d-byte message: %d messages, %v", max, len(msgs), err)
	}
	// With a "\r" before the newline, the same message is still at the bound.
	if msgs, err := readAll(t, connect(t, strings.NewReader(big+"\r\n"), max)); !errors.Is(err, io.EOF) || len(msgs) != 1 {
		t.Fatalf("the same with \\r\\n: %d messages, %v", len(msgs), err)
	}
	// The line goes on for 8 MiB: a reader that waited for its end would
	// read all of it (and fail on the stream's end instead).
	over := &countingReader{r: io.MultiReader(strings.NewReader(msgOf(max+1)), io.LimitReader(endless('x'), 8<<20))}
	msgs, err = readAll(t, connect(t, over, max))
	if len(msgs) != 0 || !errors.Is(err, mcpline.ErrTooLarge) || !strings.Contains(err.Error(), "longer than 307200 bytes") {
		t.Fatalf("a message of max+1 bytes: %d messages, %v", len(msgs), err)
	}
	if n := over.read(); n > max+128<<10 {
		t.Errorf("read %d bytes of an endless line before refusing it; the bound is %d", n, max)
	}
}

// A line that is not a JSON-RPC message fails the connection with an error
// naming its line and what is wrong; so do a pretty-printed message (MCP's
// messages have no embedded newline) and a batch.
func TestMalformedLinesFailClearly(t *testing.T) {
	ok := `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n"
	for _, tc := range []struct{ line, want string }{
		{"{bad}", "line 2: not JSON-RPC: json: expected '\"' at the beginning of a string value: bad}"},
		{"{\n  \"jsonrpc\": \"2.0\", \"id\": 2, \"result\": {}\n}", "line 2: not JSON-RPC: json: unexpected end of JSON input: {"},
		{`[{"jsonrpc":"2.0","id":2,"result":{}}]`, "line 2: a JSON-RPC batch"},
		{`{"jsonrpc":"2.0","id":2}{"jsonrpc":"2.0","id":3}`, "line 2: not JSON-RPC: invalid character '{' after the message"},
		{`{"jsonrpc":"2.0","result":{}}`, "line 2: a response without an id"},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}`, `WireError.error.code of type int64`},
		{strings.Repeat("[", 1001) + strings.Repeat("]", 1001), "line 2: not JSON-RPC: nested deeper than 1000 levels"},
		{`{"jsonrpc":"2.0","id":2,"result":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`, "line 2: not JSON-RPC: nested deeper than 1000 levels"},
	} {
		msgs, err := readAll(t, connect(t, strings.NewReader(ok+tc.line+"\n"+ok), 0))
		if len(msgs) != 1 || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %d messages, then %v; want 1, then an error saying %q", tc.line, len(msgs), err, tc.want)
		}
	}
}

// A stream that ends inside a message is not a message: the error says so
// and is io.ErrUnexpectedEOF (a server that died mid-answer); one that ends
// after white space ends cleanly.
func TestEOFMidMessage(t *testing.T) {
	ok := `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n"
	msgs, err := readAll(t, connect(t, strings.NewReader(ok+`{"jsonrpc":"2.0","id":2,"res`), 0))
	if len(msgs) != 1 || !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "the stream ended inside a message") {
		t.Errorf("%d messages, then %v", len(msgs), err)
	}
	// Even a whole JSON value without its newline: MCP ends every message
	// with one, and a writer that died before writing it may have died
	// before writing more.
	_, err = readAll(t, connect(t, strings.NewReader(strings.TrimSuffix(ok, "\n")), 0))
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a message without its newline at the end: %v", err)
	}
	msgs, err = readAll(t, connect(t, strings.NewReader(ok+"  \n "), 0))
	if len(msgs) != 1 || !errors.Is(err, io.EOF) {
		t.Errorf("trailing white space: %d messages, then %v", len(msgs), err)
	}
}

// Close ends a Read waiting on a stream that never answers, even one whose
// own Close does not unblock it (as a blocking stdin's does not).
func TestCloseUnblocksRead(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	tr := &mcpline.Transport{Reader: io.NopCloser(blockingReader(block)), Writer: nopWriteCloser{io.Discard}}
	c, _ := tr.Connect(context.Background())
	done := make(chan error)
	go func() { _, err := c.Read(context.Background()); done <- err }()
	time.Sleep(20 * time.Millisecond)
	c.Close()
	select {
	case err := <-done:
		if !errors.Is(err, io.EOF) {
			t.Errorf("Read after Close: %v, want io.EOF", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end the Read")
	}
}

// Each message goes out as one line, whole, however many goroutines write
// at once; Close closes the writer unless told to keep it open.
func TestWritesAreWholeLines(t *testing.T) {
	var buf lockedBuffer
	w := &closeRecorder{Writer: &buf}
	tr := &mcpline.Transport{Reader: io.NopCloser(strings.NewReader("")), Writer: w}
	c, _ := tr.Connect(context.Background())
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, _ := jsonrpc.MakeID(float64(i))
			if err := c.Write(context.Background(), &jsonrpc.Response{ID: id, Result: json.RawMessage(`{"s":"` + strings.Repeat("y", 5000) + `"}`)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	c.Close()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 50 {
		t.Fatalf("%d lines, want 50", len(lines))
	}
	for _, l := range lines {
		if _, err := jsonrpc.DecodeMessage([]byte(l)); err != nil {
			t.Errorf("a line is not a message: %v", err)
		}
	}
	if !w.closed {
		t.Error("Close left the writer open")
	}
	w2 := &closeRecorder{Writer: io.Discard}
	c2, _ := (&mcpline.Transport{Reader: io.NopCloser(strings.NewReader("")), Writer: w2, KeepWriterOpen: true}).Connect(context.Background())
	c2.Close()
	if w2.closed {
		t.Error("KeepWriterOpen: Close closed the writer")
	}
}

// The SDK's client and server on this transport, and each with the SDK's
// own stdio transport on the other side: the reference's tool answers.
func TestSDKPeersInteroperate(t *testing.T) {
	tools, err := mcpserve.Tools()
	if err != nil {
		t.Fatal(err)
	}
	ours := func(r io.ReadCloser, w io.WriteCloser) mcp.Transport {
		return &mcpline.Transport{Reader: r, Writer: w}
	}
	sdks := func(r io.ReadCloser, w io.WriteCloser) mcp.Transport {
		return &mcp.IOTransport{Reader: r, Writer: w}
	}
	for _, tc := range []struct {
		name           string
		client, server func(io.ReadCloser, io.WriteCloser) mcp.Transport
	}{{"both", ours, ours}, {"client", ours, sdks}, {"server", sdks, ours}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			c2sR, c2sW := io.Pipe()
			s2cR, s2cW := io.Pipe()
			ss, err := mcpserve.NewServer(reference.New(), tools).Connect(ctx, tc.server(c2sR, s2cW), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ss.Close()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "0"}, nil).Connect(ctx, tc.client(s2cR, c2sW), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "datetime_math",
				Arguments: json.RawMessage(`{"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-22T15:30:00+03:00"}`)})
			if err != nil {
				t.Fatal(err)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if res.IsError || !strings.Contains(text, `"duration_minutes":3210`) {
				t.Errorf("answer %s (isError %v)", text, res.IsError)
			}
		})
	}
}

type countingReader struct {
	mu sync.Mutex
	r  io.Reader
	n  int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.mu.Lock()
	c.n += n
	c.mu.Unlock()
	return n, err
}

func (c *countingReader) read() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

type blockingReader chan struct{}

func (b blockingReader) Read([]byte) (int, error) {
	<-b
	return 0, io.EOF
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	total := len(p)
	// One Write at a time, in pieces: a writer that interleaved messages
	// would show here.
	for len(p) > 0 {
		n := min(len(p), 1000)
		l.b.Write(p[:n])
		p = p[n:]
	}
	return total, nil
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type closeRecorder struct {
	io.Writer
	closed bool
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

// Decode against the SDK's jsonrpc.DecodeMessage (what its stdio transport
// calls, after trying the line as a batch) on a tools/call answer of the
// reference, interleaved: ratio = the SDK's time over Decode's.
func BenchmarkDecode(b *testing.B) {
	line := []byte(`{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"{\"operation\":\"diff\",\"left\":\"2026-04-20T10:00:00+03:00\",\"right\":\"2026-04-22T15:30:00+03:00\",\"duration_seconds\":192600,\"duration_minutes\":3210,\"duration_hours\":53.5,\"duration_days\":2.2291666667,\"sign\":1}"}],"structuredContent":{"operation":"diff","left":"2026-04-20T10:00:00+03:00","right":"2026-04-22T15:30:00+03:00","duration_seconds":192600,"duration_minutes":3210,"duration_hours":53.5,"duration_days":2.2291666667,"sign":1}}}`)
	var ours, sdk time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := mcpline.Decode(line); err != nil {
			b.Fatal(err)
		}
		mid := time.Now()
		if _, err := jsonrpc.DecodeMessage(line); err != nil {
			b.Fatal(err)
		}
		ours, sdk = ours+mid.Sub(start), sdk+time.Since(mid)
	}
	b.ReportMetric(float64(ours.Nanoseconds())/float64(b.N), "decode-ns/op")
	b.ReportMetric(float64(sdk.Nanoseconds())/float64(b.N), "sdk-ns/op")
	b.ReportMetric(sdk.Seconds()/ours.Seconds(), "ratio")
}
