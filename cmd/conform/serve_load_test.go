//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// serveRSSLimit is what `conform serve` promises: whatever clients send, its
// resident memory stays under 256 MiB (protocol.DefaultLimits and the
// operations' own limits keep it there).
const serveRSSLimit = 256 << 20

// The test binary doubles as `conform serve`: with serveChildEnv set it
// serves instead of testing (an init, so that it needs no TestMain).
const serveChildEnv = "CONFORM_SERVE_LOAD_CHILD"

func init() {
	if os.Getenv(serveChildEnv) != "" {
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0"}, os.Stdout, os.Stderr))
	}
}

// startServe starts `conform serve` in a child process and returns its URL
// and pid; the child is killed when the test ends.
func startServeProcess(t testing.TB) (string, int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), serveChildEnv+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(stderr).ReadString('\n')
	m := regexp.MustCompile(`on (http://[0-9.:]+) `).FindStringSubmatch(line)
	if err != nil || m == nil {
		t.Fatalf("conform serve did not start: %q %v", line, err)
	}
	go io.Copy(io.Discard, stderr)
	return m[1], cmd.Process.Pid
}

// peakRSS is the process's peak resident set size (VmHWM).
func peakRSS(t testing.TB, pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("no VmHWM in /proc/%d/status", pid)
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb << 10
}

// fill is the size a worst-case input grows a field to: what fits in one
// request body with its envelope.
const fill = protocol.MaxMessageBytes - 4<<10

