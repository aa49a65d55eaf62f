package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// Implementation is what a Go implementation provides to be served.
type Implementation interface {
	Hello() Hello
	Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *Error)
}

// Answer handles one request envelope. It is the whole server-side protocol:
// the JSON-Lines loop and the HTTP handler only move bytes.
func Answer(ctx context.Context, impl Implementation, raw []byte) Response {
	var req Request
	if err := json.Unmarshal(raw, &req); err != nil {
		return Response{Error: Errorf(CodeMalformedRequest, "request is not a JSON object with id, op and input: %v", err)}
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
		case len(bytes.TrimSpace(line)) == 0:
			continue
		default:
			resp = Answer(ctx, impl, line)
		}
		if err := encode(w, resp); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
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

// Handler speaks the HTTP form: GET /hello answers the Hello; POST /call
// takes one Request body and answers one Response. Bodies over
// MaxMessageBytes, other methods and paths get a structured error.
func Handler(impl Implementation) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/hello" && r.Method == http.MethodGet:
			writeJSON(w, http.StatusOK, impl.Hello())
		case r.URL.Path == "/call" && r.Method == http.MethodPost:
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxMessageBytes))
			if err != nil {
				writeJSON(w, http.StatusRequestEntityTooLarge, Response{Error: Errorf(CodeMalformedRequest, "request body: %v", err)})
				return
			}
			resp := Answer(r.Context(), impl, body)
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

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = encode(w, v) // the client went away; nothing to tell it
}

// encode writes one JSON value and a newline, without HTML escaping: the
// answers carry XML that should read as written.
func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
