package driver

import (
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/clockspec/clockspec/protocol"
)

// The MCP driver over streamable HTTP: every answer of an endpoint is
// capped, as a stdio message is.

// MaxHTTPAnswerBytes caps one HTTP answer of an MCP endpoint (a JSON body
// or the whole event stream of one POST), as protocol.MaxMessageBytes caps
// a stdio message: a bigger answer fails its call, read no further.
const MaxHTTPAnswerBytes = protocol.MaxMessageBytes

// errAnswerTooLarge ends the reading of an answer past MaxHTTPAnswerBytes.
var errAnswerTooLarge = fmt.Errorf("the answer exceeds %d bytes", MaxHTTPAnswerBytes)

// httpRecord is what the runner learnt of the HTTP exchanges of one call.
type httpRecord struct {
	mu       sync.Mutex
	status   int
	tooLarge bool
}

type httpRecordKey struct{}

func (r *httpRecord) get() (status int, tooLarge bool) {
	if r == nil {
		return 0, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status, r.tooLarge
}

// cappedTransport notes each answer's HTTP status in the record of the
// call whose context the request carries, and caps each body.
type cappedTransport struct {
	base http.RoundTripper
	max  int64
}

func (t *cappedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	rec, _ := req.Context().Value(httpRecordKey{}).(*httpRecord)
	if rec != nil {
		rec.mu.Lock()
		if resp.StatusCode >= 300 || rec.status == 0 {
			rec.status = resp.StatusCode
		}
		rec.mu.Unlock()
	}
	resp.Body = &cappedBody{rc: resp.Body, left: t.max, rec: rec}
	return resp, nil
}

type cappedBody struct {
	rc   io.ReadCloser
	left int64
	rec  *httpRecord
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errAnswerTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	if int64(n) > b.left {
		if b.rec != nil {
			b.rec.mu.Lock()
			b.rec.tooLarge = true
			b.rec.mu.Unlock()
		}
		b.left = -1
		_ = b.rc.Close()
		return 0, errAnswerTooLarge
	}
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.rc.Close() }
