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
