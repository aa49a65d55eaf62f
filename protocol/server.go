package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

// Implementation is what a Go implementation provides to be served.
type Implementation interface {
	Hello() Hello
	Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *Error)
}

// Answer handles one request envelope. It is the whole server-side protocol:
// the JSON-Lines loop and the HTTP handler only move bytes.
func Answer(ctx context.Context, impl Implementation, raw []byte) Response {
	req, ok := readRequest(raw)
	if !ok {
		req = Request{}
		if err := json.Unmarshal(raw, &req); err != nil {
			return Response{Error: Errorf(CodeMalformedRequest, "request is not a JSON object with id, op and input: %v", err)}
		}
	}
	if req.ID == "" || req.Op == "" {
		return Response{ID: req.ID, Error: Errorf(CodeMalformedRequest, "request needs a non-empty id and op")}
	}
	if req.Op == OpHello {
		b, _ := json.Marshal(impl.Hello())
		return Response{ID: req.ID, Output: b}
	}
	input := req.Input
	if len(input) == 0 {
		input = json.RawMessage(`{}`)
	}
	out, perr := impl.Call(ctx, req.Op, input)
	if perr != nil {
		return Response{ID: req.ID, Error: perr}
	}
	return Response{ID: req.ID, Output: out}
}

// ServeLines speaks the subprocess form of the protocol: one request per
// line in, one response per line out, in order, until in ends.
func ServeLines(ctx context.Context, impl Implementation, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := newAnswerWriter(r, out)
	defer w.stop()
	var answer bytes.Buffer // each answer's line, reused
	for {
		line, err := ReadLine(r, MaxMessageBytes)
		if errors.Is(err, io.EOF) {
			return w.Flush()
		}
		var resp Response
		switch {
		case errors.Is(err, ErrLineTooLong):
			resp = Response{Error: Errorf(CodeMalformedRequest, "request line exceeds %d bytes", MaxMessageBytes)}
		case err != nil:
			return err
		case IsBlankLine(line):
			continue
		default:
			resp = Answer(ctx, impl, line)
		}
		if writeResponse(&answer, resp) {
			if _, err := w.Write(answer.Bytes()); err != nil {
				return err
			}
		} else if err := encode(w, resp); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// IsBlankLine reports a line of JSON white space only (spaces, tabs, a
// carriage return) or none: both sides of the subprocess form skip it, so a
// stray "  " or "\r" line is never a protocol error on either side.
func IsBlankLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// ErrLineTooLong is returned by ReadLine for a line over its limit.
var ErrLineTooLong = errors.New("line too long")

// ReadLine reads one line of at most max bytes, without its newline. A
// longer line is consumed to its end (so the stream stays in step) and
// reported as ErrLineTooLong without being buffered whole.
func ReadLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > max+1 {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			return nil, ErrLineTooLong
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return buf[:len(buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			return buf, nil
		default:
			return nil, err
		}
	}
}

// Limits bound what a server holds at once, so that its memory does not
// grow with what clients send: each operation bounds its own work by its
// input (the input schemas state the limits), and these bound how many such
// inputs are in memory and in work together.
type Limits struct {
	// MaxCalls is the number of calls into the implementation at once;
	// more wait their turn (in arrival order, as far as Go's scheduler
	// keeps it). GET /hello never waits.
	MaxCalls int
	// MaxBodies is the number of request bodies (up to MaxMessageBytes
	// each) being read or held at once, calls included.
	MaxBodies int
}

// DefaultLimits: 4 calls and 16 bodies at once. With every operation's
// worst case that keeps `conform serve` under 256 MiB of resident memory
// (the serve load test measures it).
var DefaultLimits = Limits{MaxCalls: 4, MaxBodies: 16}

// Handler speaks the HTTP form with DefaultLimits (see HandlerWithLimits).
func Handler(impl Implementation) http.Handler { return HandlerWithLimits(impl, DefaultLimits) }

// HandlerWithLimits speaks the HTTP form: GET /hello answers the Hello;
// POST /call takes one Request body and answers one Response. Bodies over
// MaxMessageBytes, other methods and paths get a structured error. A call
// waits for a free body slot before its body is read and for a free call
// slot before the implementation sees it; a client that goes away while
// waiting gives its place up.
func HandlerWithLimits(impl Implementation, lim Limits) http.Handler {
	if lim.MaxCalls < 1 {
		lim.MaxCalls = 1
	}
	if lim.MaxBodies < lim.MaxCalls {
		lim.MaxBodies = lim.MaxCalls
	}
	bodies, calls := make(chan struct{}, lim.MaxBodies), make(chan struct{}, lim.MaxCalls)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/hello" && r.Method == http.MethodGet:
			writeJSON(w, http.StatusOK, impl.Hello())
		case r.URL.Path == "/call" && r.Method == http.MethodPost:
			// A body of up to smallBody bytes is read before it takes a
			// slot, under the request's own read deadline (the server's
			// ReadTimeout, from the request's start): a client trickling
			// its body holds no slot, so slow clients cannot keep the
			// others waiting. A larger body takes its slot after smallBody
			// bytes, and the slots bound what is held in memory.
			rc := http.NewResponseController(w)
			in := http.MaxBytesReader(w, r.Body, MaxMessageBytes)
			body, err := io.ReadAll(io.LimitReader(in, smallBody+1))
			if err != nil {
				writeJSON(w, http.StatusRequestEntityTooLarge, Response{Error: Errorf(CodeMalformedRequest, "request body: %v", err)})
				return
			}
			if !acquire(r.Context(), bodies) {
				return // the client is gone: there is no one to answer
			}
			defer func() { <-bodies }()
			if len(body) > smallBody {
				// The wait is not the client's to pay for: the rest of
				// the body gets the server's whole read timeout from now
				// (where the server has one; a writer that cannot set
				// deadlines keeps its own).
				_ = rc.SetReadDeadline(time.Now().Add(bodyReadTimeout))
				rest, err := io.ReadAll(in)
				if err != nil {
					writeJSON(w, http.StatusRequestEntityTooLarge, Response{Error: Errorf(CodeMalformedRequest, "request body: %v", err)})
					return
				}
				body = append(body, rest...)
			}
			resp, ok := answerInTurn(r.Context(), calls, impl, body)
			if !ok {
				return
			}
			_ = rc.SetWriteDeadline(time.Now().Add(bodyReadTimeout))
			status := http.StatusOK
			if resp.Error != nil && resp.Error.Code == CodeMalformedRequest {
				status = http.StatusBadRequest
			}
			writeJSON(w, status, resp)
		default:
			writeJSON(w, http.StatusNotFound, Response{Error: Errorf(CodeMalformedRequest,
				"%s %s is not part of the protocol: use GET /hello and POST /call", r.Method, r.URL.Path)})
		}
	})
}

