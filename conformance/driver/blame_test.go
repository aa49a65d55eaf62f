package driver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// weekdayInHostZone is a datetime tool's classic slip: the weekday of the
// instant in the host's zone, not in the timestamp's own offset.
func weekdayInHostZone(out json.RawMessage) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(out, &m) != nil || m["operation"] != "weekday" {
		return out
	}
	ts, _ := m["timestamp"].(string)
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return out
	}
	wd := t.In(time.Local).Weekday()
	m["weekday"] = wd.String()
	m["weekday_index"] = (int(wd)+6)%7 + 1
	b, _ := json.Marshal(m)
	return b
}

// nudgeLargeFractions moves every number of at least a million that has a
// fraction by 1e-10: what a float64 round trip does to ten decimals.
func nudgeLargeFractions(out json.RawMessage) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return out
	}
	for k, v := range m {
		n, ok := v.(json.Number)
		if !ok || !strings.Contains(string(n), ".") {
			continue
		}
		r, ok := new(big.Rat).SetString(string(n))
		if !ok || new(big.Rat).Abs(r).Cmp(big.NewRat(1_000_000, 1)) < 0 {
			continue
		}
		r.Add(r, big.NewRat(1, 10_000_000_000))
		m[k] = json.Number(r.FloatString(10))
	}
	b, _ := json.Marshal(m)
	return b
}

