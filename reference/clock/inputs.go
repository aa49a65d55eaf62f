package clock

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

// Error codes of the clock-core operations, besides invalid_input.
const (
	CodeInvalidPolicy      = "invalid_policy"
	CodeInvalidInstant     = "invalid_instant"
	CodeInvalidTimezone    = "invalid_timezone"
	CodeUnrepresentable    = "unrepresentable_offset"
	CodeOutOfRange         = "out_of_range"
	CodeInvalidState       = "invalid_state"
	CodeUnsupportedVersion = "unsupported_state_version"
	CodeInvalidThreadKey   = "invalid_thread_key"
	CodeInvalidLink        = "invalid_link"
	CodeLinkNotApproved    = "link_not_approved"
	CodeAlreadyLinked      = "already_linked"
	CodeInvalidPatch       = "invalid_patch"
	CodeInvalidPath        = "invalid_path"
	CodeUnknownAction      = "unknown_action"
)

// An input reaches a handler only once its operation's input schema has
// accepted it (reference.Call checks it first) and the generated decoder
// has put it in its type (input_gen.go). What is left here is what a
// schema cannot say: that an instant names a time that exists, a zone is
// an IANA id, a policy reads as a §0 policy, a state has version 3.
//
// Precedence, as the error_docs of operations.yaml state it: invalid_input
// "outranks every other code" — the schema decides it before any handler
// runs; after it "the first bad value is reported", in the order each
// operation's error_docs give. Each handler reads its values in that order
// and hands the errors to firstError in the same order.
func firstError(errs ...*protocol.Error) *protocol.Error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// value is an optional input's value: its zero ("", nil) when absent or null.
func value[T any](n jsonin.Nullable[T]) (v T) {
	if n.Value != nil {
		v = *n.Value
	}
	return v
}

// instantArg reads an RFC 3339 instant; anything else is invalid_instant.
func instantArg(name, s string) (time.Time, *protocol.Error) {
	t, err := ParseInstant(s)
	if err != nil {
		return time.Time{}, protocol.Errorf(CodeInvalidInstant, "%s: %v", name, err)
	}
	return t, nil
}

// optionalInstantArg reads an instant that may be absent or null (ok false).
func optionalInstantArg(name string, n jsonin.Nullable[string]) (t time.Time, ok bool, perr *protocol.Error) {
	if n.Value == nil {
		return time.Time{}, false, nil
	}
	t, perr = instantArg(name, *n.Value)
	return t, perr == nil, perr
}

// zoneArg reads an IANA zone id; anything else is invalid_timezone.
func zoneArg(name, s string) (*Zone, *protocol.Error) {
	z, err := CanonicalZone(s)
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidTimezone, "%s: %v", name, err)
	}
	return &z, nil
}

// policyArg reads the optional policy object (the JSON form of the §0
// block; absent or null is the default block) as load_policy reads a
// document; a problem is invalid_policy.
func policyArg(raw json.RawMessage) (Policy, *protocol.Error) {
	p, err := PolicyFromJSON(raw)
	if err != nil {
		return Policy{}, protocol.Errorf(CodeInvalidPolicy, "policy: %v", err)
	}
	return p, nil
}

// stateArg reads an operation's state (error_docs): "a whole number other
// than 3" is unsupported_state_version, an instant that "names a time that
// does not exist" invalid_state.
func stateArg(a *ClockStateArgs) (*State, *protocol.Error) {
	st, err := StateFromArgs(a)
	switch {
	case errors.Is(err, ErrStateVersion):
		return nil, protocol.Errorf(CodeUnsupportedVersion, "state: %v", err)
	case errors.Is(err, ErrStateValue):
		return nil, protocol.Errorf(CodeInvalidState, "state: %v", err)
	case err != nil:
		return nil, schemaGap(err)
	}
	return st, nil
}

// fileError is the code of a state file's refusal (read_state_file, the
// store): another version is unsupported_state_version, anything else the
// reader refuses is invalid_state.
func fileError(err error) *protocol.Error {
	if errors.Is(err, ErrStateVersion) {
		return protocol.Errorf(CodeUnsupportedVersion, "%v", err)
	}
	return protocol.Errorf(CodeInvalidState, "%v", err)
}

// schemaGap answers a domain refusal of a value the input schema accepts:
// a bug of the reference (the schema must say it), never the caller's
// fault.
func schemaGap(err error) *protocol.Error {
	return protocol.Errorf(protocol.CodeInternal, "the input schema accepts what the operation refuses: %v", err)
}
