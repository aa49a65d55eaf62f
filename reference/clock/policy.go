package clock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/clockspec/clockspec/internal/jsonin"
	"io"
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

// Policy is the §0 user policy block, complete: every field has a value,
// either the user's or the default's.
type Policy struct {
	Clock ClockPolicy `json:"clock"`
}

// ClockPolicy is the body of the `clock:` mapping.
type ClockPolicy struct {
	Enabled                 bool            `json:"enabled"`
	Mode                    string          `json:"mode"`
	CrossChannelTracking    bool            `json:"cross_channel_tracking"`
	Store                   StorePolicy     `json:"store"`
	Checkins                CheckinsPolicy  `json:"checkins"`
	Inference               InferencePolicy `json:"inference"`
	AmbiguityThresholdHours float64         `json:"ambiguity_threshold_hours"`
}

// StorePolicy says what is stored.
type StorePolicy struct {
	LastMessageTimestamps bool                `json:"last_message_timestamps"`
	LatestActions         LatestActionsPolicy `json:"latest_actions"`
}

// LatestActionsPolicy bounds the rolling list of clocked actions (§6).
type LatestActionsPolicy struct {
	Enabled                              bool `json:"enabled"`
	MaxItems                             int  `json:"max_items"`
	AutoClockTemporalActions             bool `json:"auto_clock_temporal_actions"`
	RequireExplicitClockItForNonTemporal bool `json:"require_explicit_clock_it_for_non_temporal"`
	StoreQuotes                          bool `json:"store_quotes"`
}

// CheckinsPolicy holds the check-in rules, evaluated in order (§5.1).
type CheckinsPolicy struct {
	Enabled bool   `json:"enabled"`
	Rules   []Rule `json:"rules"`
}

// Rule is one check-in rule: all of its conditions must hold.
type Rule struct {
	ID   string   `json:"id"`
	When RuleWhen `json:"when"`
	Then RuleThen `json:"then"`
}

// RuleWhen are a rule's conditions; an absent condition is not checked.
type RuleWhen struct {
	ThreadKind    *string   `json:"thread_kind,omitempty"`
	ElapsedGTE    *Duration `json:"elapsed_gte,omitempty"`
	HasOpenAction *bool     `json:"has_open_action,omitempty"`
}

// RuleThen are a rule's effects.
type RuleThen struct {
	AskForUpdates        *bool `json:"ask_for_updates,omitempty"`
	AllowHedgedReference *bool `json:"allow_hedged_reference,omitempty"`
	OfferRecap           *bool `json:"offer_recap,omitempty"`
}

// InferencePolicy bounds inference (§8).
type InferencePolicy struct {
	Enabled                                bool `json:"enabled"`
	AllowForToneOnly                       bool `json:"allow_for_tone_only"`
	RequireConfirmationForImpactfulActions bool `json:"require_confirmation_for_impactful_actions"`
}