// fakeDriver starts the test binary as a fake implementation.
func fakeDriver(t *testing.T, mode, match string, opts driver.SubprocessOptions) (conformance.Driver, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	piddir, state := t.TempDir(), t.TempDir()
	opts.Argv = []string{exe}
	opts.Env = append(os.Environ(), "CLOCKSPEC_FAKE="+mode, "CLOCKSPEC_FAKE_MATCH="+match,
		"CLOCKSPEC_FAKE_PIDDIR="+piddir, "CLOCKSPEC_FAKE_STATE="+state)
	if opts.Deadline == 0 {
		opts.Deadline = 2 * time.Second
	}
	drv, err := driver.Subprocess(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		drv.Close()
		// Should the supervisor miss a setsid grandchild, the test ends it.
		entries, _ := os.ReadDir(piddir)
		for _, e := range entries {
			if pid, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "grandchild-")); err == nil && strings.HasPrefix(e.Name(), "grandchild-") {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	return drv, piddir
}

func failing(rep *conformance.Report) []string {
	var out []string
	for _, s := range rep.Scenarios {
		if isFailure(rep.LevelVerdict(s)) {
			out = append(out, s.ID)
		}
	}
	sort.Strings(out)
	return out
}

// An implementation that crashes on every call naming Mars/Olympus fails
// exactly the scenarios that one answering them wrongly fails: a crash is
// charged to its own call, and a fresh process answers the rest.
func TestCrashIsChargedToItsCall(t *testing.T) {
	const marker = "Mars/Olympus"
	run := func(mode string) *conformance.Report {
		drv, _ := fakeDriver(t, mode, marker, driver.SubprocessOptions{})
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	crash, wrong := run("crash"), run("wrong")
	fc, fw := failing(crash), failing(wrong)
	t.Logf("of %d scenarios, crash-on-marker fails %d, wrong-answer-on-marker %d", len(crash.Scenarios), len(fc), len(fw))
	if len(fw) < 5 {
		t.Fatalf("the wrong-answer implementation fails only %d scenarios: the marker must be in several", len(fw))
	}
	if strings.Join(fc, "\n") != strings.Join(fw, "\n") {
		t.Errorf("crash-on-marker fails %d scenarios, wrong-answer-on-marker %d; they must be the same:\ncrash: %v\nwrong: %v", len(fc), len(fw), fc, fw)
	}
	for _, s := range crash.Scenarios {
		if isFailure(s.Verdict) && (s.Compat != conformance.Crashed || strings.Count(s.Problem, "fake: crashing on") != 1) {
			t.Errorf("%s: %s %q: want crashed, with its own child's stderr (and no other's)", s.ID, s.Compat, s.Problem)
		}
	}
}

// Output after an answer — a debug line, the answer written twice — is
// charged to the call it followed, not to the next case.
func TestOutputAfterAnAnswerIsChargedToIt(t *testing.T) {
	const faulty = "v1/escape-xml/plain"
	for _, mode := range []string{"debug-after", "answer-twice"} {
		t.Run(mode, func(t *testing.T) {
			drv, _ := fakeDriver(t, mode, `"hello world"`, driver.SubprocessOptions{})
			rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
			if err != nil {
				t.Fatal(err)
			}
			for id, s := range verdicts(rep) {
				switch {
				case id == faulty && s.Compat != conformance.ProtocolError:
					t.Errorf("the call the output followed: %s %q, want protocol-error", s.Compat, s.Problem)
				case id == faulty && !strings.Contains(s.Problem, "v1.escape_xml"):
					t.Errorf("the fault does not name the call it followed: %q", s.Problem)
				case id != faulty && s.Compat != conformance.Passed:
					t.Errorf("healthy case %s: %s %s", id, s.Compat, s.Problem)
				}
			}
		})
	}
}

// A restarted child whose hello is refused is never used: the cases after
// the crash fail saying the implementation could not be started again, and
// none of them is judged on the refused child's answers.
func TestRefusedHelloIsNotUsed(t *testing.T) {
	drv, _ := fakeDriver(t, "refuse-after-restart", `"hello world"`, driver.SubprocessOptions{MaxRestarts: 1})
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
	if err != nil {
		t.Fatal(err)
	}
	after := false
	for _, s := range rep.Scenarios {
		if s.ID == "v1/escape-xml/plain" {
			if s.Compat != conformance.Crashed {
				t.Errorf("the crashing case: %s %q", s.Compat, s.Problem)
			}
			after = true
			continue
		}
		if after && s.Compat == conformance.Passed {
			t.Errorf("%s passed on a child whose hello was refused", s.ID)
		}
		if after && !strings.Contains(s.Problem, "could not be started again") {
			t.Errorf("%s: %q does not say why", s.ID, s.Problem)
		}
	}
	if !after {
		t.Fatal("the crashing case did not run")
	}
}

// A pipelined window: when a child dies with several calls in flight, each
// is sent again, alone, to a fresh child; only the call that kills a second
// child is charged.
func TestPipelinedCrashChargesOnlyTheCulprit(t *testing.T) {
	drv, _ := fakeDriver(t, "crash", "Mars/Olympus", driver.SubprocessOptions{Window: 8})
	if _, err := drv.Hello(context.Background()); err != nil {
		t.Fatal(err)
	}
	type result struct {
		i   int
		err error
	}
	inputs := []string{`{"text":"a"}`, `{"text":"b"}`, `{"text":"Mars/Olympus"}`, `{"text":"c"}`, `{"text":"d"}`, `{"text":"e"}`}
	done := make(chan result)
	for i, in := range inputs {
		go func(i int, in string) {
			_, err := drv.Call(context.Background(), "v1.escape_xml", json.RawMessage(in))
			done <- result{i, err}
		}(i, in)
	}
	for range inputs {
		r := <-done
		if (r.i == 2) != (r.err != nil) {
			t.Errorf("call %d (%s): %v", r.i, inputs[r.i], r.err)
		}
	}
}

// The reference answers the same whatever the host zone; an implementation
// that lets the host zone leak into an answer fails under every hostile one.
func TestHostileHostZones(t *testing.T) {
	for _, zone := range driver.HostileZones {
		t.Run(zone, func(t *testing.T) {
			drv, _ := fakeDriver(t, "weekday-local", "", driver.SubprocessOptions{HostTZ: zone})
			rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Tags: "@datetime"})
			if err != nil {
				t.Fatal(err)
			}
			f := failing(rep)
			if len(f) == 0 {
				t.Fatalf("under %s the host-zone-dependent implementation passes", zone)
			}
			for _, id := range f {
				calls, err := conformance.ReadCorpus(goldensFS(), id)
				if err != nil || len(calls) == 0 || !strings.Contains(string(calls[0].Answer), `"operation":"weekday"`) {
					t.Errorf("%s fails, but only weekday answers depend on the host zone", id)
				}
			}
		})
	}
}

