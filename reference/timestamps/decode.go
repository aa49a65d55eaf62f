package timestamps

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/clockspec/clockspec/internal/jsonin"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// CodeInvalidTime answers an instant of the right shape that names a day the
// calendar does not have (2026-02-30T…): the input's form is right, its
// value is not, so it is not invalid_input (which the input schema decides).
const CodeInvalidTime = "invalid_time"

// fields is one JSON object split into its members. encoding/json's struct
// decoding is not used: it matches member names case-insensitively, so
// {"Message_At": …} would be read as message_at although the input schema
// does not know that member. A map keeps names exact. Members the profile
// does not read are allowed, as the input schemas allow them.
type fields map[string]json.RawMessage

func invalid(format string, args ...any) *protocol.Error {
	return protocol.Errorf(protocol.CodeInvalidInput, format, args...)
}

func isNull(raw json.RawMessage) bool { return bytes.Equal(jsonin.TrimSpace(raw), []byte("null")) }

// object reads raw as one JSON object; what names it in errors.
func object(raw json.RawMessage, what string) (fields, *protocol.Error) {
	t := jsonin.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return nil, invalid("%s must be a JSON object", what)
	}
	var f fields
	if err := json.Unmarshal(t, &f); err != nil {
		return nil, invalid("%s is not valid JSON: %v", what, err)
	}
	return f, nil
}

// optString reads a member that may be missing or null (both give nil).
func (f fields) optString(name, what string) (*string, *protocol.Error) {
	raw, ok := f[name]
	if !ok || isNull(raw) {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, invalid("%s%s must be a string or null", what, name)
	}
	return &s, nil
}

// reqString reads a member that must be a string of at least minLen bytes.
func (f fields) reqString(name, what string, minLen int) (string, *protocol.Error) {
	raw, ok := f[name]
	if !ok || isNull(raw) {
		return "", invalid("%s%s is required", what, name)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", invalid("%s%s must be a string", what, name)
	}
	if len(s) < minLen {
		return "", invalid("%s%s must not be empty", what, name)
	}
	return s, nil
}

// decoder reads one request. A wrong shape anywhere is answered at once
// with invalid_input; a day the calendar does not have is only remembered
// (the first one) and answered when the whole request has the right shape,
// so that invalid_input means exactly "the input schema refuses this".
type decoder struct {
	timeErr *protocol.Error
}

// done is the decoder's verdict once every field has been read.
func (d *decoder) done() *protocol.Error { return d.timeErr }

// instant turns a string into an instant: the wrong shape is invalid_input,
// a day that does not exist is remembered as invalid_time.
func (d *decoder) instant(s, field string) (time.Time, *protocol.Error) {
	if !InstantShapeOK(s) {
		return time.Time{}, invalid("%s %q is not an RFC 3339 date-time (YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM))", field, s)
	}
	t, ok := ParseInstant(s)
	if !ok && d.timeErr == nil {
		d.timeErr = protocol.Errorf(CodeInvalidTime, "%s %q names a day the calendar does not have", field, s)
	}
	return t, nil
}

func (d *decoder) reqInstant(f fields, name, what string) (time.Time, *protocol.Error) {
	s, err := f.reqString(name, what, 0)
	if err != nil {
		return time.Time{}, err
	}
	return d.instant(s, what+name)
}

func (d *decoder) optInstant(f fields, name, what string) (*time.Time, *protocol.Error) {
	s, err := f.optString(name, what)
	if err != nil || s == nil {
		return nil, err
	}
	t, err := d.instant(*s, what+name)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// messages reads the required messages array.
func (d *decoder) messages(f fields) ([]Message, *protocol.Error) {
	raw, ok := f["messages"]
	if !ok || isNull(raw) {
		return nil, invalid("messages is required")
	}
	t := jsonin.TrimSpace(raw)
	if len(t) == 0 || t[0] != '[' {
		return nil, invalid("messages must be an array")
	}
	var items []json.RawMessage
	if err := json.Unmarshal(t, &items); err != nil {
		return nil, invalid("messages: %v", err)
	}
	out := make([]Message, len(items))
	for i, item := range items {
		m, err := d.message(item, fmt.Sprintf("messages[%d].", i))
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

func (d *decoder) message(raw json.RawMessage, what string) (Message, *protocol.Error) {
	var m Message
	f, err := object(raw, what[:len(what)-1])
	if err != nil {
		return m, err
	}
	if m.At, err = d.reqInstant(f, "at", what); err != nil {
		return m, err
	}
	if m.Content, err = f.optString("content", what); err != nil {
		return m, err
	}
	if raw, ok := f["agent"]; ok && !isNull(raw) {
		a, err := object(raw, what+"agent")
		if err != nil {
			return m, err
		}
		var agent Agent
		if agent.ID, err = a.reqString("id", what+"agent.", 1); err != nil {
			return m, err
		}
		if agent.Name, err = a.reqString("name", what+"agent.", 0); err != nil {
			return m, err
		}
		m.Agent = &agent
	}
	if raw, ok := f["user"]; ok && !isNull(raw) {
		u, err := object(raw, what+"user")
		if err != nil {
			return m, err
		}
		var user User
		if user.Timezone, err = u.optString("timezone", what+"user."); err != nil {
			return m, err
		}
		if user.FullName, err = u.optString("full_name", what+"user."); err != nil {
			return m, err
		}
		if user.EmailAddress, err = u.optString("email_address", what+"user."); err != nil {
			return m, err
		}
		m.User = &user
	}
	return m, nil
}
