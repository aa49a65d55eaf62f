// Package suitetest measures the suite rather than the harness: it holds
// wrong implementations of every profile — mutants, each the reference
// with one plausible porting mistake, and variants, the reference answering
// as a seed permits or forbids — and its tests require the suite to reject
// every wrong one and accept every permitted one, and spec/, features/ and
// the reference to agree with each other. A failure here means a scenario
// is missing or wrong, not that the harness is broken.
//
// The harness's own tests (package conformance) borrow the wrong
// implementations to run the runner's two loops against (Wrong,
// WrongDatetimeVariants).
//
// Belongs here: a new mutant or variant, a test that the suite catches it.
// Not here: a test of how the harness runs, judges or reports (next to the
// code it tests).
package suitetest

import (
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/reference"
)

// Mutant is the reference with one plausible porting mistake.
type Mutant = mutant

// Mutants are the mutants of a profile (v1, datetime, routing, timestamps,
// clock-core, clock-awareness), none for another name.
func Mutants(profile string) []Mutant {
	switch profile {
	case "v1":
		return mutants()
	case "datetime":
		return datetimeMutants()
	case "routing":
		return routingMutants()
	case "timestamps":
		return timestampsMutants()
	case "clock-core":
		return clockCoreMutants()
	case "clock-awareness":
		return clockAwarenessMutants()
	}
	return nil
}

// Wrong is the reference with the mistakes of all these mutants (the first
// to override an operation overrides it).
func Wrong(ms ...Mutant) driver.Implementation {
	m := mutant{name: "merged", ops: map[string]override{}}
	for _, x := range ms {
		for op, o := range x.ops {
			if _, ok := m.ops[op]; !ok {
				m.ops[op] = o
			}
		}
	}
	return mutated{reference.New(), m}
}

// WrongDatetimeVariants are the datetime variants the suite must reject:
// implementations answering some calls in a way the PRD does not permit,
// with their names.
func WrongDatetimeVariants() (names []string, impls []driver.Implementation) {
	for _, v := range dtWrongVariants() {
		names = append(names, v.name)
		impls = append(impls, dtFiltered{reference.New(), v.filter})
	}
	return names, impls
}