// UnmarshalJSON reads a duration string and checks it.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := ParseDuration(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Problem is one thing wrong with a policy document, with the line it is on.
type Problem struct {
	Line    int    `json:"line"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (p Problem) String() string {
	if p.Path == "" {
		return fmt.Sprintf("line %d: %s", p.Line, p.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", p.Line, p.Path, p.Message)
}

// PolicyError lists every problem of a policy document, in line order.
type PolicyError struct{ Problems []Problem }

func (e *PolicyError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.String()
	}
	return "invalid policy: " + strings.Join(parts, "; ")
}

// Limits on a policy document. The default block is about 2 KiB; the byte
// limit keeps a hostile document (a huge file, a deeply nested one) from
// costing more than reading 64 KiB. Anchors and aliases are refused
// outright, so an alias bomb ("billion laughs") never expands.
const (
	MaxPolicyBytes = 64 << 10
	MaxRules       = 100
	MinMaxItems    = 1
	MaxMaxItems    = 1000
)

// Policy sources reported by LoadPolicy.
const (
	SourceDefault  = "default"  // no document: the §0 block as it is
	SourceDocument = "document" // a document merged over the §0 block
)

// Loaded is a policy with where it came from.
type Loaded struct {
	Policy Policy
	Source string
	// Overridden lists the dotted paths the document set (its leaves;
	// clock.checkins.rules counts as one leaf, since it replaces as a whole).
	Overridden []string
}

// The shape of a policy document, walked node by node so that every problem
// carries its line, every type is exact (25 is not "25", yes is not true,
// 25.0 is not an integer) and every unknown key is named.
type shapeKind int

const (
	kMap shapeKind = iota
	kBool
	kInt
	kNumber
	kEnum
	kDuration
	kRuleID
	kRules
)

type shape struct {
	kind     shapeKind
	fields   []field
	enum     []string
	min, max float64
	atLeast1 bool // a map that needs at least one key
}

type field struct {
	key      string
	shape    *shape
	required bool
}

var (
	boolShape = &shape{kind: kBool}
	ruleShape = &shape{kind: kMap, fields: []field{
		{"id", &shape{kind: kRuleID}, true},
		{"when", &shape{kind: kMap, atLeast1: true, fields: []field{
			{"thread_kind", &shape{kind: kEnum, enum: ThreadKinds}, false},
			{"elapsed_gte", &shape{kind: kDuration}, false},
			{"has_open_action", boolShape, false},
		}}, true},
		{"then", &shape{kind: kMap, atLeast1: true, fields: []field{
			{"ask_for_updates", boolShape, false},
			{"allow_hedged_reference", boolShape, false},
			{"offer_recap", boolShape, false},
		}}, true},
	}}
	documentShape = &shape{kind: kMap, fields: []field{
		{"clock", &shape{kind: kMap, fields: []field{
			{"enabled", boolShape, false},
			{"mode", &shape{kind: kEnum, enum: []string{"off", "light", "normal"}}, false},
			{"cross_channel_tracking", boolShape, false},
			{"store", &shape{kind: kMap, fields: []field{
				{"last_message_timestamps", boolShape, false},
				{"latest_actions", &shape{kind: kMap, fields: []field{
					{"enabled", boolShape, false},
					{"max_items", &shape{kind: kInt, min: MinMaxItems, max: MaxMaxItems}, false},
					{"auto_clock_temporal_actions", boolShape, false},
					{"require_explicit_clock_it_for_non_temporal", boolShape, false},
					{"store_quotes", boolShape, false},
				}}, false},
			}}, false},
			{"checkins", &shape{kind: kMap, fields: []field{
				{"enabled", boolShape, false},
				{"rules", &shape{kind: kRules}, false},
			}}, false},
			{"inference", &shape{kind: kMap, fields: []field{
				{"enabled", boolShape, false},
				{"allow_for_tone_only", boolShape, false},
				{"require_confirmation_for_impactful_actions", boolShape, false},
			}}, false},
			{"ambiguity_threshold_hours", &shape{kind: kNumber, min: 0, max: math.Inf(1)}, false},
		}}, false},
	}}
)

// ThreadKinds are the §5.2 thread kinds.
var ThreadKinds = []string{"project", "conversation", "scheduling", "operations"}

var ruleIDPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

type walker struct {
	problems []Problem
}

func (w *walker) fail(n *yaml.Node, path, format string, args ...any) {
	w.problems = append(w.problems, Problem{Line: n.Line, Path: path, Message: fmt.Sprintf(format, args...)})
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// describe names a node's YAML type for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch n.Tag {
	case "!!null":
		return "null"
	case "!!bool":
		return "the boolean " + n.Value
	case "!!int":
		return "the integer " + n.Value
	case "!!float":
		return "the number " + n.Value
	case "!!str":
		return strconv.Quote(n.Value)
	}
	return fmt.Sprintf("%s %q", n.Tag, n.Value)
}

// walk checks n against s and returns its JSON-ready value (nil on a problem).
func (w *walker) walk(n *yaml.Node, s *shape, path string) any {
	if n.Anchor != "" || n.Kind == yaml.AliasNode {
		w.fail(n, path, "anchors and aliases are not allowed in a policy")
		return nil
	}
	switch s.kind {
	case kMap:
		return w.walkMap(n, s, path)
	case kRules:
		return w.walkRules(n, path)
	}
	if n.Kind != yaml.ScalarNode {
		w.fail(n, path, "must be %s, got %s", expected(s), describe(n))
		return nil
	}
	switch s.kind {
	case kBool:
		if n.Tag == "!!bool" {
			return strings.EqualFold(n.Value, "true")
		}
	case kInt:
		if n.Tag == "!!int" {
			var v int64
			if err := n.Decode(&v); err != nil || float64(v) < s.min || float64(v) > s.max {
				w.fail(n, path, "must be an integer from %g to %g, got %s", s.min, s.max, n.Value)
				return nil
			}
			return v
		}
	case kNumber:
		if n.Tag == "!!int" || n.Tag == "!!float" {
			var v float64
			if err := n.Decode(&v); err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < s.min || v > s.max {
				w.fail(n, path, "must be a finite number of at least %g, got %s", s.min, n.Value)
				return nil
			}
			return v
		}
	case kEnum:
		if n.Tag == "!!str" {
			for _, e := range s.enum {
				if n.Value == e {
					return e
				}
			}
			w.fail(n, path, "must be one of %s, got %q", strings.Join(s.enum, ", "), n.Value)
			return nil
		}
	case kDuration:
		if n.Tag == "!!str" {
			d, err := ParseDuration(n.Value)
			if err != nil {
				w.fail(n, path, "%v", err)
				return nil
			}
			return d.Text
		}
	case kRuleID:
		if n.Tag == "!!str" {
			if !ruleIDPattern.MatchString(n.Value) {
				w.fail(n, path, "a rule id is letters, digits, _ . and -, got %q", n.Value)
				return nil
			}
			return n.Value
		}
	}
	w.fail(n, path, "must be %s, got %s", expected(s), describe(n))
	return nil
}

func expected(s *shape) string {
	switch s.kind {
	case kMap:
		return "a mapping"
	case kRules:
		return "a list of rules"
	case kBool:
		return "true or false"
	case kInt:
		return "an integer"
	case kNumber:
		return "a number"
	case kEnum:
		return "one of " + strings.Join(s.enum, ", ")
	case kDuration:
		return "an ISO 8601 duration string"
	}
	return "a string"
}

func (w *walker) walkMap(n *yaml.Node, s *shape, path string) any {
	if n.Kind != yaml.MappingNode {
		w.fail(n, path, "must be a mapping, got %s", describe(n))
		return nil
	}
	out := map[string]any{}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Anchor != "" || k.Kind == yaml.AliasNode {
			w.fail(k, path, "anchors and aliases are not allowed in a policy")
			continue
		}
		if k.Kind != yaml.ScalarNode || k.Tag != "!!str" {
			w.fail(k, path, "keys must be plain strings, got %s", describe(k))
			continue
		}
		var fs *shape
		for _, f := range s.fields {
			if f.key == k.Value {
				fs = f.shape
			}
		}
		if fs == nil {
			w.fail(k, path, "unknown key %q (allowed: %s)", k.Value, keys(s))
			continue
		}
		if seen[k.Value] {
			w.fail(k, path, "key %q appears twice", k.Value)
			continue
		}
		seen[k.Value] = true
		if val := w.walk(v, fs, join(path, k.Value)); val != nil {
			out[k.Value] = val
		}
	}
	for _, f := range s.fields {
		if f.required && !seen[f.key] {
			w.fail(n, path, "%q is required", f.key)
		}
	}
	if s.atLeast1 && len(n.Content) == 0 {
		w.fail(n, path, "needs at least one of %s", keys(s))
	}
	return out
}

func keys(s *shape) string {
	ks := make([]string, len(s.fields))
	for i, f := range s.fields {
		ks[i] = f.key
	}
	return strings.Join(ks, ", ")
}

func (w *walker) walkRules(n *yaml.Node, path string) any {
	if n.Kind != yaml.SequenceNode {
		w.fail(n, path, "must be a list of rules, got %s", describe(n))
		return nil
	}
	if len(n.Content) > MaxRules {
		w.fail(n, path, "at most %d rules are allowed, got %d", MaxRules, len(n.Content))
		return nil
	}
	out := []any{}
	ids := map[string]bool{}
	for i, r := range n.Content {
		p := fmt.Sprintf("%s[%d]", path, i)
		v := w.walk(r, ruleShape, p)
		m, _ := v.(map[string]any)
		if id, ok := m["id"].(string); ok {
			if ids[id] {
				w.fail(r, p, "rule id %q is used twice", id)
			}
			ids[id] = true
		}
		out = append(out, v)
	}
	return out
}

var lineInError = regexp.MustCompile(`line ([0-9]+)`)

// parseDocument reads one YAML document strictly. A document without content
// (empty, comments only, "---", "~") is a missing policy: ok is false.
func parseDocument(doc []byte) (tree map[string]any, ok bool, err error) {
	if len(doc) > MaxPolicyBytes {
		return nil, false, &PolicyError{[]Problem{{Line: 1, Message: fmt.Sprintf("the policy is %d bytes; at most %d are read", len(doc), MaxPolicyBytes)}}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(doc))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, false, nil
		}
		return nil, false, &PolicyError{[]Problem{yamlProblem(err)}}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		line := extra.Line
		if err != nil {
			return nil, false, &PolicyError{[]Problem{yamlProblem(err)}}
		}
		return nil, false, &PolicyError{[]Problem{{Line: line, Message: "only one YAML document is allowed"}}}
	}
	body := &root
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		body = root.Content[0]
	}
	if body.Kind == yaml.ScalarNode && body.Tag == "!!null" && body.Anchor == "" {
		return nil, false, nil
	}
	if n := findAnchor(&root); n != nil {
		return nil, false, &PolicyError{[]Problem{{Line: n.Line, Message: "anchors and aliases are not allowed in a policy"}}}
	}
	w := &walker{}
	v := w.walk(body, documentShape, "")
	if len(w.problems) > 0 {
		sort.SliceStable(w.problems, func(i, j int) bool { return w.problems[i].Line < w.problems[j].Line })
		return nil, false, &PolicyError{w.problems}
	}
	return v.(map[string]any), true, nil
}

// findAnchor returns the first node that defines an anchor or is an alias.
// It runs before anything else looks at the document, so an alias bomb is
// refused without a single expansion.
func findAnchor(n *yaml.Node) *yaml.Node {
	if n.Anchor != "" || n.Kind == yaml.AliasNode {
		return n
	}
	for _, c := range n.Content {
		if f := findAnchor(c); f != nil {
			return f
		}
	}
	return nil
}

func yamlProblem(err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if m := lineInError.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(msg, m[0]), ":"))
	}
	return Problem{Line: line, Message: "not valid YAML: " + msg}
}

// merge lays over onto base: mappings merge key by key, everything else
// (scalars, and the rules list) replaces. It records the replaced paths.
func merge(base, over map[string]any, path string, set *[]string) map[string]any {
	out := make(map[string]any, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		p := join(path, k)
		bm, bok := out[k].(map[string]any)
		om, ook := v.(map[string]any)
		if bok && ook {
			out[k] = merge(bm, om, p, set)
			continue
		}
		out[k] = v
		*set = append(*set, p)
	}
	return out
}

var (
	defaultOnce sync.Once
	defaultTree map[string]any
	defaultErr  error
)

// DefaultPolicyYAML is the §0 block exactly as the seed gives it, embedded
// from spec/clock-core/policy.yaml.
func DefaultPolicyYAML() []byte {
	b, err := fs.ReadFile(spec.FS(), "clock-core/policy.yaml")
	if err != nil {
		panic("clock: the embedded default policy is missing: " + err.Error())
	}
	return b
}

func defaults() map[string]any {
	defaultOnce.Do(func() {
		var ok bool
		defaultTree, ok, defaultErr = parseDocument(DefaultPolicyYAML())
		if defaultErr == nil && !ok {
			defaultErr = errors.New("the default policy is empty")
		}
	})
	if defaultErr != nil {
		panic("clock: the embedded default policy is invalid: " + defaultErr.Error())
	}
	return defaultTree
}

func typed(tree map[string]any) Policy {
	b, err := json.Marshal(tree)
	if err != nil {
		panic("clock: policy tree: " + err.Error())
	}
	var p Policy
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		panic("clock: policy tree: " + err.Error())
	}
	return p
}

// DefaultPolicy is the §0 block: what an agent uses when the user has no
// policy (§0 "If policy is missing, agents MUST default to the above block").
func DefaultPolicy() Policy { return defaultPolicy().clone() }

// LoadPolicy reads a user's policy document. No document (empty, comments
// only) gives the default block; a partial document is merged over it, key
// by key, with the rules list replacing the default rules as a whole (the
// user's order is the evaluation order of §5.1, and `rules: []` is the only
// way to drop a default rule). Every problem is reported with its line.
func LoadPolicy(doc []byte) (Loaded, error) {
	tree, ok, err := parseDocument(doc)
	if err != nil {
		return Loaded{}, err
	}
	if !ok {
		return Loaded{Policy: DefaultPolicy(), Source: SourceDefault, Overridden: []string{}}, nil
	}
	return overlay(defaults(), tree)
}

func overlay(base, tree map[string]any) (Loaded, error) {
	set := []string{}
	merged := merge(base, tree, "", &set)
	sort.Strings(set)
	return Loaded{Policy: typedPolicy(merged), Source: SourceDocument, Overridden: set}, nil
}

// WithOverrides lays a user's policy_overrides (a partial `clock` mapping
// stored in the state file, e.g. {"mode": "light"}) over p with the same
// rules as LoadPolicy. The overrides are JSON, which YAML reads as is.
func (p Policy) WithOverrides(overrides json.RawMessage) (Policy, error) {
	if len(bytes.TrimSpace(overrides)) == 0 {
		return p, nil
	}
	doc := append(append([]byte(`{"clock": `), overrides...), '}')
	tree, ok, err := parseDocument(doc)
	if err != nil || !ok {
		return p, err
	}
	base, err := p.tree()
	if err != nil {
		return p, err
	}
	l, err := overlay(base, tree)
	return l.Policy, err
}

// PolicyFromJSON reads a policy given as a JSON object (the `policy` field
// of an operation) with exactly the rules of a YAML document: JSON is YAML.
func PolicyFromJSON(raw json.RawMessage) (Policy, error) {
	if len(jsonin.TrimSpace(raw)) == 0 || string(jsonin.TrimSpace(raw)) == "null" {
		return DefaultPolicy(), nil
	}
	l, err := LoadPolicy(raw)
	return l.Policy, err
}

func (p Policy) tree() (map[string]any, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var t map[string]any
	err = json.Unmarshal(b, &t)
	return t, err
}
