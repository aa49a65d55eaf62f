package awareness

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

// Action statuses (§6.3).
const (
	StatusPlanned    = "planned"
	StatusInProgress = "in_progress"
	StatusLikelyDone = "likely_done"
	StatusDone       = "done"
	StatusCanceled   = "canceled"
	StatusExpired    = "expired"
)

// Action types and sources as the v3 state writes them.
const (
	TypeTemporal = "temporal_action"
	TypeAction   = "action"
	SourceAuto   = "auto"
	SourceClock  = "clock_it"
)

// Default TTLs (§6.4, §6.5), each pinned to one number.
const (
	// DefaultTTL: planned/in_progress actions, "24h unless user provides
	// longer horizon".
	DefaultTTL = 24 * time.Hour
	// SleepTTL: "TTL ~8–12h" — the upper end, so that a full night's sleep
	// and the return the morning after are still inside it.
	SleepTTL = 12 * time.Hour
	// ProjectTTL: "project actions: 7–30 days" — the lower end, by the
	// minimal-storage principle (§6.3): actions in project threads live a week.
	ProjectTTL = 7 * 24 * time.Hour
)

// Capture reasons.
const (
	ReasonClockIt          = "clock_it"
	ReasonAutoTemporal     = "auto_temporal"
	ReasonAutoNonTemporal  = "auto_non_temporal"
	ReasonLatestActionsOff = "latest_actions_disabled"
	ReasonAutoOff          = "auto_clock_off"
	ReasonNonTemporal      = "non_temporal_needs_clock_it"
	ReasonNoAction         = "no_action"
	ReasonEmptyLabel       = "empty_label"
	ReasonKindDirective    = "kind_directive"
)

// CaptureInput is one user message offered to latest actions.
type CaptureInput struct {
	Text       string
	UserKey    string
	ThreadKey  string
	ThreadKind string
	Actions    []clock.Action
	// Calibration is the user's calibration.activity_overrides.
	Calibration map[string]clock.ActivityOverride
	// Judgement, when set, is the agent's own reading of the message (is
	// there an action, is it temporal, its label, status and activity); the
	// reference's phrase lists are used only without one.
	Judgement *Judgement
}

// Judgement is what CLOCK leaves to the agent about a message (§6.2 "imply
// near-term temporal relevance", §6.3 "normalized label (short summary)").
type Judgement struct {
	Action   bool
	Temporal bool
	Label    string
	Status   string // planned | in_progress | done; "" → planned
	Activity string // a calibration key (sleep, meal:dinner, …); "" → none
}

// Capture is the outcome: the stored action, if any, and the user's list
// after the cap.
type Capture struct {
	Captured bool
	Reason   string
	Action   *clock.Action
	Activity string
	Actions  []clock.Action
	// Removed are the actions compaction took out, oldest first.
	Removed []Removal
}

// Removal is one action compaction removed and why.
type Removal struct {
	ID  string `json:"id"`
	Why string `json:"why"` // expired | over_limit
}

// dropParts removes a label template's parts, leaving its fixed words.
var dropParts = strings.NewReplacer("{x}", "", "{y}", "")

// matchPhrase finds the first pattern of a list that matches and builds
// its label.
func matchPhrase(list []*phrasePattern, text string) (*phrasePattern, string) {
	for _, p := range list {
		m := p.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		label := p.Label
		if len(m) > 1 {
			label = strings.ReplaceAll(label, "{x}", normalizeBody(m[1]))
		}
		if len(m) > 2 {
			label = strings.ReplaceAll(label, "{y}", normalizeBody(m[2]))
		}
		if strings.Contains(p.Label, "{") && strings.TrimSpace(dropParts.Replace(p.Label)) == strings.TrimSpace(label) {
			return p, "" // a template whose parts are all empty
		}
		return p, NormalizeLabel(label)
	}
	return nil, ""
}

var firstWord = regexp.MustCompile(`^\S+`)

