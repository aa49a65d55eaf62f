package conformance_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/reference"
)

// An option that cannot be used fails the run with an *OptionError naming
// its Options field (a command line words it with its flag); the library
// never speaks of flags.
func TestBadOptionsNameTheirField(t *testing.T) {
	for _, c := range []struct {
		option string
		set    func(*conformance.Options)
	}{
		{"Tags", func(o *conformance.Options) { o.Tags = "v1" }},
		{"Tags", func(o *conformance.Options) { o.Tags = "@no-such-tag" }},
		{"Tags", func(o *conformance.Options) { o.Tags = "@v1 and" }},
		{"Run", func(o *conformance.Options) { o.Run = []conformance.Pattern{"v1/[x"} }},
		{"Skip", func(o *conformance.Options) { o.Skip = []conformance.Pattern{"v1/[x"} }},
		{"Shard", func(o *conformance.Options) { o.Shard = conformance.Shard{Index: 3, Count: 2} }},
		{"Require", func(o *conformance.Options) { o.Require = "most" }},
		{"Level", func(o *conformance.Options) { o.Level = "strict" }},
		{"Format", func(o *conformance.Options) { o.Format = "tap" }},
		{"FormatFiles", func(o *conformance.Options) { o.FormatFiles = []conformance.FormatFile{{Format: "junit"}} }},
		{"KnownFailing", func(o *conformance.Options) { o.KnownFailing = []conformance.Pattern{"v1/[x"} }},
	} {
		opts := conformance.Options{Driver: conformance.InProcess(reference.New())}
		c.set(&opts)
		_, err := conformance.Run(context.Background(), opts)
		var oe *conformance.OptionError
		if !errors.As(err, &oe) || oe.Option != c.option {
			t.Errorf("%s: %v (%T), want an OptionError for %s", c.option, err, err, c.option)
			continue
		}
		if strings.Contains(err.Error(), "--") {
			t.Errorf("%s: the library speaks of a flag: %v", c.option, err)
		}
	}
	_, err := conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(reference.New()),
		Tags: "@no-such-tag"})
	if !errors.Is(err, selection.ErrUnknownTag) {
		t.Errorf("an unknown tag: %v, want ErrUnknownTag", err)
	}
	_, err = conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(reference.New()),
		Run: []conformance.Pattern{"nope/**"}})
	if !errors.Is(err, conformance.ErrNothingSelected) || strings.Contains(err.Error(), "--") {
		t.Errorf("nothing selected: %v", err)
	}
}
