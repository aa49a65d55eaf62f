package storecheck_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/clockspec/clockspec/conformance/storecheck"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// The test binary doubles as the store under check: with CLOCKSPEC_FAKE
// set it serves that store over the subprocess protocol.
func TestMain(m *testing.M) {
	if kind := os.Getenv("CLOCKSPEC_FAKE"); kind != "" {
		fakeStore(kind)
		return
	}
	os.Exit(m.Run())
}

// Stores for the store check, served by the test binary (CLOCKSPEC_FAKE=
// store-<kind>): the reference's own store, and three plausible wrong ones
// that answer every store operation like the reference does but write the
// file their own way.
//
//   - store-reference: the reference (lock file, temp file + rename)
//   - store-inplace-lockless: read, update, rewrite the file in place, no lock
//   - store-inplace-locked: the same under an exclusive lock (no atomic rename)
//   - store-atomic-lockless: temp file + rename, but no lock
//   - store-forked-inplace: in place under the lock, the writing done by a
//     child process it starts for each update (dd)
//   - store-silent: answers nothing, not even hello
//   - store-mute: says hello, then answers no call
//   - store-unclaimed: the reference, its hello without the store's
//     operations
type badStore struct {
	ref  *reference.Implementation
	kind string
}

func (b badStore) Hello() protocol.Hello {
	h := b.ref.Hello()
	if b.kind == "store-unclaimed" {
		h.Operations = slices.DeleteFunc(slices.Clone(h.Operations), func(op string) bool { return strings.HasPrefix(op, "clock-core.store_") })
	}
	return h
}

func (b badStore) Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
	if b.kind == "store-mute" {
		select {} // never answers; the process lives until it is stopped
	}
	if op != "clock-core.store_on_user_message" || b.kind == "store-reference" {
		return b.ref.Call(ctx, op, input)
	}
	var in map[string]any
	if err := json.Unmarshal(input, &in); err != nil {
		return b.ref.Call(ctx, op, input)
	}
	path, _ := in["path"].(string)
	if !filepath.IsAbs(path) {
		return b.ref.Call(ctx, op, input)
	}
	_ = os.MkdirAll(filepath.Dir(path), 0o700)
	if b.kind == "store-inplace-locked" || b.kind == "store-forked-inplace" {
		f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
		if err != nil {
			return nil, &protocol.Error{Code: "store_failed", Message: err.Error()}
		}
		defer f.Close()
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			return nil, &protocol.Error{Code: "store_failed", Message: err.Error()}
		}
	}
	// A plain read-modify-write of the JSON, as a small store would do it.
	st := map[string]any{"version": 3}
	if raw, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(raw, &st); err != nil {
			return nil, &protocol.Error{Code: "invalid_state", Message: err.Error()}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, &protocol.Error{Code: "store_failed", Message: err.Error()}
	}
	msg, _ := in["message"].(map[string]any)
	user, _ := msg["user_id"].(string)
	now, _ := in["now"].(string)
	users, _ := st["users"].(map[string]any)
	if users == nil {
		users = map[string]any{}
		st["users"] = users
	}
	users["user:chat:"+user] = map[string]any{"last_interaction_any_channel_iso": now,
		"channels": map[string]any{"chat": map[string]any{"last_user_message_iso": now}}}
	if err := b.write(path, st); err != nil {
		return nil, &protocol.Error{Code: "store_failed", Message: err.Error()}
	}
	return json.RawMessage(`{"wrote": true, "reason": "recorded"}`), nil
}

func (b badStore) write(path string, st any) error {
	if b.kind == "store-forked-inplace" {
		return forkedWrite(path, st)
	}
	if strings.HasPrefix(b.kind, "store-inplace") {
		// The naive way: open (truncating) the file, then encode into it.
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return json.NewEncoder(f).Encode(st)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".state-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if err := json.NewEncoder(f).Encode(st); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func fakeStore(kind string) {
	switch kind {
	case "store-silent":
		// Reads every request and answers none, hello included.
		_, _ = io.Copy(io.Discard, os.Stdin)
		select {}
	}
	_ = protocol.ServeLines(context.Background(), badStore{reference.New(), kind}, os.Stdin, os.Stdout)
}

func storeCheck(t *testing.T, kind string) map[string]storecheck.Check {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	checks, err := storecheck.Run(context.Background(), storecheck.Options{
		Argv: []string{exe}, Env: append(os.Environ(), "CLOCKSPEC_FAKE="+kind), Dir: t.TempDir(), Preload: 800})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]storecheck.Check{}
	for _, c := range checks {
		out[c.Name] = c
		t.Logf("%s: passed %v. %s%s", c.Name, c.Passed, c.Problem, c.Detail)
	}
	return out
}

// TestStoreCheck: the reference's store passes both parts of the store
// check; a lockless store loses concurrent updates; a store that rewrites
// the file in place leaves a torn file when killed mid-write.
func TestStoreCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it kills writers of several stores mid-write; make test-long runs it")
	}
	cases := []struct {
		kind string
		fail []string
	}{
		{"store-reference", nil},
		{"store-inplace-lockless", []string{storecheck.Concurrent, storecheck.Kill}},
		{"store-inplace-locked", []string{storecheck.Kill}},
		{"store-atomic-lockless", []string{storecheck.Concurrent}},
	}
	for _, tc := range cases {
		t.Run(tc.kind, func(t *testing.T) {
			got := storeCheck(t, tc.kind)
			if len(got) != 2 {
				t.Fatalf("%d checks, want 2", len(got))
			}
			for _, name := range tc.fail {
				if got[name].Passed {
					t.Errorf("%s passed %q, which it must fail", tc.kind, name)
				}
			}
			if tc.fail == nil {
				for name, c := range got {
					if !c.Passed {
						t.Errorf("the reference fails %q: %s", name, c.Problem)
					}
				}
			}
		})
	}
}
