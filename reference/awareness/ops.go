package awareness

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/clock"
)

// Error codes besides invalid_input (the clock-core codes, reused).
const (
	CodeInvalidInstant  = clock.CodeInvalidInstant
	CodeInvalidPolicy   = clock.CodeInvalidPolicy
	CodeInvalidTimezone = clock.CodeInvalidTimezone
	CodeUnrepresentable = clock.CodeUnrepresentable
)

// Operations maps every clock-awareness operation name to its handler.
func Operations() map[string]protocol.OperationFunc {
	return map[string]protocol.OperationFunc{
		"clock-awareness.decide_relevance":  decideRelevanceOp,
		"clock-awareness.thread_kind":       threadKindOp,
		"clock-awareness.parse_directive":   parseDirectiveOp,
		"clock-awareness.capture_action":    captureActionOp,
		"clock-awareness.read_actions":      readActionsOp,
		"clock-awareness.assess_continuity": assessContinuityOp,
		"clock-awareness.group_time":        groupTimeOp,
	}
}

const maxInputBytes = 1 << 20

func invalid(format string, args ...any) *protocol.Error {
	return protocol.Errorf(protocol.CodeInvalidInput, format, args...)
}

// decode reads the input strictly: one JSON object, keys spelled exactly
// (jsonin), no unknown keys, each value of its field's type. Optional
// fields are pointers, and null reads as absent (the schemas say so).
func decode(input json.RawMessage, v any) *protocol.Error {
	t := jsonin.TrimSpace(input)
	if len(t) > maxInputBytes {
		return invalid("input is larger than 1 MiB")
	}
	if len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return invalid("input must be one JSON object")
	}
	if err := jsonin.Decode(t, v); err != nil {
		return invalid("%v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return invalid("input: %v", err)
	}
	return nil
}

func required(field string) *protocol.Error { return invalid("input: %s is required", field) }

func instant(field string, s *string, req bool) (time.Time, *protocol.Error) {
	if s == nil {
		if req {
			return time.Time{}, required(field)
		}
		return time.Time{}, nil
	}
	t, err := clock.ParseInstant(*s)
	if err != nil {
		return time.Time{}, protocol.Errorf(CodeInvalidInstant, "input.%s: %v", field, err)
	}
	// Outputs write instants in UTC and add TTLs of up to 7 days: keep the
	// UTC year inside 0001–9998 so every written instant has four digits.
	if y := t.UTC().Year(); y < 1 || y > 9998 {
		return time.Time{}, protocol.Errorf(CodeInvalidInstant, "input.%s: %q is outside the years 0001–9998 (UTC) this profile computes with", field, *s)
	}
	return t, nil
}

// optionalInstant is instant for a field that may be absent (nil).
func optionalInstant(field string, s *string) (*time.Time, *protocol.Error) {
	if s == nil {
		return nil, nil
	}
	t, perr := instant(field, s, false)
	if perr != nil {
		return nil, perr
	}
	return &t, nil
}

func policy(raw json.RawMessage) (clock.Policy, *protocol.Error) {
	p, err := clock.PolicyFromJSON(raw)
	if err != nil {
		return p, protocol.Errorf(CodeInvalidPolicy, "input.policy: %v", err)
	}
	return p, nil
}

// policyRaw is the policy field: an object or null. Anything else is
// refused here, since PolicyFromJSON would read a YAML scalar.
func policyRaw(raw json.RawMessage) *protocol.Error {
	t := jsonin.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" || t[0] == '{' {
		return nil
	}
	return invalid("input.policy must be an object or null")
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func boolean(p *bool) bool { return p != nil && *p }