// CaptureAction is §6.2: a clock directive stores the action whatever the
// auto-storage settings (only latest_actions.enabled false stores nothing);
// without one, a temporal phrase is stored when auto_clock_temporal_actions
// is on, and a non-temporal intention only when, in addition,
// require_explicit_clock_it_for_non_temporal is off. The label is
// normalised (store_quotes false keeps nothing else; true adds a quote).
// The TTL is 12 h for sleep, 7 days in a project thread, else 24 h; the
// expected minutes come from the activity template or the user's
// calibration. The list is then compacted by clock.Compact: expired actions
// leave and the oldest go beyond max_items.
func CaptureAction(p clock.Policy, in CaptureInput, now time.Time) (Capture, error) {
	la := p.Clock.Store.LatestActions
	out := Capture{Actions: in.Actions, Removed: []Removal{}}
	d := ParseDirective(in.Text)
	if d.Kind == DirectiveKind {
		out.Reason = ReasonKindDirective
		return out, nil
	}
	if !la.Enabled {
		out.Reason = ReasonLatestActionsOff
		return out, nil
	}
	var (
		pat    *phrasePattern
		label  string
		source = SourceAuto
		typ    = TypeTemporal
		status = StatusPlanned
	)
	var act *Activity
	switch {
	case in.Judgement != nil:
		j := in.Judgement
		if d.Kind == DirectiveClockIt || d.Kind == DirectiveClock {
			source, out.Reason = SourceClock, ReasonClockIt
			label = NormalizeLabel(d.Label)
		}
		if j.Action {
			label, status = j.Label, j.Status
			if status == "" {
				status = StatusPlanned
			}
			if !j.Temporal {
				typ = TypeAction
			}
			act = judgedActivity(j.Activity)
		}
		if out.Reason == "" {
			switch {
			case !j.Action:
				out.Reason = ReasonNoAction
				return out, nil
			case !la.AutoClockTemporalActions:
				out.Reason = ReasonAutoOff
				return out, nil
			case !j.Temporal && la.RequireExplicitClockItForNonTemporal:
				out.Reason = ReasonNonTemporal
				return out, nil
			case j.Temporal:
				out.Reason = ReasonAutoTemporal
			default:
				out.Reason = ReasonAutoNonTemporal
			}
		}
		if label == "" {
			out.Reason = ReasonEmptyLabel
			return out, nil
		}
	case d.Kind == DirectiveClockIt || d.Kind == DirectiveClock:
		source, out.Reason = SourceClock, ReasonClockIt
		if pat, label = matchPhrase(loadPhrases().TemporalActions, d.Label); pat == nil {
			typ, label = TypeAction, NormalizeLabel(d.Label)
		}
	default:
		if pat, label = matchPhrase(loadPhrases().TemporalActions, fold(in.Text)); pat != nil {
			out.Reason = ReasonAutoTemporal
		} else if pat, label = matchPhrase(loadPhrases().NonTemporalActions, fold(in.Text)); pat != nil {
			out.Reason, typ = ReasonAutoNonTemporal, TypeAction
		} else {
			out.Reason = ReasonNoAction
			return out, nil
		}
		if !la.AutoClockTemporalActions {
			out.Reason = ReasonAutoOff
			return out, nil
		}
		if typ == TypeAction && la.RequireExplicitClockItForNonTemporal {
			out.Reason = ReasonNonTemporal
			return out, nil
		}
	}
	if label == "" {
		out.Reason = ReasonEmptyLabel
		return out, nil
	}
	if in.Judgement == nil {
		if pat != nil {
			status = pat.Status
		} else if w := strings.ToLower(firstWord.FindString(label)); contains(loadPhrases().PastTense, w) {
			status = StatusDone
		}
		if pat != nil && pat.Activity != "" {
			act = activityByKey(pat.Activity)
		} else {
			act = activityOf(label)
		}
	}
	ttl := DefaultTTL
	switch {
	case act != nil && act.Key == "sleep":
		ttl = SleepTTL
	case in.ThreadKind == "project":
		ttl = ProjectTTL
	}
	recorded := formatUTC(now)
	a := clock.Action{ID: actionID(in.UserKey, in.ThreadKey, recorded, label), Label: label, Type: typ,
		Status: status, RecordedISO: recorded, ExpiresISO: formatUTC(now.Add(ttl)), ThreadKey: in.ThreadKey, Source: source}
	if act != nil {
		typical, max, known := act.TypicalMinutes, act.MaxMinutes, activityByKey(act.Key) != nil
		if o, ok := in.Calibration[act.Key]; ok {
			typical, max, known = o.TypicalMinutes, o.MaxMinutes, true
		}
		if known {
			a.ExpectedTypicalMinutes, a.ExpectedMaxMinutes = &typical, &max
		}
		out.Activity = act.Key
	}
	if la.StoreQuotes {
		a.Quote = Quote(in.Text)
	}
	actions := append(append([]clock.Action{}, in.Actions...), a)
	kept, evicted, err := capList(p, in.UserKey, actions, now)
	if err != nil {
		return Capture{}, err
	}
	out.Captured, out.Action, out.Actions, out.Removed = true, &a, kept, evicted
	return out, nil
}

// capList reuses clock-core's compaction (§10.3) on the user's list and
// reports the ids it removed.
func capList(p clock.Policy, userKey string, actions []clock.Action, now time.Time) ([]clock.Action, []Removal, error) {
	key := userKey
	if key == "" {
		key = "user:_:_"
	}
	st := clock.NewState()
	st.Users[key] = &clock.User{LatestActions: actions}
	compacted, _, err := clock.Compact(st, p, now)
	if err != nil {
		return nil, nil, err
	}
	kept := compacted.Users[key].LatestActions
	if kept == nil {
		kept = []clock.Action{}
	}
	left := map[string]int{}
	for _, a := range kept {
		left[a.ID]++
	}
	evicted := []Removal{}
	for _, a := range actions {
		if left[a.ID] > 0 {
			left[a.ID]--
			continue
		}
		why := "over_limit"
		if exp, err := clock.ParseInstant(a.ExpiresISO); err == nil && !now.Before(exp) {
			why = "expired"
		}
		evicted = append(evicted, Removal{a.ID, why})
	}
	return kept, evicted, nil
}

// actionID is deterministic: the same message at the same instant for the
// same user and thread is the same action.
func actionID(user, thread, recorded, label string) string {
	h := sha256.Sum256([]byte(user + "\x00" + thread + "\x00" + recorded + "\x00" + label))
	return "act_" + hex.EncodeToString(h[:4])
}

func formatUTC(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.999999999Z07:00")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// judgedActivity is the template of an activity the agent named; an
// activity without a template has no expected minutes unless the user's
// calibration gives them.
func judgedActivity(key string) *Activity {
	if key == "" {
		return nil
	}
	if a := activityByKey(key); a != nil {
		return a
	}
	return &Activity{Key: key}
}
