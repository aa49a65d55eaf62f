package clock

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/clockspec/clockspec/protocol"
)

// The store operations let the kit certify an implementation's own state
// store (§10.3: "state updates MUST be atomic (write temp file + rename) and
// MUST use a lock (or equivalent)"): the runner names a file in a folder it
// owns, drives updates to it from several processes at once and kills
// writers mid-write, then reads the file back. The reference answers with
// its Store (lock file, temp file + rename).

// CodeStoreFailed: the store could not be read or written for a reason
// that is not the file's content (an I/O error).
const CodeStoreFailed = "store_failed"

// pathArg: "an absolute, clean file path"; anything else is invalid_path.
func pathArg(p string) *protocol.Error {
	if p == "" || !filepath.IsAbs(p) || filepath.Clean(p) != p {
		return protocol.Errorf(CodeInvalidPath, "path must be an absolute, clean file path, got %q", p)
	}
	return nil
}

func storeError(err error) *protocol.Error {
	var se *StateError
	switch {
	case errors.As(err, &se) && se.Kind == ErrStateVersion:
		return protocol.Errorf(CodeUnsupportedVersion, "%v", err)
	case errors.As(err, &se):
		return protocol.Errorf(CodeInvalidState, "%v", err)
	}
	var le *linkError
	if errors.As(err, &le) {
		return protocol.Errorf(CodeInvalidLink, "identity_links: %v", le.err)
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return protocol.Errorf(CodeStoreFailed, "%v", err)
	}
	// An update that would write more than MaxStateBytes (left as it was
	// before the typed inputs; the error_docs do not name it).
	return protocol.Errorf(protocol.CodeInvalidInput, "%v", err)
}

// StoreOnUserMessage records one inbound user message in the state file
// at path, as on_user_message does, through the store: read under the
// lock, update, write atomically.
func (handlers) StoreOnUserMessage(in *StoreOnUserMessageArgs) (any, *protocol.Error) {
	e1 := pathArg(in.Path)
	p, e2 := policyArg(in.Policy)
	now, e3 := instantArg("now", in.Now)
	msg, e4 := userMessage(OnUserMessageArgsMessage(in.Message), in.Now)
	// invalid_path is "the first value checked"; the policy is "checked after
	// the path and before now"; received_at "comes after path's, policy's
	// and now's"
	if perr := firstError(e1, e2, e3, e4); perr != nil {
		return nil, perr
	}
	var rec Recording
	_, err := NewStore(in.Path).Update(func(st *State) error {
		if err := CheckLinks(st.IdentityLinks); err != nil {
			return &linkError{err}
		}
		out, _, r, err := OnUserMessage(st, p, msg, now)
		if err != nil {
			return err
		}
		rec = r
		*st = *out
		return nil
	})
	if err != nil {
		return nil, storeError(err)
	}
	return struct {
		Wrote  bool   `json:"wrote"`
		Reason string `json:"reason"`
	}{rec.Wrote, rec.Reason}, nil
}

// StoreRead reads the state file at path: a missing file is the empty v3
// state; anything that is not a v3 state is refused, and left as it is.
func (handlers) StoreRead(in *StoreReadArgs) (any, *protocol.Error) {
	if perr := pathArg(in.Path); perr != nil {
		return nil, perr
	}
	path := in.Path
	source := "file"
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		source = "missing"
	}
	st, err := NewStore(path).Read()
	if err != nil {
		return nil, storeError(err)
	}
	return struct {
		State  *State `json:"state"`
		Source string `json:"source"`
	}{st, source}, nil
}

type linkError struct{ err error }

func (e *linkError) Error() string { return e.err.Error() }
