// Package mcpline is MCP's stdio transport for the official Go SDK: one
// JSON-RPC message per line, each line bounded, each message parsed once.
//
// The SDK's own stdio transport decodes every message three times through
// its JSON package (once as a possible batch, once as a message, once for a
// request's method), and each time that package makes a stream decoder
// with a fresh 32 KiB buffer, which the runtime must allocate as a large
// object and clear: most of what a tools/call costs a process beyond the
// tool itself, on both sides. This transport reads each line into one
// reused buffer and parses it in place with the same JSON package and
// options, allocating only what the message holds. (Once the SDK's JSON
// package parses in place itself, its own transport costs no more than
// this one, measured: docs/mcp.md, Performance; then this package should
// go.)
//
// What it accepts is what MCP's stdio transport says: each message is one
// line of JSON (a JSON object; no embedded newline), ending with a newline
// (a "\r" before it is allowed). Lines of white space only are skipped, as
// the SDK's decoder skips them. It is stricter than the SDK in three
// places, each a failure of the connection with an error that says why:
// a message spread over several lines (pretty-printed JSON) and a message
// the stream ends inside are not messages (the TypeScript and Python SDKs
// split on newlines too, so they would not read them either), and a
// JSON-RPC batch (a line holding an array) is refused, as the SDK refuses
// one from MCP 2025-06-18 on: batching was removed from MCP then.
package mcpline

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"

	"github.com/clockspec/clockspec/protocol"
)

// Transport is an mcp.Transport over a byte stream in each direction.
type Transport struct {
	Reader io.ReadCloser
	// Writer receives each message and its newline in one Write.
	Writer io.WriteCloser
	// MaxMessageBytes bounds one message (its line without the newline):
	// a longer one fails the connection, read no further. 0:
	// protocol.MaxMessageBytes.
	MaxMessageBytes int
	// KeepWriterOpen: Close leaves Writer open (a server's stdout, which
	// the process may still write to).
	KeepWriterOpen bool
}

// Stdio is a Transport over the process's stdin and stdout, for a server;
// stdout stays open when the connection closes.
func Stdio() *Transport {
	return &Transport{Reader: os.Stdin, Writer: os.Stdout, KeepWriterOpen: true}
}

// Connect starts reading: a goroutine reads and decodes the next message
// while the last is being handled, so Close can end a Read blocked on a
// stream (such as stdin) whose own Close does not unblock it.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	max := t.MaxMessageBytes
	if max <= 0 {
		max = protocol.MaxMessageBytes
	}
	c := &conn{t: t, incoming: make(chan readResult), closed: make(chan struct{})}
	r := newReader(t.Reader, max)
	go func() {
		for {
			msg, err := r.next()
			select {
			case c.incoming <- readResult{msg, err}:
			case <-c.closed:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

type conn struct {
	t        *Transport
	incoming chan readResult
	writeMu  sync.Mutex

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

func (c *conn) SessionID() string { return "" }

func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	// A Read on a done context fails even when a message is waiting, as
	// the SDK's transports do.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-c.incoming:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("mcp stdio: encoding a message: %w", err)
	}
	data = append(data, '\n')
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.t.Writer.Write(data)
	return err
}

func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		errR := c.t.Reader.Close()
		var errW error
		if !c.t.KeepWriterOpen {
			errW = c.t.Writer.Close()
		}
		c.closeErr = errors.Join(errR, errW)
		close(c.closed)
	})
	return c.closeErr
}

// ErrTooLarge is (wrapped in) the error of a message over the bound.
var ErrTooLarge = errors.New("message too large")

// reader reads messages line by line, each into the same buffer.
type reader struct {
	br   *bufio.Reader
	max  int
	line []byte
	n    int // lines read, for errors
}

func newReader(r io.Reader, max int) *reader {
	return &reader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next message, skipping lines of white space only.
func (r *reader) next() (jsonrpc.Message, error) {
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		msg, err := Decode(line)
		if err != nil {
			return nil, fmt.Errorf("mcp stdio: line %d: %w", r.n, err)
		}
		return msg, nil
	}
}