// bodyReadTimeout is the time a request body has to arrive once its turn
// has come, and an answer to be written once it is ready.
const bodyReadTimeout = 10 * time.Second

// smallBody is the size of request body read before it takes a slot:
// almost every call's input fits.
const smallBody = 16 << 10

// answerInTurn answers raw once a slot of calls is free (and frees it
// whatever happens in the call); false if ctx ended first.
func answerInTurn(ctx context.Context, calls chan struct{}, impl Implementation, raw []byte) (Response, bool) {
	if !acquire(ctx, calls) {
		return Response{}, false
	}
	defer func() { <-calls }()
	return Answer(ctx, impl, raw), true
}

// acquire takes a slot of sem, or gives up when ctx ends first.
func acquire(ctx context.Context, sem chan struct{}) bool {
	select {
	case sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = encode(w, v) // the client went away; nothing to tell it
}

// writeResponse writes resp into buf (emptied first) as one line, byte for
// byte what encode writes for it (json.Encoder without HTML escaping: the
// output compacted, strings escaped alike), without reflection. It is false
// when the output is not JSON, which encode refuses with its own error.
func writeResponse(buf *bytes.Buffer, resp Response) bool {
	buf.Reset()
	buf.Write(appendStringNoHTML(append(buf.AvailableBuffer(), `{"id":`...), resp.ID))
	if len(resp.Output) > 0 {
		buf.WriteString(`,"output":`)
		if json.Compact(buf, resp.Output) != nil {
			return false
		}
	}
	if resp.Error != nil {
		b := append(buf.AvailableBuffer(), `,"error":{"code":`...)
		b = appendStringNoHTML(b, resp.Error.Code)
		b = append(b, `,"message":`...)
		b = appendStringNoHTML(b, resp.Error.Message)
		buf.Write(append(b, '}'))
	}
	buf.WriteString("}\n")
	return true
}

// encode writes one JSON value and a newline, without HTML escaping: the
// answers carry XML that should read as written.
func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
