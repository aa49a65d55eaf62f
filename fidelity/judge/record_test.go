//go:build !clockspec_mutation

package judge_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// The mutation run builds the judge with the tag clockspec_mutation, so a
// mutant's test binary links neither the harness nor godog (it replays the
// calls recorded once by the mutation command): a smaller link per mutant.
func init() { recordCalls = recordSuiteCalls }

// recordSuiteCalls runs the suite against the reference and writes its calls in
// the mutation command's format.
func recordSuiteCalls(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	_, err = conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, _ int, op string, input json.RawMessage, res protocol.Result) {
			if err := enc.Encode(Call{Scenario: sc.ID, Op: op, Input: string(input), Output: res.Output, Error: res.Error}); err != nil {
				t.Error(err)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	return path
}
