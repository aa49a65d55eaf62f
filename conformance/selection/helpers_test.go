package selection_test

import (
	"context"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
)

func run(t *testing.T, impl conformance.Implementation, opts conformance.Options) *conformance.Report {
	t.Helper()
	opts.Driver = conformance.InProcess(impl)
	if opts.Goldens == nil {
		opts.Goldens = goldens.FS()
	}
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func patterns(ps ...string) []conformance.Pattern {
	out := make([]conformance.Pattern, len(ps))
	for i, p := range ps {
		out[i] = conformance.Pattern(p)
	}
	return out
}
