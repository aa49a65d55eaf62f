package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// withoutTimes is an agent-summary.json with its times (when it started,
// wall times) taken out, and the shard it was: what must be the same
// whether a run was serial, parallel, or sharded and merged.
func withoutTimes(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var strip func(v any)
	strip = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			delete(x, "started")
			delete(x, "wall_seconds")
			for _, e := range x {
				strip(e)
			}
		case []any:
			for _, e := range x {
				strip(e)
			}
		}
	}
	strip(v)
	if run, ok := v.(map[string]any)["run"].(map[string]any); ok {
		delete(run, "shard")
	}
	out, _ := json.MarshalIndent(v, "", " ")
	return string(out)
}

const agentSubset = "clock-agent/floating/**,clock-agent/confirmation/**,clock-agent/correction/**"

// --parallel 4 gives the report --parallel 1 gives, trial for trial, in
// scenario and trial order (not the order trials end), for scripted agents
// (one rejected) and for a model behind an OpenAI-compatible endpoint,
// whose usage is summed the same.
func TestAgentParallelReportIsTheSerialOne(t *testing.T) {
	srv, _ := newScriptedEndpoint(t, "", 5*time.Millisecond)
	for _, args := range [][]string{
		{"--agent", "scripted:clock"},
		{"--agent", "scripted:floating-utc"},
		{"--agent", "openai+" + srv.URL + "/v1", "--model", "scripted"},
	} {
		var sums []string
		var codes []int
		for _, p := range []string{"1", "4"} {
			dir := t.TempDir()
			code, _, stderr := conform(t, append([]string{"agent", "--run", agentSubset, "--trials", "2", "--parallel", p, "--report", dir}, args...)...)
			if code == exitUsage {
				t.Fatalf("%v --parallel %s: exit 2\n%s", args, p, stderr)
			}
			codes = append(codes, code)
			sums = append(sums, withoutTimes(t, filepath.Join(dir, "agent-summary.json")))
		}
		if codes[0] != codes[1] || sums[0] != sums[1] {
			t.Errorf("%v: --parallel 4 (exit %d) differs from --parallel 1 (exit %d)", args, codes[1], codes[0])
		}
		if strings.HasPrefix(args[1], "openai+") && !strings.Contains(sums[0], `"total_tokens"`) {
			t.Errorf("the endpoint's usage is not in the summary")
		}
		if args[1] == "scripted:floating-utc" && codes[0] != exitFailed {
			t.Errorf("the time-blind variant: exit %d", codes[0])
		}
	}
}

// BenchmarkAgentParallel measures conversations at once against an
// endpoint that takes its time (300 ms an answer, as a hosted model might):
// each op is the floating scenarios at --parallel 1 and at 8, and the
// speed-up is their ratio in the same run. A timed test would flake on a
// loaded machine; that the verdicts are the same is a test
// (TestAgentParallelReportIsTheSerialOne).
//
//	go test ./cmd/conform -run '^$' -bench AgentParallel -benchtime 1x
func BenchmarkAgentParallel(b *testing.B) {
	srv, _ := newScriptedEndpoint(b, "", 300*time.Millisecond)
	var serial, parallel time.Duration
	for range b.N {
		for _, p := range []string{"1", "8"} {
			start := time.Now()
			code, _, stderr := conform(b, "agent", "--agent", "openai+"+srv.URL+"/v1", "--model", "scripted", "--run", "clock-agent/floating/**",
				"--parallel", p)
			if code != exitOK {
				b.Fatalf("--parallel %s: exit %d\n%s", p, code, stderr)
			}
			if p == "1" {
				serial += time.Since(start)
			} else {
				parallel += time.Since(start)
			}
		}
	}
	b.ReportMetric(serial.Seconds()/float64(b.N), "s-serial/op")
	b.ReportMetric(parallel.Seconds()/float64(b.N), "s-parallel8/op")
	b.ReportMetric(float64(serial)/float64(parallel), "speedup")
}

// An endpoint refusing every request (a wrong key, model or URL) is a run
// that could not happen: exit 2 at once, one message with the status and
// the body, and a report saying so — not a failed certification.
func TestAgentRefusedEndpointIsNoRun(t *testing.T) {
	for _, code := range []int{401, 403, 404} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, `{"error":{"message":"The model 'gpt-9' does not exist"}}`, code)
		}))
		dir := t.TempDir()
		start := time.Now()
		exit, _, stderr := conform(t, "agent", "--agent", "openai+"+srv.URL+"/v1", "--model", "gpt-9", "--trials", "3", "--parallel", "4", "--report", dir)
		took := time.Since(start)
		srv.Close()
		if exit != exitUsage || !strings.Contains(stderr, http.StatusText(code)) || !strings.Contains(stderr, "does not exist") {
			t.Errorf("%d always: exit %d after %s\n%s", code, exit, took, stderr)
		}
		if took > 5*time.Second {
			t.Errorf("%d always: took %s", code, took)
		}
		if strings.Contains(stderr, "MUST") || strings.Contains(stderr, "pass^") {
			t.Errorf("%d always: a verdict was printed:\n%s", code, stderr)
		}
		b, _ := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
		if !strings.Contains(string(b), `"could_not_run"`) {
			t.Errorf("%d always: the report does not say the run could not happen", code)
		}
	}
}

// An endpoint that accepts connections and never answers ends the run in
// bounded time: each trial times out, and three in a row stop the run as
// one that could not happen, with a message.
func TestAgentHungEndpointEndsInBoundedTime(t *testing.T) {
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(stop)
	start := time.Now()
	code, _, stderr := conform(t, "agent", "--agent", "openai+"+srv.URL+"/v1", "--model", "m", "--timeout", "1s", "--parallel", "2", "--run", "clock-agent/floating/**")
	took := time.Since(start)
	if code != exitUsage || !strings.Contains(stderr, "faulted 3 trials in a row") || !strings.Contains(stderr, "timeout") {
		t.Errorf("exit %d after %s:\n%s", code, took, stderr)
	}
	if took > 15*time.Second {
		t.Errorf("a hung endpoint held the run %s", took)
	}
}

