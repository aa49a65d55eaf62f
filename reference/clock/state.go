package clock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/spec"
)

// StateVersion is the only version of the state file this package reads and
// writes (§10.2).
const StateVersion = 3

// State is the v3 state document (§10.2). Every field of the file has a
// field here, and the schema is closed, so reading and writing a file never
// drops anything.
type State struct {
	Version       int                `json:"version"`
	Users         map[string]*User   `json:"users"`
	Threads       map[string]*Thread `json:"threads"`
	IdentityLinks map[string]string  `json:"identity_links,omitempty"`
}

// User is one identity's record: per channel (user:<channel>:<id>) unless
// linked (person:<name>).
type User struct {
	DefaultTZ                    string                    `json:"default_tz,omitempty"`
	PolicyOverrides              json.RawMessage           `json:"policy_overrides,omitempty"`
	LastInteractionAnyChannelISO string                    `json:"last_interaction_any_channel_iso,omitempty"`
	Channels                     map[string]*ChannelRecord `json:"channels,omitempty"`
	LatestActions                []Action                  `json:"latest_actions,omitempty"`
	Calibration                  *Calibration              `json:"calibration,omitempty"`
}

// ChannelRecord holds a user's last messages on one channel.
type ChannelRecord struct {
	LastUserMessageISO  string `json:"last_user_message_iso,omitempty"`
	LastAgentMessageISO string `json:"last_agent_message_iso,omitempty"`
}

// Action is a clocked action (§6.3). ExpiresISO is required: all actions
// expire (§6.4).
type Action struct {
	ID                     string `json:"id"`
	Label                  string `json:"label"`
	Type                   string `json:"type"`
	Status                 string `json:"status"`
	RecordedISO            string `json:"recorded_iso"`
	ExpectedTypicalMinutes *int   `json:"expected_typical_minutes,omitempty"`
	ExpectedMaxMinutes     *int   `json:"expected_max_minutes,omitempty"`
	ExpiresISO             string `json:"expires_iso"`
	ThreadKey              string `json:"thread_key,omitempty"`
	Source                 string `json:"source"`
	Quote                  string `json:"quote,omitempty"`
}

// Calibration holds per-user activity durations.
type Calibration struct {
	ActivityOverrides map[string]ActivityOverride `json:"activity_overrides,omitempty"`
}

// ActivityOverride is one calibrated activity.
type ActivityOverride struct {
	TypicalMinutes int    `json:"typical_minutes"`
	MaxMinutes     int    `json:"max_minutes"`
	UpdatedISO     string `json:"updated_iso"`
}

// Thread is one thread's record, keyed by its thread key.
type Thread struct {
	ThreadKind               string            `json:"thread_kind,omitempty"`
	SessionTZ                string            `json:"session_tz,omitempty"`
	AgentTZ                  string            `json:"agent_tz,omitempty"`
	DeltaHours               *float64          `json:"delta_hours,omitempty"`
	Participants             []string          `json:"participants,omitempty"`
	LastInteractionISO       string            `json:"last_interaction_iso,omitempty"`
	LastUserMessageISO       string            `json:"last_user_message_iso,omitempty"`
	LastAgentMessageISO      string            `json:"last_agent_message_iso,omitempty"`
	LastUserMessageISOByUser map[string]string `json:"last_user_message_iso_by_user,omitempty"`
}

// NewState is an empty v3 state: what a missing file reads as.
func NewState() *State {
	return &State{Version: StateVersion, Users: map[string]*User{}, Threads: map[string]*Thread{}}
}

// stateSchemaJSON is the published state schema, read from the spec the
// binary embeds: one file, no copy to keep equal.
var stateSchemaJSON = func() []byte {
	b, err := fs.ReadFile(spec.FS(), "clock-core/state.schema.json")
	if err != nil {
		panic("clock: the embedded spec has no clock-core/state.schema.json: " + err.Error())
	}
	return b
}()

var (
	schemaOnce  sync.Once
	stateSchema *jsonschema.Schema
	schemaErr   error
)

// StateSchemaJSON is the published JSON Schema of the state file,
// spec/clock-core/state.schema.json.
func StateSchemaJSON() []byte { return append([]byte(nil), stateSchemaJSON...) }

