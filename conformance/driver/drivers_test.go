package driver_test

import (
	"context"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// TestDriversAgree: the reference passes exactly the same scenarios, with
// the same verdicts at both levels, whether it is called in-process, over
// HTTP (the handler `conform serve` uses) or as a JSON-Lines subprocess.
func TestDriversAgree(t *testing.T) {
	srv := httptest.NewServer(protocol.Handler(reference.New()))
	defer srv.Close()
	httpDrv, err := driver.HTTP(srv.URL, driver.HTTPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	subDrv, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe},
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=healthy")})
	if err != nil {
		t.Fatal(err)
	}
	defer subDrv.Close()
	run := func(d conformance.Driver) map[string][2]conformance.Verdict {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Goldens: goldensFS()})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][2]conformance.Verdict{}
		for _, s := range rep.Scenarios {
			out[s.ID] = [2]conformance.Verdict{s.Compat, s.Exact}
		}
		return out
	}
	want := run(conformance.InProcess(reference.New()))
	for name, d := range map[string]conformance.Driver{"http": httpDrv, "subprocess": subDrv} {
		got := run(d)
		if len(got) != len(want) {
			t.Errorf("%s ran %d scenarios, in-process %d", name, len(got), len(want))
		}
		for id, v := range want {
			if got[id] != v {
				t.Errorf("%s: %s is %v, in-process %v", name, id, got[id], v)
			}
		}
	}
}
