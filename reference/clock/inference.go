package clock

import (
	"bytes"
	"errors"
	"io/fs"
	"regexp"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

// Impactful action kinds (§8.2) and the one kind that is not.
var ImpactfulKinds = []string{"message_third_party", "calendar_or_reminder", "purchase", "publish_or_deploy", "delete_data"}

// Action bases: an action the user asked for, or one the agent inferred.
const (
	BasisStated   = "stated"
	BasisInferred = "inferred"
)

// Gate reasons.
const (
	GateConfirmed         = "confirmed"
	GateInferredImpactful = "inferred_impactful" // §8.1, whatever the policy
	GatePolicy            = "policy_requires_confirmation"
	GateNotRequired       = "not_required"
)

// Gate is the outcome of ConfirmationGate.
type Gate struct {
	Allowed           bool
	NeedsConfirmation bool
	Reason            string
}

// ConfirmationGate decides whether an action may run now. An impactful
// action (§8.2) that rests on inference always needs the user's
// confirmation (§8.1: inference MUST NOT trigger external actions without
// confirmation); one the user asked for needs it when the policy's
// require_confirmation_for_impactful_actions is on, or when the mode is
// light (§0: "light: ... ask before any impactful action"), so that every
// gate of the kit gives one answer for one policy. A confirmed action runs.
func ConfirmationGate(kind, basis string, confirmed bool, p Policy) Gate {
	impactful := false
	for _, k := range ImpactfulKinds {
		impactful = impactful || k == kind
	}
	switch {
	case confirmed:
		return Gate{true, false, GateConfirmed}
	case impactful && basis == BasisInferred:
		return Gate{false, true, GateInferredImpactful}
	case impactful && (p.Clock.Inference.RequireConfirmationForImpactfulActions || p.Clock.Mode == "light"):
		return Gate{false, true, GatePolicy}
	}
	return Gate{true, false, GateNotRequired}
}

var (
	hedgeOnce sync.Once
	hedgeRE   *regexp.Regexp
)

func loadHedges() {
	hedgeOnce.Do(func() {
		b, err := fs.ReadFile(spec.FS(), "clock-core/hedges.yaml")
		if err != nil {
			panic("clock: hedges.yaml is missing: " + err.Error())
		}
		var doc struct {
			Markers []string `yaml:"markers"`
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(&doc); err != nil {
			panic("clock: hedges.yaml: " + err.Error())
		}
		alts := make([]string, len(doc.Markers))
		for i, m := range doc.Markers {
			alts[i] = strings.ReplaceAll(regexp.QuoteMeta(m), " ", `\s+`)
		}
		hedgeRE = regexp.MustCompile(`(?:^|[^\p{L}\p{N}'])(` + strings.Join(alts, "|") + `)(?:$|[^\p{L}\p{N}'])`)
	})
}

// HedgeQuestion is the marker reported for a confirming question.
const HedgeQuestion = "?"

// CheckHedged reports whether a text that refers to an inferred action is
// hedged (§11), and by which markers, in order of appearance.
func CheckHedged(text string) (bool, []string) {
	loadHedges()
	s := strings.ToLower(strings.ReplaceAll(text, "’", "'"))
	markers := []string{}
	seen := map[string]bool{}
	for i := 0; i < len(s); {
		loc := hedgeRE.FindStringSubmatchIndex(s[i:])
		if loc == nil {
			break
		}
		m := strings.Join(strings.Fields(s[i+loc[2]:i+loc[3]]), " ")
		if !seen[m] {
			seen[m] = true
			markers = append(markers, m)
		}
		i += loc[3]
	}
	if strings.Contains(s, "?") && !statesAsFact(s) {
		markers = append(markers, HedgeQuestion)
	}
	return len(markers) > 0, markers
}

var sentence = regexp.MustCompile(`[^.!?]+[.!?]*`)

// statesAsFact: some sentence is a plain statement — it ends in "." and
// carries no hedge marker. A question after it does not hedge it: "You
// finished the report. Should I send it to your boss?" states the inference
// as fact (§8.1) before it asks anything.
func statesAsFact(s string) bool {
	for _, sen := range sentence.FindAllString(s, -1) {
		t := strings.TrimRight(strings.TrimSpace(sen), `"')”’`)
		if strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "..") && !hedgeRE.MatchString(t) {
			return true
		}
	}
	return false
}

// SourceUserConfirmed is the source of an action whose status the user set.
const SourceUserConfirmed = "user_confirmed"

// ErrUnknownAction: no action with that id for that user.
var ErrUnknownAction = errors.New("no such action")

// CorrectAction applies a user's correction of an action at once (§11: MUST
// be willing to be corrected immediately): the status becomes the user's,
// and the source becomes user_confirmed, so no later inference overrides it.
func CorrectAction(st *State, userKey, actionID, status string) (*State, error) {
	out := st.Clone()
	u := out.Users[userKey]
	if u == nil {
		return nil, ErrUnknownAction
	}
	for i := range u.LatestActions {
		if u.LatestActions[i].ID == actionID {
			u.LatestActions[i].Status = status
			u.LatestActions[i].Source = SourceUserConfirmed
			return out, nil
		}
	}
	return nil, ErrUnknownAction
}