// documentSchema compiles the state schema with `version` relaxed to any
// integer: a file's version is checked first, on its own, so that a newer
// file is reported as newer, not as a schema violation.
func documentSchema() (*jsonschema.Schema, error) {
	schemaOnce.Do(func() {
		var doc map[string]any
		if schemaErr = json.Unmarshal(stateSchemaJSON, &doc); schemaErr != nil {
			return
		}
		defs := doc["$defs"].(map[string]any)
		cs := defs["clock_state"].(map[string]any)
		cs["properties"].(map[string]any)["version"] = map[string]any{"type": "integer"}
		b, _ := json.Marshal(doc)
		c := jsonschema.NewCompiler()
		c.Draft = jsonschema.Draft2020
		const url = "https://clockspec.dev/schemas/clock-core/state.document.json"
		if schemaErr = c.AddResource(url, bytes.NewReader(b)); schemaErr != nil {
			return
		}
		stateSchema, schemaErr = c.Compile(url)
	})
	return stateSchema, schemaErr
}

// Errors reading a state document. The file store wraps them with the path.
var (
	// ErrStateShape: the document is not JSON, or not of the v3 shape.
	ErrStateShape = errors.New("not a valid state document")
	// ErrStateVersion: the document's version is not 3 — a newer file
	// written by a newer agent, or an older one with no migration.
	ErrStateVersion = errors.New("unsupported state version")
	// ErrStateValue: the shape is right, but a value is not (an instant
	// such as 2026-02-30T10:00:00Z).
	ErrStateValue = errors.New("invalid state value")
)

// StateError is a refusal to read a state document.
type StateError struct {
	Kind    error // ErrStateShape, ErrStateVersion or ErrStateValue
	Version int   // for ErrStateVersion
	Detail  string
}

func (e *StateError) Error() string { return e.Kind.Error() + ": " + e.Detail }

// Unwrap lets errors.Is match the kind.
func (e *StateError) Unwrap() error { return e.Kind }

// DecodeState reads a state document: valid JSON, version 3, the v3 shape
// (the schema), and valid instants — in that order, so each refusal says the
// one thing that is wrong first.
func DecodeState(doc []byte) (*State, error) {
	var probe any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&probe); err != nil {
		return nil, &StateError{Kind: ErrStateShape, Detail: "not JSON: " + err.Error()}
	}
	// Exactly one JSON value: anything but JSON white space after it is
	// refused. (dec.More would report "no more" before a stray ] or }, so
	// {"version":3}]]] would read as a valid state and be written over.)
	if rest := trimJSONSpace(doc[dec.InputOffset():]); len(rest) > 0 {
		return nil, &StateError{Kind: ErrStateShape, Detail: fmt.Sprintf(
			"not JSON: trailing data after the document at byte %d: %q", len(doc)-len(rest), truncate(rest, 20))}
	}
	return decodeValue(probe)
}

// trimJSONSpace drops the white space JSON allows (RFC 8259 §2: space, tab,
// line feed, carriage return) from the start of b.
func trimJSONSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	return b
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}

func decodeValue(v any) (*State, error) {
	v = normalizeNumbers(v)
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, &StateError{Kind: ErrStateShape, Detail: "the document must be a JSON object"}
	}
	// Any other integer is another version, however long it is written.
	if n, ok := obj["version"].(json.Number); ok && strings.Trim(string(n), "-0123456789") == "" && string(n) != strconv.Itoa(StateVersion) {
		return nil, versionError(n)
	}
	s, err := documentSchema()
	if err != nil {
		return nil, fmt.Errorf("clock: the state schema does not compile: %w", err)
	}
	if err := s.Validate(v); err != nil {
		return nil, &StateError{Kind: ErrStateShape, Detail: schemaProblems(err)}
	}
	b, _ := json.Marshal(v)
	st := &State{}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(st); err != nil {
		return nil, &StateError{Kind: ErrStateShape, Detail: err.Error()}
	}
	if st.Users == nil {
		st.Users = map[string]*User{}
	}
	if st.Threads == nil {
		st.Threads = map[string]*Thread{}
	}
	if err := st.checkInstants(); err != nil {
		return nil, err
	}
	return st, nil
}

