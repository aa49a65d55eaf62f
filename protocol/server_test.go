package protocol_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
