package clock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The state-file defects the fault probe found (issue 15, items 2, 6, 7 and
// the mode of item 8), each with the probe's own input.

// Item 2: {"version":3}]]]}}garbage read as a valid state (json.Decoder's
// More reports "no more values" before a stray ] or }), and the next Update
// wrote over it.
func TestStateRefusesTrailingBracketsAfterTheDocument(t *testing.T) {
	for _, doc := range []string{`{"version":3}]]]}}garbage`, `{"version":3}]`, `{"version":3}}`, `{"version":3} {"version":3}`, `{"version":3}xx`} {
		if _, err := DecodeState([]byte(doc)); !errors.Is(err, ErrStateShape) || !strings.Contains(err.Error(), "trailing data") {
			t.Errorf("DecodeState(%q) = %v, want a refusal for trailing data", doc, err)
		}
		path := filepath.Join(t.TempDir(), "clock-state.json")
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := NewStore(path).Update(func(*State) error { return nil }); !errors.Is(err, ErrStateShape) {
			t.Errorf("Update over %q: %v, want it refused", doc, err)
		}
		if got, _ := os.ReadFile(path); string(got) != doc {
			t.Errorf("the refused file %q was rewritten as %q", doc, got)
		}
	}
	// JSON white space after the value is not data.
	for _, doc := range []string{"{\"version\":3}\n", "{\"version\":3} \t\r\n  "} {
		if _, err := DecodeState([]byte(doc)); err != nil {
			t.Errorf("DecodeState(%q): %v", doc, err)
		}
	}
	// A form feed is white space to Go but not to JSON.
	if _, err := DecodeState([]byte("{\"version\":3}\f")); err == nil {
		t.Error("a form feed after the document was accepted")
	}
}

// Item 6: a valid 97 MiB state took 70 s and 2.4 GB per Update, holding the
// lock. Now a file over 8 MiB is refused before it is read, with an error
// naming its size and the cap, and no update writes one.
func TestStateFileSizeIsCapped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "clock-state.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"version":3}`)
	if err := f.Truncate(97 << 20); err != nil { // sparse: 97 MiB on no disk
		t.Fatal(err)
	}
	f.Close()
	start := time.Now()
	_, err = NewStore(path).Update(func(*State) error { t.Error("the update ran on an oversized file"); return nil })
	if !errors.Is(err, ErrStateTooLarge) {
		t.Fatalf("want ErrStateTooLarge, got %v", err)
	}
	for _, want := range []string{path, fmt.Sprint(97 << 20), fmt.Sprint(MaxStateBytes), "8 MiB"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error should name %q: %v", want, err)
		}
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("refusing an oversized file took %v", d)
	}
	if fi, _ := os.Stat(path); fi.Size() != 97<<20 {
		t.Errorf("the oversized file was changed: %d bytes", fi.Size())
	}
	// At the cap exactly, the file is read (white space pads a valid state).
	pad := []byte(`{"version":3}`)
	pad = append(pad, make([]byte, MaxStateBytes-len(pad))...)
	for i := len(`{"version":3}`); i < len(pad); i++ {
		pad[i] = ' '
	}
	os.WriteFile(path, pad, 0o600)
	if _, err := NewStore(path).Read(); err != nil {
		t.Errorf("a state of exactly MaxStateBytes: %v", err)
	}
	// One byte more is refused.
	os.WriteFile(path, append(pad, ' '), 0o600)
	if _, err := NewStore(path).Read(); !errors.Is(err, ErrStateTooLarge) {
		t.Errorf("a state of MaxStateBytes+1: %v", err)
	}
	// An update that would grow the file past the cap writes nothing.
	path2 := filepath.Join(dir, "grow.json")
	s := NewStore(path2)
	if _, err := s.Update(func(st *State) error { st.thread("agent:main:chat:dm:u1").ThreadKind = "project"; return nil }); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path2)
	_, err = s.Update(func(st *State) error {
		for i := 0; len(st.Threads) < 120_000; i++ {
			st.thread(fmt.Sprintf("agent:main:chat:dm:user-%08d", i)).LastInteractionISO = "2026-02-10T03:02:00.123456789Z"
		}
		return nil
	})
	if !errors.Is(err, ErrStateTooLarge) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("an update past the cap: %v", err)
	}
	if after, _ := os.ReadFile(path2); string(after) != string(before) {
		t.Error("an update past the cap changed the file")
	}
}