// readLine reads one line without its newline (nor a "\r" before it); a
// line of more than max bytes before its newline is an error as soon as
// max+1 bytes of it are read, the rest left unread.
func (r *reader) readLine() ([]byte, error) {
	r.line = r.line[:0]
	r.n++
	for {
		chunk, err := r.br.ReadSlice('\n')
		n := len(r.line) + len(chunk)
		if err == nil {
			n-- // the newline
			if crBefore(r.line, chunk) {
				n--
			}
		}
		if n > r.max {
			return nil, fmt.Errorf("mcp stdio: line %d: %w: longer than %d bytes", r.n, ErrTooLarge, r.max)
		}
		r.line = append(r.line, chunk...)
		switch {
		case err == nil:
			return r.line[:n], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(bytes.TrimSpace(r.line)) > 0:
			return nil, fmt.Errorf("mcp stdio: the stream ended inside a message (line %d, %d bytes without a newline): %w",
				r.n, len(r.line), io.ErrUnexpectedEOF)
		default:
			return nil, err
		}
	}
}

// crBefore: the newline ending chunk follows a "\r", which may be the last
// byte of line when chunk is the newline alone.
func crBefore(line, chunk []byte) bool {
	if len(chunk) >= 2 {
		return chunk[len(chunk)-2] == '\r'
	}
	return len(line) > 0 && line[len(line)-1] == '\r'
}

// Decode reads one JSON-RPC 2.0 message (not a batch) as the SDK's
// jsonrpc.DecodeMessage does, with the JSON package the SDK uses and the
// same options (member names match exactly): a message with a "method"
// member is a request (a notification without an id), any other must have
// an id and is a response. Unlike the SDK's, it parses the bytes it is
// given rather than streaming them through a decoder with a buffer of its
// own, and refuses anything after the message. Each value it keeps is a
// copy, so data may be reused.
func Decode(data []byte) (jsonrpc.Message, error) {
	if err := checkDepth(data, maxDepth); err != nil {
		return nil, err
	}
	if b := bytes.TrimSpace(data); len(b) > 0 && b[0] == '[' {
		return nil, errors.New("a JSON-RPC batch (an array); MCP has had no batches since 2025-06-18")
	}
	var w message
	rest, err := segjson.Parse(data, &w, segjson.DontMatchCaseInsensitiveStructFields)
	if err == nil && len(bytes.TrimSpace(rest)) > 0 {
		err = fmt.Errorf("invalid character %q after the message", rest[0])
	}
	if err != nil {
		return nil, fmt.Errorf("not JSON-RPC: %w", err)
	}
	if w.Version != "2.0" {
		return nil, fmt.Errorf("invalid message version tag %q; expected %q", w.Version, "2.0")
	}
	id, err := jsonrpc.MakeID(w.ID)
	if err != nil {
		return nil, err
	}
	if len(w.Method) > 0 {
		var method string
		if _, err := segjson.Parse(w.Method, &method, segjson.DontMatchCaseInsensitiveStructFields); err != nil {
			return nil, fmt.Errorf("the method: %w", err)
		}
		return &jsonrpc.Request{ID: id, Method: method, Params: w.Params}, nil
	}
	if !id.IsValid() {
		return nil, errors.New("a response without an id (or a request without a method)")
	}
	resp := &jsonrpc.Response{ID: id, Result: w.Result}
	if w.Error != nil {
		resp.Error = w.Error
	}
	return resp, nil
}

// message is a JSON-RPC message as it is written.
type message struct {
	Version string          `json:"jsonrpc"`
	ID      any             `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *jsonrpc.Error  `json:"error"`
}

// maxDepth bounds how deep a message's arrays and objects nest, as the
// SDK bounds what it decodes: parsing recurses once per level.
const maxDepth = 1000

// checkDepth refuses data nesting arrays and objects deeper than max,
// counting brackets outside strings.
func checkDepth(data []byte, max int) error {
	depth, inString, escaped := 0, false, false
	for _, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > max {
				return fmt.Errorf("not JSON-RPC: nested deeper than %d levels", max)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}
