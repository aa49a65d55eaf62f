package protocol_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Issue 29, item 9: forty clients trickling their bodies (a byte a second)
// do not keep a legitimate call waiting: a body is read before it takes a
// slot, under the request's own read deadline. It used to wait for the
// slow bodies' slots, about 20 s.
func TestSlowBodiesDoNotBlockACall(t *testing.T) {
	srv := httptest.NewUnstartedServer(protocol.Handler(echoImpl{}))
	// As conform serve sets them.
	srv.Config.ReadHeaderTimeout = 5 * time.Second
	srv.Config.ReadTimeout = 10 * time.Second
	srv.Start()
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	var wg sync.WaitGroup
	stop := make(chan struct{})
	defer func() { close(stop); wg.Wait() }()
	for i := 0; i < 40; i++ {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			body := `{"id":"1","op":"echo","input":{}}`
			fmt.Fprintf(conn, "POST /call HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
			for j := 0; j < len(body); j++ {
				if _, err := conn.Write([]byte{body[j]}); err != nil {
					return
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
				}
			}
		}()
	}
	time.Sleep(500 * time.Millisecond) // every slow client has begun
	start := time.Now()
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Post(srv.URL+"/call", "application/json",
		strings.NewReader(`{"id":"2","op":"echo","input":{"a":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), `"id":"2"`) {
		t.Errorf("the call: %d %s", resp.StatusCode, b)
	}
	if took > 2*time.Second {
		t.Errorf("the call waited %s behind 40 slow bodies", took)
	}
}
