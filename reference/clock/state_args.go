package clock

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// StateFromArgs reads a state an operation's input schema has accepted
// (the generated ClockStateArgs) as DecodeState reads a file once the file
// has passed the state schema: the version must be 3 (ErrStateVersion: any
// other integer, however it is written), and every instant must name a time
// that exists (ErrStateValue).
func StateFromArgs(a *ClockStateArgs) (*State, error) {
	switch v, ok := jsonin.Whole(string(a.Version)); {
	case !ok:
		return nil, &StateError{Kind: ErrStateShape, Detail: "version " + string(a.Version) + " is not an integer"}
	case v != strconv.Itoa(StateVersion):
		return nil, versionError(json.Number(v))
	}
	st := &State{Version: StateVersion, Users: make(map[string]*User, len(a.Users)),
		Threads: make(map[string]*Thread, len(a.Threads)), IdentityLinks: a.IdentityLinks}
	for k, u := range a.Users {
		st.Users[k] = userFromArgs(u)
	}
	for k, t := range a.Threads {
		th, err := threadFromArgs(t)
		if err != nil {
			return nil, err
		}
		st.Threads[k] = th
	}
	if err := st.checkInstants(); err != nil {
		return nil, err
	}
	return st, nil
}

func userFromArgs(u StateUserArgs) *User {
	out := &User{DefaultTZ: deref(u.DefaultTZ), LastInteractionAnyChannelISO: deref(u.LastInteractionAnyChannelISO),
		PolicyOverrides: wholeNumbers(u.PolicyOverrides)}
	if u.Channels != nil {
		out.Channels = make(map[string]*ChannelRecord, len(u.Channels))
		for k, c := range u.Channels {
			out.Channels[k] = &ChannelRecord{LastUserMessageISO: deref(c.LastUserMessageISO), LastAgentMessageISO: deref(c.LastAgentMessageISO)}
		}
	}
	if u.LatestActions != nil {
		out.LatestActions = make([]Action, len(u.LatestActions))
		for i, a := range u.LatestActions {
			out.LatestActions[i] = Action{ID: a.ID, Label: a.Label, Type: a.Type, Status: a.Status, RecordedISO: a.RecordedISO,
				ExpectedTypicalMinutes: minutes(a.ExpectedTypicalMinutes), ExpectedMaxMinutes: minutes(a.ExpectedMaxMinutes),
				ExpiresISO: a.ExpiresISO, ThreadKey: deref(a.ThreadKey), Source: a.Source, Quote: deref(a.Quote)}
		}
	}
	if u.Calibration != nil {
		out.Calibration = &Calibration{}
		if o := u.Calibration.ActivityOverrides; o != nil {
			out.Calibration.ActivityOverrides = make(map[string]ActivityOverride, len(o))
			for k, v := range o {
				out.Calibration.ActivityOverrides[k] = ActivityOverride{TypicalMinutes: int(v.TypicalMinutes), MaxMinutes: int(v.MaxMinutes), UpdatedISO: v.UpdatedISO}
			}
		}
	}
	return out
}

func threadFromArgs(t StateThreadArgs) (*Thread, error) {
	out := &Thread{ThreadKind: deref(t.ThreadKind), SessionTZ: deref(t.SessionTZ), AgentTZ: deref(t.AgentTZ),
		Participants: t.Participants, LastInteractionISO: deref(t.LastInteractionISO), LastUserMessageISO: deref(t.LastUserMessageISO),
		LastAgentMessageISO: deref(t.LastAgentMessageISO), LastUserMessageISOByUser: t.LastUserMessageISOByUser}
	if t.DeltaHours != nil {
		h, err := strconv.ParseFloat(string(*t.DeltaHours), 64)
		if err != nil {
			return nil, &StateError{Kind: ErrStateShape, Detail: "delta_hours: " + err.Error()}
		}
		out.DeltaHours = &h
	}
	return out, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// minutes: the schema bounds a minute count at 2^53-1, which an int holds.
func minutes(n *int64) *int {
	if n == nil {
		return nil
	}
	m := int(*n)
	return &m
}

// wholeNumbers rewrites a stored JSON object as DecodeState leaves it:
// whole numbers as integers (a max_items of 5.0 is 5, as JSON Schema counts
// it), keys sorted, so stored policy_overrides read the same from an input
// as from a file.
func wholeNumbers(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return raw
	}
	b, err := json.Marshal(normalizeNumbers(v))
	if err != nil {
		return raw
	}
	return b
}

// normalizeNumbers writes integral numbers as integers (3.0 → 3, 9e1 → 90),
// which JSON Schema counts as integers too, so that Go's int fields read
// exactly what the schema accepted. Read exactly, never through float64:
// 3.0000000000000001 is not an integer, and stays as it is.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	case json.Number:
		if whole, ok := jsonin.Whole(string(x)); ok {
			return json.Number(whole)
		}
	}
	return v
}
