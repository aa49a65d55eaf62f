package conformance_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// A failing scenario saved with SaveFailures replays alone: against the
// implementation that failed it still fails, against the reference it passes.
func TestSaveFailuresThenReplay(t *testing.T) {
	dir := t.TempDir()
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(liar{reference.New()}), Goldens: goldensFS(), SaveFailures: dir,
		Run: []conformance.Pattern{"v1/escape-xml/empty", "v1/escape-xml/plain"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() {
		t.Fatal("the liar should fail")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.replay.json"))
	if len(files) != 2 {
		t.Fatalf("want 2 replay files, got %v", files)
	}
	b, err := os.ReadFile(filepath.Join(dir, conformance.ReplayName("v1/escape-xml/empty")))
	if err != nil {
		t.Fatal(err)
	}
	var f conformance.ReplayFile
	if err := json.Unmarshal(b, &f); err != nil || len(f.Calls) != 1 || f.Calls[0].Golden == nil {
		t.Fatalf("replay file %s: %v", b, err)
	}
	cat, _ := spec.Load()
	var out strings.Builder
	ok, err := conformance.Replay(context.Background(), conformance.InProcess(liar{reference.New()}), cat, f, &out)
	if err != nil || ok || !strings.Contains(out.String(), "SCHEMA") || !strings.Contains(out.String(), "DIFFERS") {
		t.Errorf("replay against the liar: ok=%v err=%v\n%s", ok, err, out.String())
	}
	out.Reset()
	ok, err = conformance.Replay(context.Background(), conformance.InProcess(reference.New()), cat, f, &out)
	if err != nil || !ok || !strings.Contains(out.String(), "matches its golden") {
		t.Errorf("replay against the reference: ok=%v err=%v\n%s", ok, err, out.String())
	}
}
