package awareness

import (
	"strings"

	"github.com/clockspec/clockspec/reference/clock"
)

// Thread kind sources.
const (
	KindFromDirective = "directive"
	KindFromStored    = "stored"
	KindFromInferred  = "inferred"
	KindFromDefault   = "default"
)

// Inference is the agent's own guess at a thread's kind.
type Inference struct {
	Kind          string
	Confident     bool
	UserConfirmed bool
}

// KindDecision is the thread's kind for this prompt and whether to store it.
type KindDecision struct {
	ThreadKind string
	Source     string
	// Persist: write thread_kind to the thread's state.
	Persist bool
	// RejectedKind is the kind a "clock: kind …" directive named when it is
	// not one of the §5.2 kinds; the directive is then ignored.
	RejectedKind string
}

func isKind(k string) bool {
	for _, v := range clock.ThreadKinds {
		if v == k {
			return true
		}
	}
	return false
}

// ResolveKind is §5.2. The user's directive wins and is persisted; else a
// stored kind stands (a kind once set by the user or persisted is not
// overturned by a new guess); else the agent's inference is used for this
// prompt and persisted only when it is confident or the user confirmed it;
// else the kind is conversation, which is never written (it is what an
// unset kind reads as).
func ResolveKind(text, stored string, inf *Inference) KindDecision {
	var out KindDecision
	if d := ParseDirective(text); d.Kind == DirectiveKind {
		k := strings.ToLower(d.Label)
		if isKind(k) {
			return KindDecision{ThreadKind: k, Source: KindFromDirective, Persist: k != stored}
		}
		out.RejectedKind = d.Label
	}
	switch {
	case stored != "":
		out.ThreadKind, out.Source = stored, KindFromStored
	case inf != nil:
		out.ThreadKind, out.Source = inf.Kind, KindFromInferred
		out.Persist = inf.Confident || inf.UserConfirmed
	default:
		out.ThreadKind, out.Source = clock.DefaultThreadKind, KindFromDefault
	}
	return out
}
