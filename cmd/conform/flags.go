package main

import (
	"strings"

	"github.com/clockspec/clockspec/conformance"
)

// patterns is a repeatable flag of comma-separated scenario id patterns.
type patterns []conformance.Pattern

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
			if err := conformance.ValidatePattern(part); err != nil {
				return err
			}
			*p = append(*p, conformance.Pattern(part))
		}
	}
	return nil
}