// worstInputs are, for every operation, the inputs whose cost grows most
// with the body: from the longest input its scenarios send, each string field
// (at any depth) filled to the body's limit with "." (the probe's pattern of
// a million dots), with "(" and with its own text repeated, each array
// filled by repeating its elements, and a field it does not know.
func worstInputs(t testing.TB) map[string][][]byte {
	first := map[string]json.RawMessage{}
	if err := conformance.WalkCorpus(goldens.FS(), func(_ string, calls []conformance.CorpusCall) error {
		for _, c := range calls {
			if len(c.Input) > len(first[c.Op]) {
				first[c.Op] = c.Input
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	out := map[string][][]byte{}
	for op, in := range first {
		var v any
		if err := json.Unmarshal(in, &v); err != nil {
			t.Fatal(err)
		}
		variants := inflate(v)
		if obj, ok := v.(map[string]any); ok { // and a field the operation does not know
			extra := map[string]any{"unknown_field": strings.Repeat(".", fill)}
			for k, e := range obj {
				extra[k] = e
			}
			variants = append(variants, extra)
		}
		for _, big := range variants {
			b, _ := json.Marshal(big)
			if len(b) <= fill+2<<10 {
				out[op] = append(out[op], b)
			}
		}
	}
	return out
}

// inflate returns v with one field at a time grown to the fill size.
func inflate(v any) []any {
	var out []any
	var walk func(cur any, set func(any) any)
	walk = func(cur any, set func(any) any) {
		switch x := cur.(type) {
		case string:
			for _, f := range []string{".", "(", x} {
				if f != "" {
					out = append(out, set(strings.Repeat(f, fill/len(f))))
				}
			}
		case []any:
			if len(x) > 0 {
				one, _ := json.Marshal(x)
				n := fill / len(one) * len(x)
				big := make([]any, n)
				for i := range big {
					big[i] = x[i%len(x)]
				}
				out = append(out, set(big))
			}
			for i := range x {
				walk(x[i], func(nv any) any {
					c := append([]any(nil), x...)
					c[i] = nv
					return set(c)
				})
			}
		case map[string]any:
			for k := range x {
				walk(x[k], func(nv any) any {
					c := make(map[string]any, len(x))
					for kk, vv := range x {
						c[kk] = vv
					}
					c[k] = nv
					return set(c)
				})
			}
		}
	}
	walk(v, func(n any) any { return n })
	return out
}

// heaviest is the input of an operation with the most JSON values (what
// costs memory to decode and to work on), the string fills included.
func heaviest(ins [][]byte) []byte {
	var best []byte
	most := -1
	for _, in := range ins {
		if n := bytes.Count(in, []byte("{")) + bytes.Count(in, []byte("[")) + bytes.Count(in, []byte(",")); n > most {
			best, most = in, n
		}
	}
	return best
}

// TestServeStaysUnderItsMemoryUnderWorstCaseLoad: four at once of every
// operation's heaviest worst-case input and of the probe's pattern of a
// million dots, sent by eight clients (more than the server's call slots)
// while GET /hello is asked every 50 ms: every call is answered, /hello
// answers throughout, and the peak resident memory stays under 256 MiB.
// Before the limits, four of the probe's patterns alone took 2.5 GB and all
// four connections dropped unanswered. BenchmarkServeWorstCaseLoad sends
// every worst-case input of every operation (minutes).
func TestServeStaysUnderItsMemoryUnderWorstCaseLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it sends every worst-case input of every operation for a minute; make test-long runs it")
	}
	inputs := worstInputs(t)
	picked := map[string][][]byte{}
	for op, ins := range inputs {
		picked[op] = [][]byte{heaviest(ins)}
	}
	dots, _ := json.Marshal(map[string]string{"pattern": strings.Repeat(".", 1_000_000), "text": "x"})
	picked["routing.pattern_test"] = append(picked["routing.pattern_test"], dots)
	serveLoad(t, picked)
}

// BenchmarkServeWorstCaseLoad: every worst-case input of every operation,
// four at once each; the figure is the peak RSS (peak-RSS-MiB).
//
//	go test ./cmd/conform -run '^$' -bench ServeWorstCaseLoad -benchtime 1x
func BenchmarkServeWorstCaseLoad(b *testing.B) {
	inputs := worstInputs(b)
	for b.Loop() {
		serveLoad(b, inputs)
	}
}

func serveLoad(t testing.TB, inputs map[string][][]byte) {
	url, pid := startServeProcess(t)
	type job struct {
		op    string
		input []byte
	}
	var jobs []job
	ops := make([]string, 0, len(inputs))
	for op := range inputs {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	for _, op := range ops {
		for _, in := range inputs[op] {
			for range 4 {
				jobs = append(jobs, job{op, in})
			}
		}
	}
	if want := len(reference.New().Hello().Operations); len(ops) != want {
		t.Fatalf("worst-case inputs for %d operations of %d", len(ops), want)
	}

	stop := make(chan struct{})
	var hellos, helloFails atomic.Int64
	var slowestHello atomic.Int64
	helloDone := make(chan struct{})
	go func() {
		defer close(helloDone)
		client := &http.Client{Timeout: 5 * time.Second}
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			start := time.Now()
			resp, err := client.Get(url + "/hello")
			if err == nil {
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("status %d", resp.StatusCode)
				}
			}
			if err != nil {
				helloFails.Add(1)
				t.Logf("GET /hello: %v", err)
			}
			hellos.Add(1)
			if d := int64(time.Since(start)); d > slowestHello.Load() {
				slowestHello.Store(d)
			}
		}
	}()

	start := time.Now()
	queue := make(chan job)
	var mu sync.Mutex
	codes := map[string]int{}
	slowest := map[string]time.Duration{}
	var failed []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Timeout: 60 * time.Second}
			for j := range queue {
				body, _ := json.Marshal(protocol.Request{ID: "1", Op: j.op, Input: j.input})
				began := time.Now()
				resp, err := client.Post(url+"/call", "application/json", bytes.NewReader(body))
				var r protocol.Response
				if err == nil {
					err = json.NewDecoder(resp.Body).Decode(&r)
					resp.Body.Close()
				}
				mu.Lock()
				if d := time.Since(began); d > slowest[j.op] {
					slowest[j.op] = d
				}
				switch {
				case err != nil:
					failed = append(failed, fmt.Sprintf("%s (%d bytes): %v", j.op, len(j.input), err))
				case r.Error != nil:
					codes[r.Error.Code]++
				default:
					codes["output"]++
				}
				mu.Unlock()
			}
		}()
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()
	close(stop)
	<-helloDone
	elapsed := time.Since(start)

	rss := peakRSS(t, pid)
	sort.Slice(ops, func(i, j int) bool { return slowest[ops[i]] > slowest[ops[j]] })
	for _, op := range ops[:5] {
		t.Logf("slowest answer of %s: %v", op, slowest[op].Round(time.Millisecond))
	}
	t.Logf("%d worst-case calls of %d operations (4 at once each, 8 clients) in %v: answers %v; peak RSS %.1f MiB (limit %d MiB); /hello answered %d times, slowest %v",
		len(jobs), len(ops), elapsed.Round(time.Millisecond), codes, float64(rss)/(1<<20), serveRSSLimit>>20,
		hellos.Load()-helloFails.Load(), time.Duration(slowestHello.Load()).Round(time.Millisecond))
	for _, f := range failed {
		t.Errorf("no answer: %s", f)
	}
	if codes[protocol.CodeInternal] > 0 || codes[protocol.CodeMalformedRequest] > 0 {
		t.Errorf("internal or malformed answers: %v", codes)
	}
	if rss > serveRSSLimit {
		t.Errorf("peak RSS %d MiB, over the %d MiB serve promises", rss>>20, serveRSSLimit>>20)
	}
	if helloFails.Load() > 0 || hellos.Load() < int64(elapsed/(200*time.Millisecond)) {
		t.Errorf("/hello: %d failures in %d requests over %v", helloFails.Load(), hellos.Load(), elapsed)
	}
	if b, ok := t.(*testing.B); ok {
		b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MiB")
	}
}
