package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// echoing is a chat-completions endpoint that puts the bearer key it got
// into everything it says: the model's reply, and (for mode "refuse") a
// 401 body, as a real provider's error page may quote it.
func echoing(t *testing.T, mode string, seen *[]string, mu *sync.Mutex) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		mu.Lock()
		*seen = append(*seen, auth)
		mu.Unlock()
		_, _ = io.Copy(io.Discard, r.Body)
		if mode == "refuse" {
			http.Error(w, `{"error":"invalid key `+auth+`"}`, http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		msg := map[string]any{"role": "assistant", "content": "your key is " + auth}
		if mode == "judge" {
			msg["content"] = `{"verdict":"fail","reason":"saw ` + auth + `"}`
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": msg}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

const agentKey, judgeKey = "sk-agent-0123456789abcdef", "sk-judge-fedcba9876543210"

// An API key goes only to the endpoint it was given for and appears in no
// output, whatever the endpoint echoes: not in the summary on stderr, not
// in agent-summary.json or agent-report.html, not in the error of a run
// that could not happen.
func TestAgentKeysStayWhereTheyWereGiven(t *testing.T) {
	t.Setenv("CLOCKSPEC_TEST_AGENT_KEY", agentKey)
	t.Setenv("CLOCKSPEC_TEST_JUDGE_KEY", judgeKey)
	var mu sync.Mutex
	var agentSaw, judgeSaw []string
	agentSrv := echoing(t, "reply", &agentSaw, &mu)
	judgeSrv := echoing(t, "judge", &judgeSaw, &mu)
	dir := t.TempDir()
	_, stdout, stderr := conform(t, "agent", "--agent", "openai+"+agentSrv.URL+"/v1", "--model", "m",
		"--api-key-env", "CLOCKSPEC_TEST_AGENT_KEY", "--judge", "openai+"+judgeSrv.URL+"/v1", "--judge-model", "j",
		"--run", "clock-agent/checkins/project-gap", "--report", dir)
	outputs := map[string]string{"stdout": stdout, "stderr": stderr}
	for _, f := range []string{"agent-summary.json", "agent-report.html"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		outputs[f] = string(b)
	}
	for name, text := range outputs {
		for _, k := range []string{agentKey, judgeKey} {
			if strings.Contains(text, k) {
				t.Errorf("%s holds the key %s", name, k[:8])
			}
		}
	}
	if !strings.Contains(outputs["agent-summary.json"], "[redacted]") {
		t.Errorf("the echoed key was not redacted but lost: the test shows nothing")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(agentSaw) == 0 {
		t.Fatal("the agent endpoint was never asked")
	}
	for _, a := range agentSaw {
		if a != "Bearer "+agentKey {
			t.Errorf("the agent endpoint got %q", a)
		}
	}
	for _, a := range judgeSaw {
		if strings.Contains(a, agentKey) {
			t.Errorf("the agent's key went to the judge")
		}
	}
	// The judge's own key goes to the judge when named.
	judgeSaw = judgeSaw[:0]
	mu.Unlock()
	conform(t, "agent", "--agent", "openai+"+agentSrv.URL+"/v1", "--model", "m",
		"--api-key-env", "CLOCKSPEC_TEST_AGENT_KEY", "--judge", "openai+"+judgeSrv.URL+"/v1", "--judge-model", "j",
		"--judge-api-key-env", "CLOCKSPEC_TEST_JUDGE_KEY", "--run", "clock-agent/checkins/project-gap")
	mu.Lock()
	if len(judgeSaw) == 0 || judgeSaw[0] != "Bearer "+judgeKey {
		t.Errorf("the judge got %v, want its own key", judgeSaw)
	}
}

// A refusal that quotes the key (a 401 body) is redacted in the error of a
// run that could not happen, on stderr and in the report folder.
func TestAgentRefusalQuotingTheKeyIsRedacted(t *testing.T) {
	t.Setenv("CLOCKSPEC_TEST_AGENT_KEY", agentKey)
	var mu sync.Mutex
	var saw []string
	srv := echoing(t, "refuse", &saw, &mu)
	dir := t.TempDir()
	_, stdout, stderr := conform(t, "agent", "--agent", "openai+"+srv.URL+"/v1", "--model", "m",
		"--api-key-env", "CLOCKSPEC_TEST_AGENT_KEY", "--run", "clock-agent/floating/oslo-winter", "--report", dir)
	b, _ := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	h, _ := os.ReadFile(filepath.Join(dir, "agent-report.html"))
	for name, text := range map[string]string{"stdout": stdout, "stderr": stderr, "summary": string(b), "html": string(h)} {
		if strings.Contains(text, agentKey) {
			t.Errorf("%s quotes the key", name)
		}
	}
	if !strings.Contains(stderr+string(b), "[redacted]") {
		t.Errorf("the 401 body was not shown redacted; stderr:\n%s", stderr)
	}
}

// A redirect is never followed: the conversation and the key do not reach
// the server it points to.
func TestAgentRedirectIsNotFollowed(t *testing.T) {
	t.Setenv("CLOCKSPEC_TEST_AGENT_KEY", agentKey)
	var mu sync.Mutex
	var elsewhere []string
	other := echoing(t, "reply", &elsewhere, &mu)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	code, _, stderr := conform(t, "agent", "--agent", "openai+"+redirect.URL+"/v1", "--model", "m",
		"--api-key-env", "CLOCKSPEC_TEST_AGENT_KEY", "--run", "clock-agent/floating/oslo-winter")
	mu.Lock()
	defer mu.Unlock()
	if len(elsewhere) != 0 {
		t.Fatalf("the redirect was followed: the other server got %d requests", len(elsewhere))
	}
	if code == exitOK || !strings.Contains(stderr, "307") {
		t.Errorf("exit %d; the 307 is not reported:\n%s", code, stderr)
	}
}

// An exec agent that stops reading its stdin (it only writes tool calls,
// so conform's answers fill the pipe) ends the run in bounded time: the
// write has a deadline, and the trial is charged a time-out.
func TestAgentThatStopsReadingEndsInBoundedTime(t *testing.T) {
	script := `read start; while :; do echo '{"type":"tool_call","id":"c","name":"clock_now","arguments":{}}'; done`
	argv, _ := json.Marshal([]string{"sh", "-c", script})
	start := time.Now()
	code, _, stderr := conform(t, "agent", "--agent", "exec:"+string(argv), "--max-tool-calls", "1000000",
		"--timeout", "3s", "--run", "clock-agent/floating/oslo-winter")
	took := time.Since(start)
	if took > 20*time.Second {
		t.Fatalf("the run took %s", took)
	}
	if code == exitOK || !strings.Contains(stderr, "did not read its input in time") {
		t.Errorf("exit %d after %s; the time-out is not reported:\n%s", code, took, stderr)
	}
}

// A line longer than the protocol's 4 MiB is the agent's protocol fault,
// said so, not a crash.
func TestAgentLineOverTheLimitIsAProtocolFault(t *testing.T) {
	script := `read start; head -c 5000000 /dev/zero | tr '\0' 'x'; echo; sleep 5`
	argv, _ := json.Marshal([]string{"sh", "-c", script})
	dir := t.TempDir()
	conform(t, "agent", "--agent", "exec:"+string(argv), "--timeout", "20s", "--run", "clock-agent/floating/oslo-winter", "--report", dir)
	b, err := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"fault": "protocol"`) || !strings.Contains(string(b), "longer than 4 MiB") {
		t.Errorf("agent-summary.json does not charge a protocol fault for the long line:\n%.2000s", b)
	}
}

// conform show with an enormous id answers at once (the nearest-id search
// skips candidates whose length alone puts them too far).
func TestShowHugeIDIsQuick(t *testing.T) {
	done := make(chan int, 1)
	go func() { code, _, _ := conform(t, "show", strings.Repeat("v1/x", 30000)); done <- code }()
	select {
	case code := <-done:
		if code != exitUsage {
			t.Errorf("exit %d, want %d", code, exitUsage)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("conform show with a 120 KB id took more than 20 s")
	}
}

// What an agent says is bounded in memory and in the report: a tool call's
// 3 MB arguments are refused and recorded by size, a 3 MB reply is cut in
// the transcript, and the report stays small.
func TestAgentWordsAreBoundedInTheReport(t *testing.T) {
	script := `read start
big=$(head -c 3000000 /dev/zero | tr '\0' 'x')
printf '{"type":"tool_call","id":"c1","name":"clock_now","arguments":{"pad":"%s"}}\n' "$big"
read result
printf '{"type":"reply","text":"%s"}\n' "$big"
while read line; do :; done`
	argv, _ := json.Marshal([]string{"bash", "-c", script})
	dir := t.TempDir()
	conform(t, "agent", "--agent", "exec:"+string(argv), "--timeout", "3s", "--run", "clock-agent/floating/oslo-winter", "--report", dir)
	for _, f := range []string{"agent-summary.json", "agent-report.html"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 1<<20 {
			t.Errorf("%s is %d bytes: the agent's 6 MB went into it", f, st.Size())
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	if !strings.Contains(string(b), "more than the 65536 a tool call may have") {
		t.Errorf("the oversized arguments are not recorded as refused:\n%.1500s", b)
	}
}

// An endpoint answering more than the kit's cap is the endpoint's fault,
// and nothing of it is kept.
func TestAgentEndpointAnswerIsCapped(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"choices":[{"message":{"role":"assistant","content":"`)
		chunk := strings.Repeat("x", 1<<20)
		for range 10 {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"}}]}`)
	}))
	defer srv.Close()
	dir := t.TempDir()
	_, _, stderr := conform(t, "agent", "--agent", "openai+"+srv.URL+"/v1", "--model", "m", "--run", "clock-agent/floating/oslo-winter", "--report", dir)
	b, _ := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	if len(b) > 1<<20 || !strings.Contains(string(b)+stderr, "more than 4 MiB") {
		t.Errorf("summary of %d bytes; the cap is not named:\n%.1000s\n%s", len(b), b, stderr)
	}
}

// A helper that escapes every mark of its tree — its own session, a double
// fork, an emptied environment — is still ended with the run: conform is
// its reaper (supervise.AdoptOrphans), so it is found among conform's
// children. It used to outlive the run.
func TestEscapedHelperDoesNotOutliveTheRun(t *testing.T) {
	script := `setsid env -i sh -c 'sleep 301.25 & exit' < /dev/null > /dev/null 2>&1 &
read start; while read line; do echo '{"type":"reply","text":"ok"}'; done`
	argv, _ := json.Marshal([]string{"sh", "-c", script})
	cmd, stderr := conformProcess(t, nil, "agent", "--agent", "exec:"+string(argv), "--run", "clock-agent/floating/oslo-winter", "--timeout", "5s")
	waitExit(t, cmd, time.Minute)
	// The helper's own start takes a moment; look a few times.
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if left := sleepersOf("301.25"); len(left) > 0 {
			for _, pid := range left {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("the escaped helper %v outlived conform agent; stderr:\n%s", left, stderr)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// sleepersOf lists the live processes running "sleep ARG".
func sleepersOf(arg string) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if string(cmdline) == "sleep\x00"+arg+"\x00" && !strings.Contains(string(stat), ") Z") {
			out = append(out, pid)
		}
	}
	return out
}
