package clock

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The store tests run writers in other processes: the test binary starts
// itself (os.Args[0]) with CLOCK_STORE_CHILD set, and TestMain turns such a
// process into a writer instead of running the tests.

const (
	childEnv   = "CLOCK_STORE_CHILD"
	childPath  = "CLOCK_STORE_PATH"
	childID    = "CLOCK_STORE_ID"
	childCount = "CLOCK_STORE_COUNT"
)

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "counter":
		os.Exit(counterWriter())
	case "endless":
		os.Exit(endlessWriter())
	default:
		fmt.Fprintln(os.Stderr, "unknown child mode")
		os.Exit(2)
	}
}

const counterUser = "user:test:counters"

// counterWriter increments its own counter n times. Every update reads and
// rewrites the whole file, so a lost update by any writer would show as a
// counter below n.
func counterWriter() int {
	s := NewStore(os.Getenv(childPath))
	id := os.Getenv(childID)
	n, _ := strconv.Atoi(os.Getenv(childCount))
	for i := 0; i < n; i++ {
		_, err := s.Update(func(st *State) error {
			u := st.user(counterUser)
			if u.Calibration == nil {
				u.Calibration = &Calibration{ActivityOverrides: map[string]ActivityOverride{}}
			}
			c := u.Calibration.ActivityOverrides[id]
			c.TypicalMinutes++
			c.MaxMinutes = c.TypicalMinutes
			c.UpdatedISO = "2026-02-10T03:02:00Z"
			u.Calibration.ActivityOverrides[id] = c
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// endlessWriter rewrites a large state until it is killed, printing a line
// after its first write so the parent kills it while it is writing.
func endlessWriter() int {
	s := NewStore(os.Getenv(childPath))
	// Stretch every stage of a write so that kills land inside writes,
	// not only between them.
	writeHook = func(string) { time.Sleep(time.Millisecond) }
	for i := 0; ; i++ {
		_, err := s.Update(func(st *State) error {
			for k := 0; k < 10; k++ {
				key := fmt.Sprintf("agent:main:test:t%d", (i*10+k)%60)
				t := st.thread(key)
				t.LastInteractionISO = fmt.Sprintf("2026-02-10T03:%02d:%02dZ", (i/60)%60, i%60)
				t.Participants = []string{"user:test:a", "user:test:b"}
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		if i == 0 {
			fmt.Println("ready")
		}
	}
}

// storeDir is where the store tests put their state file. fsync costs about
// 6 ms per write on a disk and nothing on tmpfs, and neither the lock nor
// the rename — what these tests check — depends on it, so /dev/shm is used
// when it exists; CLOCK_STORE_TEST_DIR=<dir> runs them on a real disk.
func storeDir(t *testing.T) string {
	t.Helper()
	base := os.Getenv("CLOCK_STORE_TEST_DIR")
	if base == "" {
		if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
			base = "/dev/shm"
		} else {
			return t.TempDir()
		}
	}
	dir, err := os.MkdirTemp(base, "clockspec-store-")
	if err != nil {
		return t.TempDir()
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func child(t *testing.T, mode, path string, env ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode, childPath+"="+path)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	return cmd
}

// TestStoreConcurrentWritersLoseNothing: 8 processes × 200 updates on one
// file; every update must survive (§10.3: atomic, under a lock).
func TestStoreConcurrentWritersLoseNothing(t *testing.T) {
	t.Parallel()
	const writers, updates = 8, 200
	path := filepath.Join(storeDir(t), "clock-state.json")
	var cmds []*exec.Cmd
	start := time.Now()
	for w := 0; w < writers; w++ {
		cmd := child(t, "counter", path, fmt.Sprintf("%s=w%d", childID, w), fmt.Sprintf("%s=%d", childCount, updates))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
	}
	st, err := NewStore(path).Read()
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for w := 0; w < writers; w++ {
		got := st.Users[counterUser].Calibration.ActivityOverrides[fmt.Sprintf("w%d", w)].TypicalMinutes
		if got != updates {
			t.Errorf("writer w%d: %d of its %d updates are in the file", w, got, updates)
		}
		total += got
	}
	t.Logf("%d writers × %d updates: %d updates kept, %v", writers, updates, total, time.Since(start).Round(time.Millisecond))
	assertNoTemps(t, path, true)
}

// TestStoreSurvivesKill9 kills a writer with SIGKILL at random moments of
// its writes, at least 50 times; after each kill the file must read as a
// valid v3 state, and the next writer must get the lock.
func TestStoreSurvivesKill9(t *testing.T) {
	t.Parallel()
	const kills = 50
	path := filepath.Join(storeDir(t), "clock-state.json")
	rng := rand.New(rand.NewSource(4))
	midWrite := 0
	start := time.Now()
	for i := 0; i < kills; i++ {
		cmd := child(t, "endless", path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
			t.Fatalf("kill %d: the writer did not start: %q %v", i, line, err)
		}
		time.Sleep(time.Duration(rng.Intn(8000)) * time.Microsecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		if temps := assertNoTemps(t, path, false); temps > 0 {
			midWrite++
		}
		st, err := NewStore(path).Read()
		if err != nil {
			t.Fatalf("kill %d: the state file is not readable after kill -9: %v", i, err)
		}
		if len(st.Threads) == 0 {
			t.Fatalf("kill %d: the state lost the writes made before it", i)
		}
		raw, _ := os.ReadFile(path)
		if _, err := DecodeState(raw); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
	}
	// The lock is free again and stale temp files are cleaned up.
	if _, err := NewStore(path).Update(func(*State) error { return nil }); err != nil {
		t.Fatal(err)
	}
	assertNoTemps(t, path, true)
	if midWrite == 0 {
		t.Error("no kill landed inside a write: the test proved nothing about torn writes")
	}
	t.Logf("%d kill -9, %d of them during a write (a temp file was left), file valid every time, %v", kills, midWrite, time.Since(start).Round(time.Millisecond))
}

func assertNoTemps(t *testing.T, path string, must bool) int {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Dir(path))
	n := 0
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "."+filepath.Base(path)+".tmp-") {
			n++
		}
	}
	if must && n > 0 {
		t.Errorf("%d temp files left next to the state", n)
	}
	return n
}

func TestStoreRefusesBadFilesAndLeavesThemUntouched(t *testing.T) {
	cases := []struct {
		name    string
		content string
		kind    error
	}{
		{"not json", "clock state", ErrStateShape},
		{"torn write", `{"version": 3, "threads": {"t": {"last_inter`, ErrStateShape},
		{"empty file", "", ErrStateShape},
		{"newer version", `{"version": 4, "future": true}`, ErrStateVersion},
		{"older version", `{"version": 2}`, ErrStateVersion},
		{"unknown field", `{"version": 3, "extra": 1}`, ErrStateShape},
		{"impossible instant", `{"version": 3, "threads": {"t": {"last_interaction_iso": "2026-02-30T00:00:00Z"}}}`, ErrStateValue},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "clock-state.json")
			if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
				t.Fatal(err)
			}
			called := false
			_, err := NewStore(path).Update(func(*State) error { called = true; return nil })
			var fe *FileError
			if !errors.As(err, &fe) || !errors.Is(err, c.kind) || fe.Path != path {
				t.Fatalf("want a *FileError naming %s of kind %v, got %v", path, c.kind, err)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "left untouched") {
				t.Errorf("the error should name the file and say it was left alone: %v", err)
			}
			if called {
				t.Error("the update function ran on a refused file")
			}
			got, _ := os.ReadFile(path)
			if string(got) != c.content {
				t.Errorf("the refused file was changed: %q", got)
			}
			if _, err := NewStore(path).Read(); !errors.Is(err, c.kind) {
				t.Errorf("Read: want %v, got %v", c.kind, err)
			}
		})
	}
}

func TestStoreWritesNothingInvalidOrFailed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	s := NewStore(path)
	if _, err := s.Update(func(st *State) error { st.thread("agent:main:chat:dm:u1").ThreadKind = "project"; return nil }); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if _, err := s.Update(func(st *State) error { st.thread("agent:main:chat:dm:u1").ThreadKind = "meeting"; return nil }); err == nil {
		t.Fatal("an update producing an invalid state was written")
	}
	boom := errors.New("boom")
	if _, err := s.Update(func(st *State) error { st.thread("x").ThreadKind = "scheduling"; return boom }); !errors.Is(err, boom) {
		t.Fatalf("want the function's error, got %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Errorf("a refused update changed the file:\n%s\n%s", before, after)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the state file should be private (0600), is %v", info.Mode().Perm())
	}
}

