package fidelity

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// exceptionsJSON is the committed list of disagreement classes: every
// difference between the oracle and the reference that the matrix accepts,
// each with the reason why the reference is right (or why the oracle cannot
// judge). A disagreement no class covers fails the run.
//
//go:embed exceptions.json
var exceptionsJSON []byte

// Class is one listed kind of disagreement. Rule names a predicate in rules
// (rules.go): a class covers a disagreement only when the case is of one of
// its families and the predicate holds for the exact pair of answers, so a
// class cannot silently swallow a different bug in the same family.
type Class struct {
	Class    string   `json:"class"`
	Families []string `json:"families"`
	Rule     string   `json:"rule"`
	Reason   string   `json:"reason"`

	rule rule
}

// Exceptions is the loaded list.
type Exceptions struct {
	Classes []*Class
}

// LoadExceptions reads the embedded exceptions.json.
func LoadExceptions() (*Exceptions, error) { return ParseExceptions(exceptionsJSON) }

// ParseExceptions reads a list of classes and checks every entry: a known
// rule, known families, a reason, no class named twice.
func ParseExceptions(data []byte) (*Exceptions, error) {
	var cs []*Class
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cs); err != nil {
		return nil, fmt.Errorf("exceptions: %w", err)
	}
	seen := map[string]bool{}
	for i, c := range cs {
		switch {
		case c.Class == "":
			return nil, fmt.Errorf("exceptions: entry %d has no class", i)
		case seen[c.Class]:
			return nil, fmt.Errorf("exceptions: class %q listed twice", c.Class)
		case strings.TrimSpace(c.Reason) == "":
			return nil, fmt.Errorf("exceptions: class %q has no reason", c.Class)
		case len(c.Families) == 0:
			return nil, fmt.Errorf("exceptions: class %q names no family", c.Class)
		}
		seen[c.Class] = true
		for _, f := range c.Families {
			if !slices.Contains(Families, f) {
				return nil, fmt.Errorf("exceptions: class %q: unknown family %q", c.Class, f)
			}
		}
		r, ok := rules[c.Rule]
		if !ok {
			return nil, fmt.Errorf("exceptions: class %q: unknown rule %q", c.Class, c.Rule)
		}
		c.rule = r
	}
	return &Exceptions{Classes: cs}, nil
}

// Cover returns the first class that covers the disagreement on c, or "".
func (x *Exceptions) Cover(c *Case, ref, oracle Answer) string {
	if x == nil || ref.Fault != nil || oracle.Fault != nil {
		return "" // a fault is never an accepted difference
	}
	for _, cl := range x.Classes {
		if slices.Contains(cl.Families, c.Family) && cl.rule(c, ref, oracle) {
			return cl.Class
		}
	}
	return ""
}

// Get returns the class named name.
func (x *Exceptions) Get(name string) *Class {
	for _, c := range x.Classes {
		if c.Class == name {
			return c
		}
	}
	return nil
}
