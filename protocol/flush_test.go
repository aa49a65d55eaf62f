package protocol_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// countingWriter counts the writes that reach the pipe.
type countingWriter struct {
	w      io.Writer
	writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes++
	return c.w.Write(p)
}

// A client that sends many requests at once gets their answers in a few
// writes, not one write per answer.
func TestServeLinesWritesABatchOfAnswersTogether(t *testing.T) {
	defer protocol.SetMaxAnswerDelay(time.Minute)() // a loaded machine does not split the batch
	var in strings.Builder
	const n = 200
	for i := 0; i < n; i++ {
		in.WriteString(`{"id":"` + strconv.Itoa(i) + `","op":"echo","input":{"i":` + strconv.Itoa(i) + `}}` + "\n")
	}
	var out strings.Builder
	cw := &countingWriter{w: &out}
	if err := protocol.ServeLines(context.Background(), echoImpl{}, strings.NewReader(in.String()), cw); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), "\n"); got != n {
		t.Fatalf("%d answers, want %d", got, n)
	}
	if cw.writes > n/10 {
		t.Errorf("%d writes for %d answers read at once", cw.writes, n)
	}
}

// A client that waits for each answer gets it before it sends anything
// more, even when part of its next request is already sent: the answer is
// never held back waiting for input.
func TestServeLinesAnswersAWaitingClientAtOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- protocol.ServeLines(context.Background(), echoImpl{}, inR, outW); outW.Close() }()
	answers := bufio.NewReader(outR)
	read := func(want string) {
		t.Helper()
		got := make(chan string, 1)
		go func() { line, _ := answers.ReadString('\n'); got <- line }()
		select {
		case line := <-got:
			var r protocol.Response
			if json.Unmarshal([]byte(line), &r) != nil || r.ID != want {
				t.Fatalf("answer %q, want id %s", line, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %s: it is held in the buffer", want)
		}
	}
	io.WriteString(inW, `{"id":"1","op":"echo","input":{}}`+"\n")
	read("1")
	// The first request whole and half of the next in one write.
	io.WriteString(inW, `{"id":"2","op":"echo","input":{}}`+"\n"+`{"id":"3","op":"ec`)
	read("2")
	io.WriteString(inW, `ho","input":{}}`+"\n")
	read("3")
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

type slowImpl struct{ echoImpl }

func (slowImpl) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "slow" {
		time.Sleep(3 * time.Second)
		return in, nil
	}
	return echoImpl{}.Call(ctx, op, in)
}

// An answer waits for the requests already sent behind it only briefly: a
// slow request does not hold back the answer before it.
func TestServeLinesDoesNotHoldAnAnswerBehindASlowRequest(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- protocol.ServeLines(context.Background(), slowImpl{}, inR, outW); outW.Close() }()
	start := time.Now()
	io.WriteString(inW, `{"id":"1","op":"echo","input":{}}`+"\n"+`{"id":"2","op":"slow","input":{}}`+"\n")
	answers := bufio.NewReader(outR)
	line, err := answers.ReadString('\n')
	if err != nil || !strings.Contains(line, `"id":"1"`) {
		t.Fatalf("first answer %q (%v)", line, err)
	}
	if waited := time.Since(start); waited > 2*time.Second {
		t.Errorf("the first answer came after %s: it waited for the slow request", waited)
	}
	if line, _ := answers.ReadString('\n'); !strings.Contains(line, `"id":"2"`) {
		t.Errorf("second answer %q", line)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
