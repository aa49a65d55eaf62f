package clock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Store is the state file (§10): ~/.openclaw/clock-state.json by default.
//
// Writes are atomic and serialised (§10.3 "state updates MUST be atomic
// (write temp file + rename) and MUST use a lock"):
//
//   - an exclusive flock on a separate lock file (<path>.lock) serialises
//     writers across processes; the state file itself cannot carry the lock,
//     because every write replaces it with a new inode;
//   - under the lock the file is read, changed, and written to a temp file
//     in the same folder, which is fsynced, renamed over the state file, and
//     the folder is fsynced, so that a reader — or a crash, or kill -9 at any
//     instant — sees the old state or the new one, never a mix;
//   - a file that is not a valid v3 state (corrupt, torn by some other
//     writer, or of another version) is refused with an error that names it,
//     and is never written over: the user decides what to do with it.
//
// Temp files left by a writer that was killed are removed by the next
// writer, which holds the lock, so none of them can still be in use.
type Store struct {
	path string
}

// NewStore is a store at path (see StatePath for the default location).
func NewStore(path string) *Store { return &Store{path: path} }

// DefaultStore is the store at <home>/.openclaw/clock-state.json (§10.1).
func DefaultStore(home string) (*Store, error) {
	p, err := StatePath(home, "")
	if err != nil {
		return nil, err
	}
	return NewStore(p), nil
}

// Path is the state file's path.
func (s *Store) Path() string { return s.path }

func (s *Store) lockPath() string { return s.path + ".lock" }

func (s *Store) tempPrefix() string { return "." + filepath.Base(s.path) + ".tmp-" }

// FileError is a state file that cannot be used; the file is left as it is.
type FileError struct {
	Path string
	Err  error // a *StateError, or an I/O error
}

func (e *FileError) Error() string {
	return fmt.Sprintf("clock state %s: %v (the file was left untouched)", e.Path, e.Err)
}

// Unwrap exposes the cause, so errors.Is(err, ErrStateVersion) works.
func (e *FileError) Unwrap() error { return e.Err }

// Read reads the state file. A missing file is the empty v3 state; anything
// that is not a v3 state is a *FileError. Readers take no lock: a rename is
// atomic, so a reader sees a whole file.
func (s *Store) Read() (*State, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return NewState(), nil
	}
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	st, err := DecodeState(b)
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	return st, nil
}

// Update reads the state under the lock, lets fn change it, and writes it
// back atomically. If fn returns an error nothing is written. The state fn
// leaves must itself be a valid v3 state, or nothing is written.
func (s *Store) Update(fn func(*State) error) (*State, error) {
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, &FileError{s.path, err}
	}
	unlock, err := lockFile(s.lockPath())
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	defer unlock()
	s.removeStaleTemps(dir)
	st, err := s.Read()
	if err != nil {
		return nil, err
	}
	if err := fn(st); err != nil {
		return nil, err
	}
	st.Version = StateVersion
	b, err := st.Encode()
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	if _, err := DecodeState(b); err != nil {
		return nil, fmt.Errorf("clock: the update would write an invalid state, nothing was written: %w", err)
	}
	if err := s.writeAtomic(dir, b); err != nil {
		return nil, &FileError{s.path, err}
	}
	return st, nil
}

// writeHook lets the crash test widen the moments of a write in which a
// kill -9 lands (it sleeps there); it does nothing otherwise.
var writeHook = func(stage string) {}

func (s *Store) writeAtomic(dir string, b []byte) error {
	f, err := os.CreateTemp(dir, s.tempPrefix()+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	half := len(b) / 2
	if _, err := f.Write(b[:half]); err != nil {
		return err
	}
	writeHook("half-written")
	if _, err := f.Write(b[half:]); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	writeHook("synced")
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, s.path); err != nil {
		return err
	}
	ok = true
	writeHook("renamed")
	// The rename is durable only once the folder's entry is on disk.
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// removeStaleTemps deletes temp files of writers that died mid-write. It
// runs under the lock, so no live writer owns any of them.
func (s *Store) removeStaleTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), s.tempPrefix()) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
