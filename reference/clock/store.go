package clock

import (
	"errors"
	"fmt"
	"io"
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
//
// The file itself is the user's:
//
//   - a symbolic link at the state path is written through: the link's
//     final target is read, locked (<target>.lock) and replaced, and the
//     link stays. A state file kept elsewhere (a synced folder, dotfiles)
//     and linked into place keeps working, and writers through the link and
//     through the target share one lock, so neither loses the other's
//     updates. Replacing the link with a regular file would silently fork
//     the state in two.
//   - the lock file is never followed: a symbolic link there is refused,
//     since opening it would create or lock whatever it points to.
//   - the file's permission bits are kept across writes (a new file is
//     0600: it holds a person's habits). A file without its owner's write
//     bit is refused for writing with ErrStateReadOnly: read-only is the
//     owner's statement that nothing should change it, and a rename would
//     replace it anyway, so the store says so instead.
//   - a file over MaxStateBytes is refused (ErrStateTooLarge) before it is
//     parsed, and no update writes one: reading and validating a state
//     holds the lock, and an unbounded file would hold it unboundedly.
type Store struct {
	path string
}

// MaxStateBytes caps the state file: 8 MiB, tens of thousands of threads,
// and small enough that one update holds the lock for about two seconds at
// worst on a slow shared machine (TestStateUpdateNearTheCapIsBounded); the
// probe's 97 MiB state held it for 70 s.
const MaxStateBytes = 8 << 20

// Errors of the state file itself (as opposed to its content).
var (
	// ErrStateTooLarge: the file is over MaxStateBytes.
	ErrStateTooLarge = errors.New("state file too large")
	// ErrStateReadOnly: the file's owner has no write permission.
	ErrStateReadOnly = errors.New("state file is read-only")
	// ErrStateLockLink: the lock file is a symbolic link.
	ErrStateLockLink = errors.New("state lock file is a symbolic link")
)

// maxLinkHops bounds the symbolic links followed from the state path (the
// kernel's own limit, ELOOP, is 40).
const maxLinkHops = 40

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

// target is the file the state path names: the path itself, or the final
// target of the symbolic links at it (which need not exist yet).
func (s *Store) target() (string, error) {
	p := s.path
	for hop := 0; ; hop++ {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		if hop == maxLinkHops {
			return "", fmt.Errorf("more than %d symbolic links from %s", maxLinkHops, s.path)
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
}

func tempPrefix(target string) string { return "." + filepath.Base(target) + ".tmp-" }

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
	target, err := s.target()
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	st, _, err := s.readAt(target)
	return st, err
}

// readAt reads and decodes the state at target, and its permission bits
// (0600 for a missing file).
func (s *Store) readAt(target string) (*State, fs.FileMode, error) {
	b, mode, err := readCapped(target)
	if errors.Is(err, fs.ErrNotExist) {
		return NewState(), 0o600, nil
	}
	if err != nil {
		return nil, 0, &FileError{s.path, err}
	}
	st, err := DecodeState(b)
	if err != nil {
		return nil, 0, &FileError{s.path, err}
	}
	return st, mode, nil
}

// readCapped reads a file of at most MaxStateBytes; the size is checked
// before reading, and the read stops at the cap whatever the file claims
// (a device or a file still growing).
func readCapped(path string) ([]byte, fs.FileMode, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("not a regular file (%v)", fi.Mode().Type())
	}
	if fi.Size() > MaxStateBytes {
		return nil, 0, tooLarge(fmt.Sprintf("%d bytes", fi.Size()))
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxStateBytes+1))
	if err != nil {
		return nil, 0, err
	}
	if len(b) > MaxStateBytes {
		return nil, 0, tooLarge(fmt.Sprintf("more than %d bytes", MaxStateBytes))
	}
	return b, fi.Mode().Perm(), nil
}

func tooLarge(size string) error {
	return fmt.Errorf("%w: the file is %s, over the cap of %d bytes (%d MiB)", ErrStateTooLarge, size, MaxStateBytes, MaxStateBytes>>20)
}

// Update reads the state under the lock, lets fn change it, and writes it
// back atomically. If fn returns an error nothing is written. The state fn
// leaves must itself be a valid v3 state, or nothing is written.
func (s *Store) Update(fn func(*State) error) (*State, error) {
	target, err := s.target()
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, &FileError{s.path, err}
	}
	lock := target + ".lock"
	if fi, err := os.Lstat(lock); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &FileError{s.path, fmt.Errorf("%w: %s is not followed (it could create or lock a file elsewhere); remove it and the next writer creates a plain lock file", ErrStateLockLink, lock)}
	}
	unlock, err := lockFile(lock)
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	defer unlock()
	removeStaleTemps(dir, target)
	st, mode, err := s.readAt(target)
	if err != nil {
		return nil, err
	}
	if mode&0o200 == 0 {
		return nil, &FileError{s.path, fmt.Errorf("%w (mode %04o): its owner made it so; nothing was written (chmod u+w lets the agent update it)", ErrStateReadOnly, mode)}
	}
	if err := fn(st); err != nil {
		return nil, err
	}
	st.Version = StateVersion
	b, err := st.Encode()
	if err != nil {
		return nil, &FileError{s.path, err}
	}
	if len(b) > MaxStateBytes {
		return nil, fmt.Errorf("clock: the update would write %d bytes, over the cap of %d bytes on a state file; nothing was written: %w", len(b), MaxStateBytes, ErrStateTooLarge)
	}
	if _, err := DecodeState(b); err != nil {
		return nil, fmt.Errorf("clock: the update would write an invalid state, nothing was written: %w", err)
	}
	if err := writeAtomic(dir, target, b, mode); err != nil {
		return nil, &FileError{s.path, err}
	}
	return st, nil
}

// writeHook lets the crash test widen the moments of a write in which a
// kill -9 lands (it sleeps there); it does nothing otherwise.
var writeHook = func(stage string) {}

func writeAtomic(dir, target string, b []byte, mode fs.FileMode) error {
	f, err := os.CreateTemp(dir, tempPrefix(target)+"*")
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
	if err := f.Chmod(mode); err != nil {
		return err
	}
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
	if err := os.Rename(tmp, target); err != nil {
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
func removeStaleTemps(dir, target string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tempPrefix(target)) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