// Shards of one run merge into the run's verdict: the same summary (apart
// from times) and exit status as the run played whole; a missing shard, a
// shard given twice, and shards of different agents are refused, saying
// which.
func TestAgentShardsMergeIntoTheWholeRun(t *testing.T) {
	run := func(agentName, shard string) string {
		dir := t.TempDir()
		args := []string{"agent", "--agent", agentName, "--run", agentSubset, "--trials", "2", "--report", dir}
		if shard != "" {
			args = append(args, "--shard", shard)
		}
		if code, _, stderr := conform(t, args...); code == exitUsage {
			t.Fatalf("%s %s: exit 2\n%s", agentName, shard, stderr)
		}
		return dir
	}
	whole := run("scripted:floating-utc", "")
	s1, s2, s3 := run("scripted:floating-utc", "1/3"), run("scripted:floating-utc", "2/3"), run("scripted:floating-utc", "3/3")
	merged := t.TempDir()
	code, _, stderr := conform(t, "agent", "report", "--report", merged, s3, s1, s2)
	if code != exitFailed {
		t.Fatalf("the merged shards of a rejected agent: exit %d\n%s", code, stderr)
	}
	if withoutTimes(t, filepath.Join(whole, "agent-summary.json")) != withoutTimes(t, filepath.Join(merged, "agent-summary.json")) {
		t.Error("the merged shards' summary differs from the whole run's")
	}
	other := run("scripted:clock", "3/3")
	for _, c := range []struct {
		name string
		dirs []string
		want string
	}{
		{"missing", []string{s1, s2}, "shard 3/3 missing"},
		{"twice", []string{s1, s2, s3, s3}, "shard 3/3 is given twice"},
		{"another agent's", []string{s1, s2, other}, "differ in agent"},
		{"not a report", []string{t.TempDir()}, "agent-summary.json"},
	} {
		code, _, stderr := conform(t, append([]string{"agent", "report"}, c.dirs...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, want 2 saying %q:\n%s", c.name, code, c.want, stderr)
		}
	}
}

// Several runs side by side: one leaderboard, each run's verdict, tiers
// and usage, and per scenario and requirement each run's pass^1…pass^n.
func TestAgentLeaderboard(t *testing.T) {
	srv, _ := newScriptedEndpoint(t, scripted.FloatingUTC, 0)
	var dirs []string
	for _, args := range [][]string{{"--agent", "scripted:clock"}, {"--agent", "openai+" + srv.URL + "/v1", "--model", "utc-model"}} {
		dir := t.TempDir()
		conform(t, append([]string{"agent", "--run", "clock-agent/floating/**", "--trials", "3", "--report", dir}, args...)...)
		dirs = append(dirs, dir)
	}
	board := t.TempDir()
	code, _, stderr := conform(t, append([]string{"agent", "report", "--report", board}, dirs...)...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(board, "leaderboard.json"))
	if err != nil {
		t.Fatal(err)
	}
	var lb struct {
		Runs []struct {
			Label    string
			Conforms bool
			Usage    struct {
				TotalTokens int64 `json:"total_tokens"`
			}
		}
		Scenarios []struct {
			ID    string
			Cells []*struct {
				PassHat []float64 `json:"pass_hat"`
				Passes  int
			}
		}
	}
	if err := json.Unmarshal(b, &lb); err != nil {
		t.Fatal(err)
	}
	if len(lb.Runs) != 2 || !lb.Runs[0].Conforms || lb.Runs[1].Conforms || lb.Runs[1].Usage.TotalTokens == 0 || !strings.Contains(lb.Runs[1].Label, "utc-model") {
		t.Fatalf("runs: %+v", lb.Runs)
	}
	found := false
	for _, s := range lb.Scenarios {
		if s.ID == "clock-agent/floating/oslo-spring-forward" {
			found = true
			if len(s.Cells) != 2 || len(s.Cells[0].PassHat) != 3 || s.Cells[0].PassHat[2] != 1 || s.Cells[1].PassHat[0] != 0 {
				t.Errorf("oslo-spring-forward: %s", b)
			}
		}
	}
	if !found {
		t.Error("the leaderboard lacks oslo-spring-forward")
	}
	h, _ := os.ReadFile(filepath.Join(board, "leaderboard.html"))
	if !strings.Contains(string(h), "utc-model") || !strings.Contains(string(h), "does not conform") {
		t.Error("leaderboard.html lacks the runs")
	}
}

// Flags that cannot apply are refused.
func TestAgentRunnerFlagsAreChecked(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--agent", "scripted:clock", "--temperature", "0.2"}, "--temperature and --seed are sent to an openai+ agent"},
		{[]string{"--agent", "scripted:clock", "--temperature", "hot"}, "want a number from 0 to 2"},
		{[]string{"--agent", "scripted:clock", "--parallel", "0"}, "--parallel is 1 to 64"},
		{[]string{"--agent", "scripted:clock", "--retries", "-1"}, "--retries is 0 to 20"},
		{[]string{"--agent", "scripted:clock", "--shard", "3/2"}, "--shard"},
		{[]string{"--agent", "scripted:clock", "--run", "clock-agent/floating/oslo-winter", "--shard", "2/2"}, "this shard has none"},
	} {
		code, _, stderr := conform(t, append([]string{"agent"}, c.args...)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want 2 saying %q:\n%s", c.args, code, c.want, stderr)
		}
	}
}
