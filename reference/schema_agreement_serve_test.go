package reference_test

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/clockspec/clockspec/protocol"
)

// The schema-agreement probe from outside, as an implementer's own probe
// would run it: conform is built, started as `conform serve --stdio`, and
// sent every respelled call over the wire protocol; each answer is judged
// against the operation's input schema as TestSchemaAgreementProbe judges
// the in-process reference. It builds the binary, so it is one of the long
// tests (make test-long).
func TestSchemaAgreementProbeThroughServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds conform: make test-long runs it")
	}
	bin := filepath.Join(t.TempDir(), "conform")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/conform").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--stdio")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("conform serve --stdio: %v", err)
		}
	}()
	in, out := bufio.NewWriter(stdin), bufio.NewReaderSize(stdout, 1<<20)
	n := 0
	call := func(op string, input []byte) *protocol.Error {
		n++
		id := strconv.Itoa(n)
		in.Write(protocol.RequestLine(id, op, input))
		in.WriteByte('\n')
		if err := in.Flush(); err != nil {
			t.Fatal(err)
		}
		line, err := out.ReadBytes('\n')
		if err != nil {
			t.Fatalf("call %d (%s): %v", n, op, err)
		}
		var resp protocol.Response
		if err := json.Unmarshal(line, &resp); err != nil || resp.ID != id {
			t.Fatalf("call %d (%s): answered %q (%v)", n, op, line, err)
		}
		return resp.Error
	}
	cat, all := operations(t)
	probed, ops, disagree := 0, map[string]bool{}, map[string]int{}
	for _, c := range suiteCalls(t) {
		ops[c.op] = true
		for _, v := range probeVariants(c.input) {
			probed++
			if d := disagreement(call, cat, c.op, []byte(v)); d != "" {
				if disagree[c.op]++; disagree[c.op] == 1 {
					t.Errorf("%s: e.g. %s: %s", c.op, v, d)
				}
			}
		}
	}
	if probed < 1000 || len(ops) < len(all) {
		t.Fatalf("%d respelled inputs to %d operations of %d: the suite's calls were not found", probed, len(ops), len(all))
	}
	t.Logf("%d respelled inputs through conform serve --stdio to %d operations: disagreements in %d", probed, len(ops), len(disagree))
}