func TestStoreMissingFileAndDefaultLocation(t *testing.T) {
	home := t.TempDir()
	s, err := DefaultStore(home)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(home, ".openclaw", "clock-state.json"); s.Path() != want {
		t.Fatalf("default path %s, want %s", s.Path(), want)
	}
	st, err := s.Read()
	if err != nil || st.Version != 3 || len(st.Users)+len(st.Threads) != 0 {
		t.Fatalf("a missing file must read as the empty v3 state, got %+v, %v", st, err)
	}
	now := mustInstant("2026-02-10T03:02:00Z")
	p := DefaultPolicy()
	if _, err := s.Update(func(st *State) error {
		next, _, _, err := OnUserMessage(st, p, UserMessage{Channel: "chat", Thread: []string{"dm", "u1"}, UserID: "u1", Text: "hi"}, now)
		*st = *next
		return err
	}); err != nil {
		t.Fatal(err)
	}
	st, err = s.Read()
	if err != nil || st.Threads["agent:main:chat:dm:u1"].LastUserMessageISO != "2026-02-10T03:02:00+00:00" {
		t.Fatalf("the recorded message did not reach the file: %+v %v", st, err)
	}
	if _, err := DefaultStore("relative/home"); err == nil {
		t.Error("a relative home must be refused")
	}
}

