package suitetest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// reworded is the reference behind a filter that writes every sentence in
// its own words and mints its own action ids: behaviour identical, prose and
// identifiers different. CLOCK (seed 004) fixes neither the wording of a
// clarification question or a problem message nor the spelling of a label or
// an id, so such an implementation must pass every clock-core and
// clock-awareness scenario that is not an extension, at compat.
type reworded struct {
	ref *reference.Implementation
	// unstable mints a new id for the same action on every call: a wrong
	// implementation the id properties must reject.
	unstable *int
}

// refID is the reference's minted action id; ownID is the filter's.
var (
	refID  = regexp.MustCompile(`^act_([0-9a-f]{8})$`)
	ownID  = regexp.MustCompile(`^entry-([0-9a-f]{8})-x$`)
	quotes = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

func (x reworded) Hello() protocol.Hello { return x.ref.Hello() }

func (x reworded) Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
	var in any
	if err := json.Unmarshal(input, &in); err != nil {
		return x.ref.Call(ctx, op, input)
	}
	// The strings the caller wrote: an id or label among them is the
	// caller's, never reworded.
	seen := map[string]bool{}
	mapStrings(in, func(s string) string { seen[s] = true; return s })
	// An id this implementation minted comes back in later calls: it is
	// the same action, so the reference is asked about its own id.
	in = mapStrings(in, func(s string) string {
		if m := ownID.FindStringSubmatch(s); m != nil {
			return "act_" + reverse(m[1])
		}
		return s
	})
	b, _ := json.Marshal(in)
	out, perr := x.ref.Call(ctx, op, b)
	if perr != nil {
		return nil, &protocol.Error{Code: perr.Code, Message: "refused: " + strings.ToUpper(perr.Code)}
	}
	var o any
	if err := json.Unmarshal(out, &o); err != nil {
		return out, nil
	}
	o = rewordTree(o, "", seen, x.unstable)
	b, _ = json.Marshal(o)
	return b, nil
}

// rewordTree rewrites, wherever they occur, the strings a person or model
// would write in its own words, and the ids the implementation mints.
func rewordTree(v any, key string, seen map[string]bool, unstable *int) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = rewordTree(e, k, seen, unstable)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = rewordTree(e, key, seen, unstable)
		}
		return x
	case string:
		switch {
		case refID.MatchString(x) && !seen[x] && unstable != nil:
			*unstable++
			return fmt.Sprintf("entry-%s-%d", reverse(refID.FindStringSubmatch(x)[1]), *unstable)
		case refID.MatchString(x) && !seen[x]:
			return "entry-" + reverse(refID.FindStringSubmatch(x)[1]) + "-x"
		case key == "clarification_question":
			return ownQuestion(x)
		case key == "message" || key == "problems":
			return "Not accepted here; please check this setting."
		case key == "label" && !seen[x]:
			return "noted — " + strings.ToLower(x)
		}
		return x
	}
	return v
}

// ownQuestion asks the reference's question in other words, keeping only
// what it was about (the text it quoted).
func ownQuestion(q string) string {
	var about []string
	for _, m := range quotes.FindAllStringSubmatch(q, -1) {
		about = append(about, m[1])
	}
	if len(about) == 0 {
		return "Could you tell me more precisely?"
	}
	return "Sorry, I can't place " + strings.Join(about, " and ") + " yet: where are you, or what clock time?"
}

func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = mapStrings(e, f)
		}
	case []any:
		for i, e := range x {
			x[i] = mapStrings(e, f)
		}
	case string:
		return f(x)
	}
	return v
}

func reverse(s string) string {
	r := []byte(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}
