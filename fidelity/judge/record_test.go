//go:build !clockspec_mutation

package judge_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
)

// The mutation run builds the judge with the tag clockspec_mutation, so a
// mutant's test binary links neither the harness nor godog (it replays the
// calls recorded once by the mutation command): a smaller link per mutant.
func init() { recordCalls = recordSuiteCalls }

// recordSuiteCalls writes the suite's calls with the reference's answers, as
// the call corpus holds them (goldens/, written by make gen from the
// reference), in the mutation command's format: the judge then checks the
// unmutated reference still answers every one alike.
func recordSuiteCalls(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	err = conformance.WalkCorpus(goldens.FS(), func(id string, calls []conformance.CorpusCall) error {
		for _, c := range calls {
			rec := Call{Scenario: id, Op: c.Op, Input: string(c.Input), Output: c.Output(), Open: c.Open != nil}
			if code := c.ErrorCode(); code != "" {
				rec.Error = &protocol.Error{Code: code}
			}
			if err := enc.Encode(rec); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}