// versionError refuses a document of version n, an integer literal other
// than 3: newer or older, however long it is written.
func versionError(n json.Number) *StateError {
	ver, err := n.Int64()
	what := "older"
	if err != nil && !strings.HasPrefix(string(n), "-") || err == nil && ver > StateVersion {
		what = "newer"
	}
	return &StateError{Kind: ErrStateVersion, Version: int(ver),
		Detail: fmt.Sprintf("the document is version %s, %s than the version %d this implementation reads; it is left as it is", n, what, StateVersion)}
}

func schemaProblems(err error) string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var out []string
	for _, u := range ve.BasicOutput().Errors {
		if u.Error == "" || strings.HasPrefix(u.Error, "doesn't validate with") {
			continue
		}
		loc := u.InstanceLocation
		if loc == "" {
			loc = "/"
		}
		out = append(out, loc+": "+u.Error)
	}
	if len(out) == 0 {
		return ve.Error()
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// checkInstants parses every instant of the document.
func (st *State) checkInstants() error {
	var bad []string
	check := func(where, s string) {
		if s == "" {
			return
		}
		if _, err := ParseInstant(s); err != nil {
			bad = append(bad, where+": "+err.Error())
		}
	}
	for uk, u := range st.Users {
		p := "/users/" + uk
		check(p+"/last_interaction_any_channel_iso", u.LastInteractionAnyChannelISO)
		for ck, c := range u.Channels {
			check(p+"/channels/"+ck+"/last_user_message_iso", c.LastUserMessageISO)
			check(p+"/channels/"+ck+"/last_agent_message_iso", c.LastAgentMessageISO)
		}
		for i, a := range u.LatestActions {
			check(fmt.Sprintf("%s/latest_actions/%d/recorded_iso", p, i), a.RecordedISO)
			check(fmt.Sprintf("%s/latest_actions/%d/expires_iso", p, i), a.ExpiresISO)
		}
		if u.Calibration != nil {
			for k, o := range u.Calibration.ActivityOverrides {
				check(p+"/calibration/activity_overrides/"+k+"/updated_iso", o.UpdatedISO)
			}
		}
	}
	for tk, t := range st.Threads {
		p := "/threads/" + tk
		check(p+"/last_interaction_iso", t.LastInteractionISO)
		check(p+"/last_user_message_iso", t.LastUserMessageISO)
		check(p+"/last_agent_message_iso", t.LastAgentMessageISO)
		for u, s := range t.LastUserMessageISOByUser {
			check(p+"/last_user_message_iso_by_user/"+u, s)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return &StateError{Kind: ErrStateValue, Detail: strings.Join(bad, "; ")}
	}
	return nil
}

// Encode writes the state as indented JSON with a final newline, keys in a
// stable order, so that equal states are equal files.
func (st *State) Encode() ([]byte, error) {
	if st.Users == nil {
		st.Users = map[string]*User{}
	}
	if st.Threads == nil {
		st.Threads = map[string]*Thread{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(st); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Clone is a deep copy, so that a pure operation never changes its input.
func (st *State) Clone() *State {
	b, err := json.Marshal(st)
	if err != nil {
		panic("clock: state does not encode: " + err.Error())
	}
	out := &State{}
	if err := json.Unmarshal(b, out); err != nil {
		panic("clock: state does not decode: " + err.Error())
	}
	if out.Users == nil {
		out.Users = map[string]*User{}
	}
	if out.Threads == nil {
		out.Threads = map[string]*Thread{}
	}
	return out
}

// later returns whichever of two stored instants is later; a is kept when
// they are the same instant, so a write that changes nothing stays a no-op.
// An empty string is older than any instant.
func later(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	ta, errA := ParseInstant(a)
	tb, errB := ParseInstant(b)
	if errA != nil {
		return b
	}
	if errB != nil || !tb.After(ta) {
		return a
	}
	return b
}

func mustInstant(s string) time.Time {
	t, _ := ParseInstant(s)
	return t
}
