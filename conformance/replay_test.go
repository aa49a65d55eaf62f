package conformance_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
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
	f, err := conformance.ParseReplayFile(b)
	if err != nil || len(f.Calls) != 1 || f.Calls[0].Golden == nil {
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

// Issue 29, item 14: a replay file is checked against its schema before
// anything is sent: a call without an input (which each driver used to
// send as something else), an unknown field, no calls, a golden of the
// wrong shape are refused, each with its place in the file; a file as
// run --save-failures writes it, or with input null, is read.
func TestReplayFileSchema(t *testing.T) {
	for _, tc := range []struct {
		name, file, says string
	}{
		{"saved", `{"scenario":"v1/escape-xml/plain","profile":"v1","calls":[{"op":"v1.escape_xml","input":{"text":"a"},"golden":{"output":{"result":"a"}}}]}`, ""},
		{"input null", `{"scenario":"s","calls":[{"op":"v1.escape_xml","input":null}]}`, ""},
		{"no input", `{"scenario":"s","calls":[{"op":"v1.escape_xml"}]}`, "/calls/0"},
		{"no op", `{"scenario":"s","calls":[{"input":{}}]}`, "/calls/0"},
		{"no calls", `{"scenario":"s","calls":[]}`, "/calls"},
		{"unknown field", `{"scenario":"s","calls":[{"op":"x","input":{},"inputs":{}}]}`, "/calls/0"},
		{"golden of two answers", `{"scenario":"s","calls":[{"op":"x","input":{},"golden":{"output":1,"error":{"code":"x"}}}]}`, "/calls/0/golden"},
		{"not an object", `[1]`, "at /"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := conformance.ParseReplayFile([]byte(tc.file))
			switch {
			case tc.says == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)):
				t.Errorf("got %v, want a refusal naming %s", err, tc.says)
			}
		})
	}
}

// A replay call over the protocol's size cap is the file's fault: refused
// before anything is sent, never charged to the implementation (which
// would rightly answer malformed_request).
func TestReplayRefusesACallOverTheProtocolCap(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	huge := `{"text":"` + strings.Repeat("x", 1<<20) + `"}`
	f := conformance.ReplayFile{Scenario: "v1/x", Profile: "v1", Calls: []conformance.ReplayCall{{Op: "v1.escape_xml", Input: []byte(huge)}}}
	sent := false
	d := conformance.InProcess(spy{reference.New(), &sent})
	_, err = conformance.Replay(context.Background(), d, cat, f, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "more than the protocol's") {
		t.Fatalf("err %v, want the cap named", err)
	}
	if sent {
		t.Fatal("the oversized call was sent")
	}
}

// spy records whether any call reached the implementation.
type spy struct {
	*reference.Implementation
	sent *bool
}

func (s spy) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	*s.sent = true
	return s.Implementation.Call(ctx, op, in)
}
