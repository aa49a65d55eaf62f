package judge_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// replayable says whether a recorded call can be replayed out of its
// scenario. The store operations work on files the scenario's own steps set
// up in a folder removed after it; replayed alone they cannot be (and must
// not write to the recorded paths again).
func replayable(op string) bool { return !strings.HasPrefix(op, "clock-core.store_") }

// Reach is the coverage map the mutation command builds once per run (with
// fidelity/judge/reach): for
// every reference package, the operations whose calls execute its code.
// A package whose code runs at start-up maps to every operation ("*"),
// because what it computes then (a table, a compiled pattern) can reach any
// call without its functions running again.
type Reach map[string][]string

// reachingOps reads the map at path and returns the operations that reach
// pkg; nil (judge every call) when there is no map or no package, or when
// the package runs at start-up.
func reachingOps(path, pkg string) (map[string]bool, error) {
	if path == "" || pkg == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Reach
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ops, ok := r[pkg]
	if !ok || len(ops) == 0 {
		// No operation ran the package's code, so gremlins reports its
		// mutants NOT COVERED and never builds them; should one be built
		// anyway, every call judges it.
		return nil, nil
	}
	set := map[string]bool{}
	for _, op := range ops {
		if op == "*" {
			return nil, nil
		}
		set[op] = true
	}
	return set, nil
}

// TestReachingOpsSelectsOnlyWhatTheMapAllows: a package reached by two
// operations is judged by those; one whose code runs at start-up, one the
// map does not know and a run without a map are judged by every call.
func TestReachingOpsSelectsOnlyWhatTheMapAllows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reach.json")
	m := `{"m/reference/datetime": ["datetime_format", "datetime_math"], "m/reference/tzdb": ["*", "v1.format_local_time"]}`
	if err := os.WriteFile(path, []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := reachingOps(path, "m/reference/datetime")
	if err != nil || len(got) != 2 || !got["datetime_math"] || got["v1.format_local_time"] {
		t.Fatalf("datetime: %v, %v", got, err)
	}
	for _, pkg := range []string{"m/reference/tzdb", "m/reference/unknown", ""} {
		if got, err := reachingOps(path, pkg); err != nil || got != nil {
			t.Errorf("%q: %v, %v; want every call", pkg, got, err)
		}
	}
	if _, err := reachingOps(filepath.Join(t.TempDir(), "missing.json"), "m/reference/datetime"); err == nil {
		t.Error("a missing map was not an error")
	}
}