// Exact is exact: numbers of a million and more whose tenth decimal differs
// fail at the exact level (a float64 comparison let them pass).
func TestLargeFractionsDifferAtExact(t *testing.T) {
	drv, _ := fakeDriver(t, "fraction", "", driver.SubprocessOptions{})
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: []conformance.Pattern{"datetime/decisions/diff-numbers/**"}})
	if err != nil {
		t.Fatal(err)
	}
	v := verdicts(rep)
	if s := v["datetime/decisions/diff-numbers/whole-range"]; s.Verdict != conformance.Failed || !strings.Contains(s.Problem, "9833333334") {
		t.Errorf("whole-range: %s %q, want failed showing the nudged value", s.Verdict, s.Problem)
	}
	// The same number written another way is the same decimal value.
	same, err := conformance.Canonical(protocol.Result{Output: json.RawMessage(`{"a":2.50,"b":1E3,"c":-0.0,"d":3652424.99998842590}`)})
	if err != nil || string(same) != `{"output":{"a":2.5,"b":1000,"c":0,"d":3652424.9999884259}}` {
		t.Errorf("canonical form: %s %v", same, err)
	}
	a, _ := conformance.Canonical(protocol.Result{Output: json.RawMessage(`{"d":3652424.9999884258}`)})
	b, _ := conformance.Canonical(protocol.Result{Output: json.RawMessage(`{"d":3652424.9999884259}`)})
	if bytes.Equal(a, b) {
		t.Errorf("…258 and …259 compare equal: %s", a)
	}
	if s := v["datetime/decisions/diff-numbers/half-rounds-up"]; s.Verdict != conformance.Passed {
		t.Errorf("small numbers are untouched, yet: %s %q", s.Verdict, s.Problem)
	}
}

// A grandchild in its own session holding stdout neither hangs the run nor
// outlives it: the supervisor ends the whole tree, so stdout closes and no
// warning is needed.
func TestSetsidGrandchildDoesNotHang(t *testing.T) {
	for _, mode := range []string{"setsid", "setsid-crash"} {
		t.Run(mode, func(t *testing.T) {
			drv, piddir := fakeDriver(t, mode, `"hello world"`, driver.SubprocessOptions{Grace: 200 * time.Millisecond})
			start := time.Now()
			rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
			if err != nil {
				t.Fatal(err)
			}
			cerr := drv.Close()
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the run took %s", d)
			}
			if cerr != nil {
				t.Errorf("Close: %v, want the grandchild ended and nothing to warn of", cerr)
			}
			if left := alive(pidsIn(t, piddir)); len(left) > 0 {
				t.Errorf("processes %v outlived Close", left)
			}
			if mode == "setsid-crash" {
				s := verdicts(rep)["v1/escape-xml/plain"]
				if s.Compat != conformance.Crashed || !strings.Contains(s.Problem, "exit status 2") {
					t.Errorf("the crashing case: %s %q", s.Compat, s.Problem)
				}
			} else if !rep.OK() {
				t.Errorf("a well-behaved implementation with a stray grandchild must pass: %v", failing(rep))
			}
		})
	}
}

// HTTP: only 200 carries an answer; any other status, or a redirect, fails
// the case with the status and the body's first line.
func TestHTTPStatusIsPartOfTheAnswer(t *testing.T) {
	ok := protocol.Handler(reference.New())
	for _, tc := range []struct {
		name   string
		handle func(w http.ResponseWriter, r *http.Request)
		says   string
	}{
		{"500 with a correct body", func(w http.ResponseWriter, r *http.Request) {
			rec := httptest.NewRecorder()
			ok.ServeHTTP(rec, r)
			w.WriteHeader(http.StatusInternalServerError)
			w.Write(rec.Body.Bytes())
		}, "HTTP 500"},
		{"redirect", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/elsewhere", http.StatusTemporaryRedirect)
		}, "HTTP 307"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/call" {
					tc.handle(w, r)
					return
				}
				if r.URL.Path == "/elsewhere" {
					r.URL.Path = "/call"
				}
				ok.ServeHTTP(w, r)
			}))
			defer srv.Close()
			drv, err := driver.HTTP(srv.URL, driver.HTTPOptions{Deadline: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer drv.Close()
			rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range rep.Scenarios {
				if s.Compat != conformance.ProtocolError || !strings.Contains(s.Problem, tc.says) {
					t.Errorf("%s: %s %q, want protocol-error naming %s", s.ID, s.Compat, s.Problem, tc.says)
				}
			}
		})
	}
}

