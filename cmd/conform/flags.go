package main

import (
	"strings"

	"github.com/clockspec/clockspec/conformance/selection"
)

// patterns is a repeatable flag of comma-separated scenario id patterns.
type patterns []selection.Pattern

func (p *patterns) String() string {
	s := make([]string, len(*p))
	for i, x := range *p {
		s[i] = string(x)
	}
	return strings.Join(s, ",")
}

func (p *patterns) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			if err := selection.ValidatePattern(part); err != nil {
				return err
			}
			*p = append(*p, selection.Pattern(part))
		}
	}
	return nil
}
