package protocol_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// serveLinesFlushEach is the JSON-Lines loop as it was, one flush (one
// write to the pipe) per answer: the baseline of BenchmarkServeLines.
func serveLinesFlushEach(ctx context.Context, impl protocol.Implementation, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	for {
		line, err := protocol.ReadLine(r, protocol.MaxMessageBytes)
		if errors.Is(err, io.EOF) {
			return w.Flush()
		}
		if err != nil {
			return err
		}
		resp := protocol.Answer(ctx, impl, line)
		b, _ := jsonLine(resp)
		w.Write(b)
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

func jsonLine(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// A mix of v1 calls, as a serve --stdio child receives them.
var serveRequests = []string{
	`{"id":"%","op":"v1.escape_xml","input":{"text":"a & <b>"}}`,
	`{"id":"%","op":"v1.format_local_time","input":{"timestamp":"2024-03-10T07:30:00.000Z","timezone":"America/New_York"}}`,
	`{"id":"%","op":"v1.is_valid_timezone","input":{"timezone":"Asia/Kolkata"}}`,
	`{"id":"%","op":"v1.strip_internal_tags","input":{"text":"a<internal>b</internal> c"}}`,
}

func requestLines(n int) []byte {
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		b.Write(bytes.Replace([]byte(serveRequests[i%len(serveRequests)]), []byte("%"), []byte(strconv.Itoa(i)), 1))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkServeLines answers a batch of requests sent at once, writing to
// a real pipe (what a child's stdout is), now and as it was (one write per
// answer), in one run; ratio is now's rate over before's (cpu-ratio the
// same by CPU time).
func BenchmarkServeLines(b *testing.B) {
	const n = 2000
	in := requestLines(n)
	impl := reference.New()
	run := func(b *testing.B, serve func(context.Context, protocol.Implementation, io.Reader, io.Writer) error) (wall, cpu time.Duration) {
		pr, pw, err := os.Pipe()
		if err != nil {
			b.Fatal(err)
		}
		drained := make(chan int)
		go func() {
			lines := 0
			r := bufio.NewReader(pr)
			for {
				if _, err := r.ReadSlice('\n'); err != nil {
					if errors.Is(err, bufio.ErrBufferFull) {
						continue
					}
					break
				}
				lines++
			}
			drained <- lines
		}()
		start, startCPU := time.Now(), cpuTime(b)
		if err := serve(context.Background(), impl, bytes.NewReader(in), pw); err != nil {
			b.Fatal(err)
		}
		pw.Close()
		if got := <-drained; got != n {
			b.Fatalf("%d answers, want %d", got, n)
		}
		pr.Close()
		return time.Since(start), cpuTime(b) - startCPU
	}
	var before, now, beforeCPU, nowCPU time.Duration
	for i := 0; i < b.N; i++ {
		w, c := run(b, serveLinesFlushEach)
		before, beforeCPU = before+w, beforeCPU+c
		w, c = run(b, protocol.ServeLines)
		now, nowCPU = now+w, nowCPU+c
	}
	b.ReportMetric(float64(n*b.N)/now.Seconds(), "answers/s")
	b.ReportMetric(float64(n*b.N)/before.Seconds(), "before-answers/s")
	b.ReportMetric(before.Seconds()/now.Seconds(), "ratio")
	// CPU time (both ends of the pipe are this process) is steadier on a
	// loaded machine than the wall clock.
	b.ReportMetric(beforeCPU.Seconds()/nowCPU.Seconds(), "cpu-ratio")
}

func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
