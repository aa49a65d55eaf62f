package protocol_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

type echoImpl struct{}

func (echoImpl) Hello() protocol.Hello {
	return protocol.Hello{Implementation: "echo", Protocol: protocol.Version, Operations: []string{"echo"}}
}

func (echoImpl) Call(_ context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op != "echo" {
		return nil, protocol.Errorf(protocol.CodeUnknownOperation, "no %s", op)
	}
	return in, nil
}

func TestServeLines(t *testing.T) {
	in := strings.Join([]string{
		`{"id":"1","op":"hello"}`,
		``,
		`{"id":"2","op":"echo","input":{"a":"<b>"}}`,
		`not json`,
		`{"id":"3","op":"nope","input":{}}`,
		`{"id":"4","op":"echo","input":{"x":"` + strings.Repeat("y", protocol.MaxMessageBytes) + `"}}`,
		`{"id":"5","op":"echo"}`,
	}, "\n")
	var out strings.Builder
	if err := protocol.ServeLines(context.Background(), echoImpl{}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	var got []protocol.Response
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var r protocol.Response
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("answer line %q is not JSON", sc.Text())
		}
		got = append(got, r)
	}
	want := []struct{ id, code, output string }{
		{"1", "", ""}, {"2", "", `{"a":"<b>"}`}, {"", protocol.CodeMalformedRequest, ""},
		{"3", protocol.CodeUnknownOperation, ""}, {"", protocol.CodeMalformedRequest, ""}, {"5", "", `{}`},
	}
	if len(got) != len(want) {
		t.Fatalf("%d answers, want %d:\n%s", len(got), len(want), out.String())
	}
	for i, w := range want {
		g := got[i]
		code := ""
		if g.Error != nil {
			code = g.Error.Code
		}
		if g.ID != w.id || code != w.code || (w.output != "" && string(g.Output) != w.output) {
			t.Errorf("answer %d = %+v (output %s), want id %q code %q output %s", i, g, g.Output, w.id, w.code, w.output)
		}
	}
	if !strings.Contains(out.String(), `"a":"<b>"`) {
		t.Error("answers must not HTML-escape")
	}
}

func TestHandler(t *testing.T) {
	srv := httptest.NewServer(protocol.Handler(echoImpl{}))
	defer srv.Close()
	for _, tc := range []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"GET", "/hello", "", 200, `"implementation":"echo"`},
		{"POST", "/call", `{"id":"7","op":"echo","input":{"k":1}}`, 200, `"output":{"k":1}`},
		{"POST", "/call", `{`, 400, `"code":"malformed_request"`},
		{"POST", "/call", strings.Repeat(" ", protocol.MaxMessageBytes+1), 413, `"code":"malformed_request"`},
		{"POST", "/hello", "", 404, `use GET /hello and POST /call`},
		{"GET", "/call", "", 404, `malformed_request`},
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s %s: %d %s, want %d containing %s", tc.method, tc.path, resp.StatusCode, b.String(), tc.status, tc.want)
		}
	}
}

// Lines of white space only are skipped like empty ones, on both sides.
func TestBlankLines(t *testing.T) {
	for _, l := range []string{"", " ", "\t", "\r", " \t\r "} {
		if !protocol.IsBlankLine([]byte(l)) {
			t.Errorf("%q is blank", l)
		}
	}
	for _, l := range []string{"{}", " x ", "\v", "\u00a0"} {
		if protocol.IsBlankLine([]byte(l)) {
			t.Errorf("%q is not blank", l)
		}
	}
	var out strings.Builder
	in := "  \n\t\r\n{\"id\":\"1\",\"op\":\"echo\",\"input\":{}}\r\n \n"
	if err := protocol.ServeLines(context.Background(), echoImpl{}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "{\"id\":\"1\",\"output\":{}}\n" {
		t.Errorf("got %q", got)
	}
}

// gated blocks every call until release is closed, counting the calls in
// progress at once.
type gated struct {
	echoImpl
	release chan struct{}
	now     atomic.Int32
	most    atomic.Int32
	started chan struct{}
}

func (g *gated) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	n := g.now.Add(1)
	for {
		m := g.most.Load()
		if n <= m || g.most.CompareAndSwap(m, n) {
			break
		}
	}
	g.started <- struct{}{}
	<-g.release
	g.now.Add(-1)
	return g.echoImpl.Call(ctx, op, in)
}

// At most MaxCalls calls reach the implementation at once; the others wait
// and are answered in turn, and GET /hello answers while every slot is
// taken.
func TestHandlerBoundsConcurrentCalls(t *testing.T) {
	g := &gated{release: make(chan struct{}), started: make(chan struct{}, 8)}
	srv := httptest.NewServer(protocol.HandlerWithLimits(g, protocol.Limits{MaxCalls: 2, MaxBodies: 3}))
	defer srv.Close()
	var wg sync.WaitGroup
	answers := make(chan string, 6)
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(srv.URL+"/call", "application/json", strings.NewReader(fmt.Sprintf(`{"id":"%d","op":"echo","input":{"n":%d}}`, i, i)))
			if err != nil {
				answers <- err.Error()
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			answers <- string(b)
		}()
	}
	<-g.started
	<-g.started
	select {
	case <-g.started:
		t.Fatal("a third call reached the implementation while two were in progress")
	case <-time.After(200 * time.Millisecond):
	}
	resp, err := http.Get(srv.URL + "/hello")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/hello while every call slot is taken: %v %v", resp, err)
	}
	resp.Body.Close()
	close(g.release)
	wg.Wait()
	close(answers)
	n := 0
	for a := range answers {
		if !strings.Contains(a, `"output":{"n":`) {
			t.Errorf("answer %q", a)
		}
		n++
	}
	if n != 6 || g.most.Load() != 2 {
		t.Errorf("%d answers, at most %d calls at once; want 6 and 2", n, g.most.Load())
	}
}