// The cost of one Update of a state just under the cap: this is what the
// cap bounds (the time the lock is held).
func TestStateUpdateNearTheCapIsBounded(t *testing.T) {
	path := filepath.Join(storeDir(t), "clock-state.json")
	s := NewStore(path)
	const n = 75_000 // about 102 bytes each: 7.3 MiB
	if _, err := s.Update(func(st *State) error {
		for i := 0; i < n; i++ {
			st.thread(fmt.Sprintf("agent:main:chat:dm:user-%08d", i)).LastInteractionISO = "2026-02-10T03:02:00Z"
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if fi.Size() < MaxStateBytes*8/10 {
		t.Fatalf("the state is %d bytes, not near the cap", fi.Size())
	}
	start := time.Now()
	if _, err := s.Update(func(st *State) error { st.thread("agent:main:chat:dm:last").ThreadKind = "project"; return nil }); err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	t.Logf("one Update of a %d-byte state (%d threads): %v", fi.Size(), n, d.Round(time.Millisecond))
	// A bound against a runaway (an Update quadratic in the threads takes
	// hours here), not a speed goal: a loaded 2-core machine took 21 s.
	if d > 2*time.Minute {
		t.Errorf("one Update near the cap took %v", d)
	}
}

// Item 8 (mode): a 0444 file silently became 0600. The permission bits are
// kept; a file its owner cannot write is refused, and stays as it is.
func TestStateFileModeIsKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "clock-state.json")
	if err := os.WriteFile(path, []byte(`{"version":3}`), 0o640); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o640) // whatever the umask
	if _, err := NewStore(path).Update(func(st *State) error { st.thread("t").ThreadKind = "project"; return nil }); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("a 0640 state file became %04o", fi.Mode().Perm())
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	_, err := NewStore(path).Update(func(st *State) error { st.thread("t").ThreadKind = "scheduling"; return nil })
	if !errors.Is(err, ErrStateReadOnly) || !strings.Contains(err.Error(), "0444") || !strings.Contains(err.Error(), path) {
		t.Errorf("want ErrStateReadOnly naming the file and its mode, got %v", err)
	}
	fi, _ := os.Stat(path)
	after, _ := os.ReadFile(path)
	if fi.Mode().Perm() != 0o444 || string(after) != string(before) {
		t.Errorf("the read-only file was changed: mode %04o", fi.Mode().Perm())
	}
	if _, err := NewStore(path).Read(); err != nil {
		t.Errorf("a read-only state file is still readable: %v", err)
	}
}

// Item 7: a symbolic link at the state path was replaced by a regular file,
// so writers through the link and through its target split into two files
// (400 + 400 updates instead of 800). Now the link is written through.
func TestStateSymlinkIsWrittenThrough(t *testing.T) {
	dir := storeDir(t)
	target := filepath.Join(dir, "real", "clock-state.json")
	os.MkdirAll(filepath.Dir(target), 0o700)
	link := filepath.Join(dir, "clock-state.json")
	if err := os.Symlink(filepath.Join("real", "clock-state.json"), link); err != nil { // relative, and dangling
		t.Fatal(err)
	}
	const updates = 400
	var cmds []*exec.Cmd
	for i, p := range []string{link, target} {
		cmd := child(t, "counter", p, fmt.Sprintf("%s=w%d", childID, i), fmt.Sprintf("%s=%d", childCount, updates))
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
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the link at the state path was replaced: %v %v", fi, err)
	}
	for _, p := range []string{link, target} {
		st, err := NewStore(p).Read()
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, o := range st.Users[counterUser].Calibration.ActivityOverrides {
			total += o.TypicalMinutes
		}
		if total != 2*updates {
			t.Errorf("through %s: %d updates in the file, want %d", p, total, 2*updates)
		}
	}
	assertNoTemps(t, target, true)
	if _, err := os.Lstat(link + ".lock"); err == nil {
		t.Error("a lock file was made next to the link: the two writers did not share one lock")
	}
	// A loop of links is an error, not a hang.
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	if _, err := NewStore(a).Update(func(*State) error { return nil }); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Errorf("a symlink loop: %v", err)
	}
}

// Item 7: a dangling symbolic link at <path>.lock made the store create its
// target. The lock file is never followed.
func TestStateLockSymlinkIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "clock-state.json")
	elsewhere := filepath.Join(dir, "elsewhere")
	if err := os.Symlink(elsewhere, path+".lock"); err != nil {
		t.Fatal(err)
	}
	_, err := NewStore(path).Update(func(*State) error { t.Error("the update ran"); return nil })
	if !errors.Is(err, ErrStateLockLink) || !strings.Contains(err.Error(), path+".lock") {
		t.Errorf("want ErrStateLockLink naming the lock file, got %v", err)
	}
	if _, err := os.Lstat(elsewhere); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the lock link's target was created")
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a state file was written despite the refused lock")
	}
}
