package conformance_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// BenchmarkV1Profile runs the whole v1 profile against the in-process
// reference (the runner's own loop, schema validation, goldens). BenchmarkV1Calls replays the
// same calls straight into the reference, the baseline: the ratio of the two
// is what the harness costs.
func BenchmarkV1Profile(b *testing.B) {
	cat, err := spec.Load()
	if err != nil {
		b.Fatal(err)
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		b.Fatal(err)
	}
	drv := conformance.InProcess(reference.New())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := conformance.Run(context.Background(), conformance.Options{
			Driver: drv, Catalog: cat, Suite: suite, Tags: "@v1", Goldens: goldensFS()})
		if err != nil || !rep.OK() {
			b.Fatalf("run failed: %v", err)
		}
	}
}

func BenchmarkV1Calls(b *testing.B) {
	type call struct {
		op    string
		input json.RawMessage
	}
	var calls []call
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Tags: "@v1", Level: conformance.LevelCompat,
		OnCall: func(_ *features.Scenario, _ int, op string, input json.RawMessage, _ protocol.Result) {
			calls = append(calls, call{op, input})
		}})
	if err != nil {
		b.Fatal(err)
	}
	ref := reference.New()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, c := range calls {
			ref.Call(ctx, c.op, c.input)
		}
	}
}