func checkKind(field string, k *string) *protocol.Error {
	if k != nil && !isKind(*k) {
		return invalid("input.%s must be one of project, conversation, scheduling, operations", field)
	}
	return nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// --- §5.1 -----------------------------------------------------------------

type relevanceOut struct {
	Awareness           bool     `json:"awareness"`
	Trigger             string   `json:"trigger"`
	Fired               []string `json:"fired"`
	Allows              Allows   `json:"allows"`
	ThreadKind          string   `json:"thread_kind"`
	ElapsedMS           *int64   `json:"elapsed_ms"`
	ElapsedSource       *string  `json:"elapsed_source"`
	ElapsedAnyChannelMS *int64   `json:"elapsed_any_channel_ms"`
	TimeRelated         bool     `json:"time_related"`
	Directive           *string  `json:"directive"`
	AnchorTimezone      bool     `json:"anchor_timezone"`
	Mode                string   `json:"mode"`
	Proactive           bool     `json:"proactive"`
}

func decideRelevanceOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Now             *string         `json:"now"`
		Policy          json.RawMessage `json:"policy"`
		ThreadKind      *string         `json:"thread_kind"`
		LastInteraction *string         `json:"last_interaction_iso"`
		LastAnyChannel  *string         `json:"last_interaction_any_channel_iso"`
		HasOpenAction   *bool           `json:"has_open_action"`
		Text            *string         `json:"text"`
		TimeRelated     *bool           `json:"time_related"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if err := policyRaw(in.Policy); err != nil {
		return nil, err
	}
	if err := checkKind("thread_kind", in.ThreadKind); err != nil {
		return nil, err
	}
	now, perr := instant("now", in.Now, true)
	if perr != nil {
		return nil, perr
	}
	last, perr := optionalInstant("last_interaction_iso", in.LastInteraction)
	if perr != nil {
		return nil, perr
	}
	any, perr := optionalInstant("last_interaction_any_channel_iso", in.LastAnyChannel)
	if perr != nil {
		return nil, perr
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	d := Decide(p, Prompt{ThreadKind: str(in.ThreadKind), LastInteraction: last, LastInteractionAnyChannel: any,
		HasOpenAction: boolean(in.HasOpenAction), Text: str(in.Text), TimeRelated: in.TimeRelated}, now)
	return relevanceOut{d.Awareness, d.Trigger, d.Fired, d.Allows, d.ThreadKind, d.ElapsedMS, optional(d.ElapsedSource),
		d.ElapsedAnyChannelMS, d.TimeRelated, optional(d.Directive), d.AnchorTimezone, p.Clock.Mode, d.Proactive}, nil
}

// --- §5.2 -----------------------------------------------------------------

func threadKindOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Text       *string `json:"text"`
		StoredKind *string `json:"stored_kind"`
		Inferred   *struct {
			Kind          *string `json:"kind"`
			Confident     *bool   `json:"confident"`
			UserConfirmed *bool   `json:"user_confirmed"`
		} `json:"inferred"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if err := checkKind("stored_kind", in.StoredKind); err != nil {
		return nil, err
	}
	var inf *Inference
	if in.Inferred != nil {
		if in.Inferred.Kind == nil {
			return nil, required("inferred.kind")
		}
		if err := checkKind("inferred.kind", in.Inferred.Kind); err != nil {
			return nil, err
		}
		inf = &Inference{*in.Inferred.Kind, boolean(in.Inferred.Confident), boolean(in.Inferred.UserConfirmed)}
	}
	k := ResolveKind(str(in.Text), str(in.StoredKind), inf)
	return struct {
		ThreadKind   string  `json:"thread_kind"`
		Source       string  `json:"source"`
		Persist      bool    `json:"persist"`
		RejectedKind *string `json:"rejected_kind"`
	}{k.ThreadKind, k.Source, k.Persist, optional(k.RejectedKind)}, nil
}

// --- §6.2 directives --------------------------------------------------------

func parseDirectiveOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Text *string `json:"text"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if in.Text == nil {
		return nil, required("text")
	}
	d := ParseDirective(*in.Text)
	label := d.Label
	if d.Kind == DirectiveClockIt || d.Kind == DirectiveClock {
		label = NormalizeLabel(label)
	}
	out := struct {
		Directive *string `json:"directive"`
		Label     *string `json:"label"`
	}{optional(d.Kind), nil}
	if d.Kind != DirectiveNone {
		out.Label = &label
	}
	return out, nil
}

// --- §6 actions -------------------------------------------------------------

// userRecord reads actions and calibration through clock-core's state
// decoder, so they are held to exactly the v3 state schema.
func userRecord(actions, calibration json.RawMessage) (*clock.User, *protocol.Error) {
	u := map[string]json.RawMessage{}
	if t := bytes.TrimSpace(actions); len(t) > 0 && string(t) != "null" {
		u["latest_actions"] = t
	}
	if t := bytes.TrimSpace(calibration); len(t) > 0 && string(t) != "null" {
		u["calibration"] = json.RawMessage(`{"activity_overrides": ` + string(t) + `}`)
	}
	doc, _ := json.Marshal(map[string]any{"version": clock.StateVersion, "users": map[string]any{"u": u}})
	st, err := clock.DecodeState(doc)
	if err != nil {
		var se *clock.StateError
		if errors.As(err, &se) && se.Kind == clock.ErrStateValue {
			return nil, protocol.Errorf(CodeInvalidInstant, "input: %v", err)
		}
		return nil, invalid("input: %v", err)
	}
	rec := st.Users["u"]
	if rec.LatestActions == nil {
		rec.LatestActions = []clock.Action{}
	}
	return rec, nil
}

type captureOut struct {
	Captured bool           `json:"captured"`
	Reason   string         `json:"reason"`
	Action   *clock.Action  `json:"action"`
	Activity *string        `json:"activity"`
	Actions  []clock.Action `json:"actions"`
	Removed  []Removal      `json:"removed"`
}

func captureActionOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Now         *string         `json:"now"`
		Text        *string         `json:"text"`
		Policy      json.RawMessage `json:"policy"`
		UserKey     *string         `json:"user_key"`
		ThreadKey   *string         `json:"thread_key"`
		ThreadKind  *string         `json:"thread_kind"`
		Actions     json.RawMessage `json:"actions"`
		Calibration json.RawMessage `json:"calibration"`
		Judgement   *struct {
			Action   *bool   `json:"action"`
			Temporal *bool   `json:"temporal"`
			Label    *string `json:"label"`
			Status   *string `json:"status"`
			Activity *string `json:"activity"`
		} `json:"judgement"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if err := policyRaw(in.Policy); err != nil {
		return nil, err
	}
	if in.Text == nil {
		return nil, required("text")
	}
	var judged *Judgement
	if j := in.Judgement; j != nil {
		if j.Action == nil {
			return nil, required("judgement.action")
		}
		// The label is trimmed of the white space JSON Schema's pattern
		// (and the input schema's then-clause) knows, so both refuse the
		// same labels.
		judged = &Judgement{Action: *j.Action, Label: strings.Trim(str(j.Label), " \t\n\f\r"), Status: str(j.Status), Activity: str(j.Activity)}
		switch {
		case *j.Action && j.Temporal == nil:
			return nil, invalid("input: judgement.temporal is required when judgement.action is true")
		case *j.Action && judged.Label == "":
			return nil, invalid("input: judgement.label must be a non-empty label when judgement.action is true")
		case j.Activity != nil && *j.Activity == "":
			return nil, invalid("input: judgement.activity must be an activity name or null, not empty")
		case j.Status != nil && *j.Status != StatusPlanned && *j.Status != StatusInProgress && *j.Status != StatusDone:
			// "" is not a status either (the schema's enum): only null or
			// absent leaves it to the action's own.
			return nil, invalid("input: judgement.status must be planned, in_progress or done, got %q", *j.Status)
		}
		if j.Temporal != nil {
			judged.Temporal = *j.Temporal
		}
	}
	if err := checkKind("thread_kind", in.ThreadKind); err != nil {
		return nil, err
	}
	if in.Now == nil {
		return nil, required("now")
	}
	rec, perr := userRecord(in.Actions, in.Calibration)
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now, true)
	if perr != nil {
		return nil, perr
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	var cal map[string]clock.ActivityOverride
	if rec.Calibration != nil {
		cal = rec.Calibration.ActivityOverrides
	}
	c, err := CaptureAction(p, CaptureInput{Text: *in.Text, UserKey: str(in.UserKey), ThreadKey: str(in.ThreadKey),
		ThreadKind: str(in.ThreadKind), Actions: rec.LatestActions, Calibration: cal, Judgement: judged}, now)
	if err != nil {
		return nil, protocol.Errorf(protocol.CodeInternal, "%v", err)
	}
	if c.Actions == nil {
		c.Actions = []clock.Action{}
	}
	return captureOut{c.Captured, c.Reason, c.Action, optional(c.Activity), c.Actions, c.Removed}, nil
}

func readActionsOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Now       *string         `json:"now"`
		Actions   json.RawMessage `json:"actions"`
		ThreadKey *string         `json:"thread_key"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(in.Actions); len(t) == 0 || string(t) == "null" {
		return nil, required("actions")
	}
	if in.Now == nil {
		return nil, required("now")
	}
	rec, perr := userRecord(in.Actions, nil)
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now, true)
	if perr != nil {
		return nil, perr
	}
	views, open := ReadActions(rec.LatestActions, str(in.ThreadKey), now)
	return struct {
		Actions       []ActionView `json:"actions"`
		HasOpenAction bool         `json:"has_open_action"`
	}{views, open}, nil
}

// --- §6.5, §8, §11 ----------------------------------------------------------

type gateOut struct {
	Allowed           bool   `json:"allowed"`
	NeedsConfirmation bool   `json:"needs_confirmation"`
	Reason            string `json:"reason"`
}

func assessContinuityOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Now               *string         `json:"now"`
		Policy            json.RawMessage `json:"policy"`
		Action            json.RawMessage `json:"action"`
		UserConfirmedDone *bool           `json:"user_confirmed_done"`
		ImpactfulKind     *string         `json:"impactful_kind"`
		Basis             *string         `json:"basis"`
		Confirmed         *bool           `json:"confirmed"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if err := policyRaw(in.Policy); err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(in.Action); len(t) == 0 || string(t) == "null" {
		return nil, required("action")
	}
	if k := in.ImpactfulKind; k != nil && *k != "other" && !contains(clock.ImpactfulKinds, *k) {
		return nil, invalid("input.impactful_kind must be one of the §8.2 kinds or other")
	}
	if b := in.Basis; b != nil && *b != clock.BasisStated && *b != clock.BasisInferred {
		return nil, invalid("input.basis must be stated or inferred")
	}
	if in.Now == nil {
		return nil, required("now")
	}
	rec, perr := userRecord(json.RawMessage("["+string(bytes.TrimSpace(in.Action))+"]"), nil)
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now, true)
	if perr != nil {
		return nil, perr
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	basis := clock.BasisInferred
	if in.Basis != nil {
		basis = *in.Basis
	}
	c := AssessContinuity(p, ContinuityInput{Action: rec.LatestActions[0], UserConfirmedDone: boolean(in.UserConfirmedDone),
		ImpactfulKind: str(in.ImpactfulKind), Basis: basis, Confirmed: boolean(in.Confirmed)}, now)
	out := struct {
		EffectiveStatus             string   `json:"effective_status"`
		ElapsedMS                   int64    `json:"elapsed_ms"`
		Window                      string   `json:"window"`
		HedgedReferenceAllowed      bool     `json:"hedged_reference_allowed"`
		MayStateAsFact              bool     `json:"may_state_as_fact"`
		CompletionNeedsConfirmation bool     `json:"completion_needs_confirmation"`
		StatusAfter                 string   `json:"status_after"`
		SourceAfter                 string   `json:"source_after"`
		ToneOnly                    bool     `json:"tone_only"`
		Impactful                   *gateOut `json:"impactful"`
	}{c.EffectiveStatus, c.ElapsedMS, c.Window, c.HedgedReferenceAllowed, c.MayStateAsFact,
		c.CompletionNeedsConfirmation, c.StatusAfter, c.SourceAfter, c.ToneOnly, nil}
	if c.Impactful != nil {
		out.Impactful = &gateOut{c.Impactful.Allowed, c.Impactful.NeedsConfirmation, c.Impactful.Reason}
	}
	return out, nil
}

// --- §7.3 -------------------------------------------------------------------

func groupTimeOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Now          *string         `json:"now"`
		Policy       json.RawMessage `json:"policy"`
		Participants *[]*struct {
			UserKey *string `json:"user_key"`
			TZ      *string `json:"tz"`
		} `json:"participants"`
		Scheduled     *string `json:"scheduled"`
		Relative      *bool   `json:"relative"`
		AddressedUser *string `json:"addressed_user"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if err := policyRaw(in.Policy); err != nil {
		return nil, err
	}
	if in.Participants == nil || len(*in.Participants) == 0 {
		return nil, invalid("input.participants must be a non-empty array")
	}
	for i, pt := range *in.Participants {
		if pt == nil || pt.UserKey == nil || *pt.UserKey == "" {
			return nil, invalid("input.participants[%d] needs a non-empty user_key", i)
		}
	}
	now, perr := instant("now", in.Now, true)
	if perr != nil {
		return nil, perr
	}
	var scheduled *time.Time
	if in.Scheduled != nil {
		t, perr := instant("scheduled", in.Scheduled, true)
		if perr != nil {
			return nil, perr
		}
		scheduled = &t
	}
	parts := make([]Participant, len(*in.Participants))
	for i, pt := range *in.Participants {
		parts[i].UserKey = *pt.UserKey
		if pt.TZ != nil {
			z, err := clock.CanonicalZone(*pt.TZ)
			if err != nil {
				return nil, protocol.Errorf(CodeInvalidTimezone, "input.participants[%d].tz: %v", i, err)
			}
			parts[i].Zone = &z
		}
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	v, err := PresentGroupTime(p, parts, scheduled, now, boolean(in.Relative), str(in.AddressedUser))
	if err != nil {
		return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
	}
	return struct {
		UTC                    *string      `json:"utc"`
		Conversions            []Conversion `json:"conversions"`
		UnknownTZ              []string     `json:"unknown_tz"`
		PresentationTZ         string       `json:"presentation_tz"`
		PresentationLocal      *string      `json:"presentation_local"`
		OffsetSpreadMinutes    int          `json:"offset_spread_minutes"`
		SpreadReachesThreshold bool         `json:"spread_reaches_threshold"`
		Ambiguous              bool         `json:"ambiguous"`
	}{v.UTC, v.Conversions, v.UnknownTZ, v.PresentationTZ, v.PresentationLocal, v.OffsetSpreadMinutes,
		v.SpreadReachesThreshold, v.Ambiguous}, nil
}