func TestStoreCompaction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	s := NewStore(path)
	now := mustInstant("2026-02-10T03:02:00Z")
	_, err := s.Update(func(st *State) error {
		u := st.user("user:chat:u1")
		for i := 0; i < 30; i++ {
			u.LatestActions = append(u.LatestActions, Action{ID: fmt.Sprintf("a%02d", i), Label: "x", Type: "temporal_action",
				Status: "planned", RecordedISO: fmt.Sprintf("2026-02-09T%02d:00:00Z", i%24),
				ExpiresISO: fmt.Sprintf("2026-02-%02dT00:00:00Z", 9+i%3), Source: "auto"})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var rep CompactReport
	_, err = s.Update(func(st *State) error {
		out, r, err := Compact(st, DefaultPolicy(), now)
		*st, rep = *out, r
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Read()
	kept := st.Users["user:chat:u1"].LatestActions
	if rep.Expired != 20 || len(kept) != 10 || rep.OverLimit != 0 {
		t.Fatalf("expired %d, over limit %d, kept %d; want 20, 0, 10", rep.Expired, rep.OverLimit, len(kept))
	}
}

func BenchmarkStoreUpdate(b *testing.B) {
	s := NewStore(filepath.Join(b.TempDir(), "clock-state.json"))
	now, _ := ParseInstant("2026-02-10T03:02:00Z")
	p := DefaultPolicy()
	msg := UserMessage{Channel: "chat", Thread: []string{"dm", "u1"}, UserID: "u1", Text: "hi"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := s.Update(func(st *State) error {
			next, _, _, err := OnUserMessage(st, p, msg, now.Add(time.Duration(i)*time.Second))
			*st = *next
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
}
