package driver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Each driver benchmark measures the driver and a bare baseline over the
// same transport in one run and reports the ratio (driver ops/s over bare
// ops/s), which is what the drivers cost; absolute ops/s follow the machine.

var echoInput = json.RawMessage(`{"text":"a & b"}`)

// bareLines drives the echo child by hand: write a line, read a line.
func bareLines(b *testing.B, n int) time.Duration {
	exe, _ := os.Executable()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "CLOCKSPEC_FAKE=echo")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	r := bufio.NewReader(stdout)
	start := time.Now()
	for i := 0; i < n; i++ {
		line, _ := json.Marshal(protocol.Request{ID: strconv.Itoa(i), Op: "v1.escape_xml", Input: echoInput})
		stdin.Write(append(line, '\n'))
		ans, err := r.ReadBytes('\n')
		var resp protocol.Response
		if err != nil || json.Unmarshal(ans, &resp) != nil {
			b.Fatal("bare echo failed")
		}
	}
	return time.Since(start)
}

func timeCalls(b *testing.B, d conformance.Driver, n int) time.Duration {
	ctx := context.Background()
	if _, err := d.Hello(ctx); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for i := 0; i < n; i++ {
		if _, err := d.Call(ctx, "v1.escape_xml", echoInput); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start)
}

func reportRates(b *testing.B, n int, drv, bare time.Duration) {
	b.ReportMetric(float64(n)/drv.Seconds(), "driver-ops/s")
	b.ReportMetric(float64(n)/bare.Seconds(), "bare-ops/s")
	b.ReportMetric(bare.Seconds()/drv.Seconds(), "ratio")
}

func BenchmarkSubprocessDriver(b *testing.B) {
	exe, _ := os.Executable()
	d, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe},
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=echo")})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	b.ResetTimer()
	drv := timeCalls(b, d, b.N)
	bare := bareLines(b, b.N)
	reportRates(b, b.N, drv, bare)
}

func BenchmarkHTTPDriver(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hello" {
			json.NewEncoder(w).Encode(protocol.Hello{Implementation: "echo", Protocol: protocol.Version})
			return
		}
		var req protocol.Request
		_ = json.NewDecoder(r.Body).Decode(&req)
		json.NewEncoder(w).Encode(protocol.Response{ID: req.ID, Output: json.RawMessage(`{}`)})
	}))
	defer srv.Close()
	d, err := driver.HTTP(srv.URL, driver.HTTPOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	b.ResetTimer()
	drv := timeCalls(b, d, b.N)
	client := &http.Client{}
	start := time.Now()
	for i := 0; i < b.N; i++ {
		body, _ := json.Marshal(protocol.Request{ID: strconv.Itoa(i), Op: "v1.escape_xml", Input: echoInput})
		resp, err := client.Post(srv.URL+"/call", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	reportRates(b, b.N, drv, time.Since(start))
}

func BenchmarkInProcessDriver(b *testing.B) {
	ref := reference.New()
	d := conformance.InProcess(ref)
	b.ResetTimer()
	drv := timeCalls(b, d, b.N)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		ref.Call(context.Background(), "v1.escape_xml", echoInput)
	}
	reportRates(b, b.N, drv, time.Since(start))
}

// BenchmarkV1ProfileOverSubprocess is the whole v1 profile through the
// subprocess driver against the reference served on a pipe (conform serve
// --stdio semantics, here the test binary's fake in its healthy mode).
func BenchmarkV1ProfileOverSubprocess(b *testing.B) {
	exe, _ := os.Executable()
	d, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe},
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=healthy")})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@v1", Goldens: goldensFS()})
		if err != nil || !rep.OK() {
			b.Fatalf("run failed: %v", err)
		}
	}
}

func BenchmarkV1ProfileOverHTTP(b *testing.B) {
	srv := httptest.NewServer(protocol.Handler(reference.New()))
	defer srv.Close()
	d, _ := driver.HTTP(srv.URL, driver.HTTPOptions{})
	defer d.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@v1", Goldens: goldensFS()})
		if err != nil || !rep.OK() {
			b.Fatalf("run failed: %v", err)
		}
	}
}

// BenchmarkSubprocessDriverPipelined keeps --window calls in flight on the
// one pipe, as a corpus run does, against the bare one-at-a-time baseline.
func BenchmarkSubprocessDriverPipelined(b *testing.B) {
	exe, _ := os.Executable()
	d, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe},
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=echo"), Window: 16})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if _, err := d.Hello(ctx); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start := time.Now()
	done := make(chan struct{})
	const callers = 16
	for c := 0; c < callers; c++ {
		go func(c int) {
			defer func() { done <- struct{}{} }()
			for i := c; i < b.N; i += callers {
				if _, err := d.Call(ctx, "v1.escape_xml", echoInput); err != nil {
					b.Error(err)
					return
				}
			}
		}(c)
	}
	for c := 0; c < callers; c++ {
		<-done
	}
	drv := time.Since(start)
	reportRates(b, b.N, drv, bareLines(b, b.N))
}
