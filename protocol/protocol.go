// Package protocol holds the types every implementation and the runner
// exchange: the hello an implementation introduces itself with, a call's
// result, and the structured error. They are the in-memory form of the wire
// protocol, so the in-process, HTTP and subprocess drivers speak the same.
package protocol

import (
	"encoding/json"
	"fmt"
)

// Version of the protocol described by these types.
const Version = "1"

// Hello is an implementation's introduction: who it is, which tzdata it
// computes with, and which operations it implements (that decides which
// profiles it can claim).
type Hello struct {
	Implementation string   `json:"implementation"`
	Version        string   `json:"version"`
	Language       string   `json:"language"`
	Protocol       string   `json:"protocol"`
	Tzdata         string   `json:"tzdata"`
	Operations     []string `json:"operations"`
}

// Error is an operation's structured failure. Code is machine-readable and
// listed in the operation's catalog entry; Message is for people.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf builds an Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// OperationFunc answers one operation in process: the call's JSON input in, a
// JSON-encodable output or a structured error out. Every profile package of
// the reference maps its operation names to values of this one type, so the
// reference serves them all through one adapter.
type OperationFunc func(input json.RawMessage) (any, *Error)

// Codes shared by every operation. Protocol faults (the implementation did
// not answer properly) are distinct from domain errors (it answered that the
// input is wrong), so that a report never counts a crash as a correct refusal.
const (
	// CodeInvalidInput: the input is not of the operation's input shape.
	CodeInvalidInput = "invalid_input"
	// CodeUnknownOperation: the implementation does not implement the operation.
	CodeUnknownOperation = "unknown_operation"
	// CodeInternal: the implementation failed unexpectedly (a recovered panic, say).
	CodeInternal = "internal_error"
)

// Result is the answer to one call: exactly one of Output and Error is set.
type Result struct {
	Output json.RawMessage `json:"output,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

// OpHello is the operation name of the introduction exchange that opens
// every session; its input is {"protocol": Version} and its output a Hello.
const OpHello = "hello"

// MaxMessageBytes caps one request or response (one JSON line, one HTTP
// body). A larger message is a protocol fault, not something to buffer.
const MaxMessageBytes = 1 << 20

// CodeMalformedRequest: the request envelope itself is not a protocol
// request (not JSON, no id, no op). Reserved, like CodeUnknownOperation and
// CodeInternal: no operation may use these codes for a domain error.
const CodeMalformedRequest = "malformed_request"

// Reserved lists the protocol-level error codes.
var Reserved = []string{CodeInvalidInput, CodeUnknownOperation, CodeInternal, CodeMalformedRequest}

// Request is one call on the wire: a JSON line on a subprocess's stdin, or
// the body of POST /call.
type Request struct {
	ID    string          `json:"id"`
	Op    string          `json:"op"`
	Input json.RawMessage `json:"input,omitempty"`
}

// Response answers the Request with the same ID: exactly one of Output and
// Error.
type Response struct {
	ID     string          `json:"id"`
	Output json.RawMessage `json:"output,omitempty"`
	Error  *Error          `json:"error,omitempty"`
}

// RequestLine is a Request as one line of the JSON-Lines form (without its
// newline). The input is embedded as the caller wrote it, byte for byte,
// except that each carriage return and line feed becomes a space: JSON allows
// them only as white space between tokens (inside a string they must be
// escaped), so the value, its key order, escapes, duplicate keys and other
// white space are unchanged, and the request stays one line.
func RequestLine(id, op string, input json.RawMessage) []byte {
	b := RequestBody(id, op, input)
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return b
}

// RequestBody is a Request as the body of POST /call: the input embedded
// exactly as the caller wrote it (never decoded and encoded again). An
// empty input is sent as {}.
func RequestBody(id, op string, input json.RawMessage) []byte {
	if len(input) == 0 {
		input = json.RawMessage(`{}`)
	}
	b := make([]byte, 0, len(input)+len(id)+len(op)+32)
	b = append(b, `{"id":`...)
	b = appendString(b, id)
	b = append(b, `,"op":`...)
	b = appendString(b, op)
	b = append(b, `,"input":`...)
	b = append(b, input...)
	return append(b, '}')
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always encodes
	return append(b, q...)
}
