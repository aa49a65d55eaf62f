package awareness

import (
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

// Operations maps every clock-awareness operation name to its handler: the
// generated Dispatch over handlers, so an operation of the spec without a
// typed method does not compile.
func Operations() map[string]protocol.OperationFunc {
	return Dispatch(handlers{})
}

// handlers implements Handlers. An input reaches it once its schema has
// accepted it (reference.Call checks it first) and the generated decoder
// has read it: invalid_input, which "outranks every other code" (the
// error_docs), is decided there. Each handler then checks what a schema
// cannot say — an instant names a time that exists, a zone is an IANA id,
// a policy reads as a §0 policy — in the order its error_docs give, and
// answers the first bad value.
type handlers struct{}

// instant reads an RFC 3339 instant; anything else is invalid_instant.
func instant(field, s string) (time.Time, *protocol.Error) {
	t, err := clock.ParseInstant(s)
	if err != nil {
		return time.Time{}, protocol.Errorf(CodeInvalidInstant, "input.%s: %v", field, err)
	}
	// Outputs write instants in UTC and add TTLs of up to 7 days: keep the
	// UTC year inside 0001–9998 so every written instant has four digits.
	if y := t.UTC().Year(); y < 1 || y > 9998 {
		return time.Time{}, protocol.Errorf(CodeInvalidInstant, "input.%s: %q is outside the years 0001–9998 (UTC) this profile computes with", field, s)
	}
	return t, nil
}

// optionalInstant is instant for a field that may be absent or null (nil).
func optionalInstant(field string, n jsonin.Nullable[string]) (*time.Time, *protocol.Error) {
	if n.Value == nil {
		return nil, nil
	}
	t, perr := instant(field, *n.Value)
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

func value[T any](n jsonin.Nullable[T]) (v T) {
	if n.Value != nil {
		v = *n.Value
	}
	return v
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

func (handlers) DecideRelevance(in *DecideRelevanceArgs) (any, *protocol.Error) {
	// "now, last_interaction_iso or last_interaction_any_channel_iso (the
	// first in that order)"; the policy is "checked after the instants"
	now, perr := instant("now", in.Now)
	if perr != nil {
		return nil, perr
	}
	last, perr := optionalInstant("last_interaction_iso", in.LastInteractionISO)
	if perr != nil {
		return nil, perr
	}
	any, perr := optionalInstant("last_interaction_any_channel_iso", in.LastInteractionAnyChannelISO)
	if perr != nil {
		return nil, perr
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	d := Decide(p, Prompt{ThreadKind: value(in.ThreadKind), LastInteraction: last, LastInteractionAnyChannel: any,
		HasOpenAction: value(in.HasOpenAction), Text: value(in.Text), TimeRelated: in.TimeRelated.Value}, now)
	return relevanceOut{d.Awareness, d.Trigger, d.Fired, d.Allows, d.ThreadKind, d.ElapsedMS, optional(d.ElapsedSource),
		d.ElapsedAnyChannelMS, d.TimeRelated, optional(d.Directive), d.AnchorTimezone, p.Clock.Mode, d.Proactive}, nil
}

// --- §5.2 -----------------------------------------------------------------

func (handlers) ThreadKind(in *ThreadKindArgs) (any, *protocol.Error) {
	var inf *Inference
	if i := in.Inferred.Value; i != nil {
		inf = &Inference{i.Kind, value(i.Confident), value(i.UserConfirmed)}
	}
	k := ResolveKind(value(in.Text), value(in.StoredKind), inf)
	return struct {
		ThreadKind   string  `json:"thread_kind"`
		Source       string  `json:"source"`
		Persist      bool    `json:"persist"`
		RejectedKind *string `json:"rejected_kind"`
	}{k.ThreadKind, k.Source, k.Persist, optional(k.RejectedKind)}, nil
}

// --- §6.2 directives --------------------------------------------------------

func (handlers) ParseDirective(in *ParseDirectiveArgs) (any, *protocol.Error) {
	d := ParseDirective(in.Text)
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

// userRecord reads actions and calibration as clock-core reads a user of
// a state, so they are held to exactly the v3 state: "an instant of an
// action or calibration entry names a time that does not exist" is
// invalid_instant.
func userRecord(actions []StateActionArgs, calibration map[string]CaptureActionArgsCalibrationValue) (*clock.User, *protocol.Error) {
	u := clock.StateUserArgs{LatestActions: make([]clock.StateActionArgs, len(actions))}
	for i, a := range actions {
		u.LatestActions[i] = clock.StateActionArgs(a)
	}
	if calibration != nil {
		o := make(map[string]clock.StateUserArgsCalibrationActivityOverridesValue, len(calibration))
		for k, v := range calibration {
			o[k] = clock.StateUserArgsCalibrationActivityOverridesValue(v)
		}
		u.Calibration = &clock.StateUserArgsCalibration{ActivityOverrides: o}
	}
	st, err := clock.StateFromArgs(&clock.ClockStateArgs{Version: "3", Users: map[string]clock.StateUserArgs{"u": u}})
	switch {
	case errors.Is(err, clock.ErrStateValue):
		return nil, protocol.Errorf(CodeInvalidInstant, "input: %v", err)
	case err != nil:
		return nil, protocol.Errorf(protocol.CodeInternal, "the input schema accepts what the state refuses: %v", err)
	}
	return st.Users["u"], nil
}

type captureOut struct {
	Captured bool           `json:"captured"`
	Reason   string         `json:"reason"`
	Action   *clock.Action  `json:"action"`
	Activity *string        `json:"activity"`
	Actions  []clock.Action `json:"actions"`
	Removed  []Removal      `json:"removed"`
}

func (handlers) CaptureAction(in *CaptureActionArgs) (any, *protocol.Error) {
	var judged *Judgement
	if j := in.Judgement.Value; j != nil {
		// The label is kept trimmed of the white space the input schema's
		// then-clause does not count as a label (space, \t, \n, \f, \r).
		judged = &Judgement{Action: j.Action, Temporal: value(j.Temporal), Label: strings.Trim(value(j.Label), " \t\n\f\r"),
			Status: value(j.Status), Activity: value(j.Activity)}
	}
	// "an instant of an action or calibration entry ..., or else now"; the
	// policy is "checked after the instants"
	rec, perr := userRecord(value(in.Actions), value(in.Calibration))
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now)
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
	c, err := CaptureAction(p, CaptureInput{Text: in.Text, UserKey: value(in.UserKey), ThreadKey: value(in.ThreadKey),
		ThreadKind: value(in.ThreadKind), Actions: rec.LatestActions, Calibration: cal, Judgement: judged}, now)
	if err != nil {
		return nil, protocol.Errorf(protocol.CodeInternal, "%v", err)
	}
	if c.Actions == nil {
		c.Actions = []clock.Action{}
	}
	return captureOut{c.Captured, c.Reason, c.Action, optional(c.Activity), c.Actions, c.Removed}, nil
}

func (handlers) ReadActions(in *ReadActionsArgs) (any, *protocol.Error) {
	// "an action's instant names a time that does not exist, or else now"
	rec, perr := userRecord(in.Actions, nil)
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now)
	if perr != nil {
		return nil, perr
	}
	views, open := ReadActions(rec.LatestActions, value(in.ThreadKey), now)
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

func (handlers) AssessContinuity(in *AssessContinuityArgs) (any, *protocol.Error) {
	// "an instant of the action ..., or else now"; the policy is "checked
	// after the instants"
	rec, perr := userRecord([]StateActionArgs{in.Action}, nil)
	if perr != nil {
		return nil, perr
	}
	now, perr := instant("now", in.Now)
	if perr != nil {
		return nil, perr
	}
	p, perr := policy(in.Policy)
	if perr != nil {
		return nil, perr
	}
	basis := clock.BasisInferred
	if in.Basis.Value != nil {
		basis = *in.Basis.Value
	}
	c := AssessContinuity(p, ContinuityInput{Action: rec.LatestActions[0], UserConfirmedDone: value(in.UserConfirmedDone),
		ImpactfulKind: value(in.ImpactfulKind), Basis: basis, Confirmed: value(in.Confirmed)}, now)
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

func (handlers) GroupTime(in *GroupTimeArgs) (any, *protocol.Error) {
	// "now, or else scheduled"; a participant's tz "after the instants";
	// the policy "after the zones"; unrepresentable_offset "checked last"
	now, perr := instant("now", in.Now)
	if perr != nil {
		return nil, perr
	}
	scheduled, perr := optionalInstant("scheduled", in.Scheduled)
	if perr != nil {
		return nil, perr
	}
	parts := make([]Participant, len(in.Participants))
	for i, pt := range in.Participants {
		parts[i].UserKey = pt.UserKey
		if pt.TZ.Value != nil {
			z, err := clock.CanonicalZone(*pt.TZ.Value)
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
	v, err := PresentGroupTime(p, parts, scheduled, now, value(in.Relative), value(in.AddressedUser))
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