// The request reaches the implementation as the scenario wrote it: white
// space, key order, escapes and duplicate keys, through every driver.
func TestRequestsAsWritten(t *testing.T) {
	const input = " {\"b\" : 1,\n  \"a\":\"\\u00e9\\/<&>\", \"a\": 2 } "
	want := strings.ReplaceAll(input, "\n", " ") // JSON Lines: a newline between tokens becomes a space
	// Subprocess: the fake echoes each request line back as a string.
	drv, _ := fakeDriver(t, "echo-raw", "", driver.SubprocessOptions{})
	res, err := drv.Call(context.Background(), "v1.escape_xml", json.RawMessage(input))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	if err := json.Unmarshal(res.Output, &line); err != nil || !strings.Contains(line, `"input":`+want+`}`) {
		t.Errorf("subprocess request line %q does not carry the input %q verbatim", line, want)
	}
	// HTTP: the body carries the input with its newline.
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var err error
		if body, err = readAll(r); err != nil {
			t.Error(err)
		}
		w.Write([]byte(`{"id":"1","output":{}}`))
	}))
	defer srv.Close()
	hd, _ := driver.HTTP(srv.URL, driver.HTTPOptions{})
	_, _ = hd.Call(context.Background(), "v1.escape_xml", json.RawMessage(input))
	if !bytes.Contains(body, []byte(`"input":`+input+`}`)) {
		t.Errorf("HTTP body %q does not carry the input verbatim", body)
	}
	// In process: the implementation gets the bytes themselves.
	rec := &recordingImpl{}
	_, _ = conformance.InProcess(rec).Call(context.Background(), "v1.escape_xml", json.RawMessage(input))
	if string(rec.got) != input {
		t.Errorf("in-process input %q, want %q", rec.got, input)
	}
}

type recordingImpl struct{ got []byte }

func (r *recordingImpl) Hello() protocol.Hello { return protocol.Hello{} }
func (r *recordingImpl) Call(_ context.Context, _ string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	r.got = append([]byte(nil), in...)
	return json.RawMessage(`{}`), nil
}

func readAll(r *http.Request) ([]byte, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(r.Body)
	return b.Bytes(), err
}

func isFailure(v conformance.Verdict) bool {
	return v == conformance.Failed || v == conformance.Crashed || v == conformance.TimedOut || v == conformance.ProtocolError
}

// The deadline covers writing the request: a child that stops reading its
// stdin times the call out instead of blocking the run.
func TestDeadlineCoversWritingTheRequest(t *testing.T) {
	drv, _ := fakeDriver(t, "stop-reading", "", driver.SubprocessOptions{Deadline: 300 * time.Millisecond})
	if _, err := drv.Hello(context.Background()); err != nil {
		t.Fatal(err)
	}
	big := json.RawMessage(`{"text":"` + strings.Repeat("x", 4<<20/8) + `"}`)
	start := time.Now()
	_, err := drv.Call(context.Background(), "v1.escape_xml", big)
	var f *driver.Fault
	if !errors.As(err, &f) || f.Kind != driver.FaultTimeout || !strings.Contains(f.Detail, "stopped reading its stdin") {
		t.Errorf("want a time-out saying it stopped reading, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the call took %s with a 300ms deadline", d)
	}
}

// A child that cannot say hello properly — garbage first, another protocol
// version — stops the run at once: trying again would not help.
func TestBadHelloStopsTheRun(t *testing.T) {
	for mode, says := range map[string]string{
		"garbage-hello": "not a JSON response",
		"old-protocol":  `speaks protocol "0"`,
	} {
		t.Run(mode, func(t *testing.T) {
			drv, piddir := fakeDriver(t, mode, "", driver.SubprocessOptions{})
			_, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: faultRun})
			var cnr *conformance.CouldNotRun
			if !errors.As(err, &cnr) || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "1 attempt)") {
				t.Errorf("want the run not to happen after one attempt, saying %q; got %v", says, err)
			}
			if entries, _ := os.ReadDir(piddir); len(entries) != 1 {
				t.Errorf("%d starts, want 1", len(entries))
			}
		})
	}
}
