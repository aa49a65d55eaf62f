package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Caps on the files a user names: conform reads each whole, so a file that
// is not a regular file (a FIFO would block for ever, /dev/zero never ends)
// or is larger than its kind can sensibly be is refused with a message
// instead of being read.
const (
	maxPromptBytes  = 1 << 20  // --system-prompt
	maxReplayBytes  = 64 << 20 // conform replay FILE
	maxFeatureBytes = 8 << 20  // each file of --features (and --goldens) DIR
)

// readUserFile reads a file the command line names, refusing what is not a
// regular file or is larger than max.
func readUserFile(what, path string, max int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %s is not a regular file (%s)", what, path, st.Mode().Type())
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%s: %s is %d bytes, more than the %d a %s may have", what, path, st.Size(), max, what)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: %s grew past %d bytes while it was read", what, path, max)
	}
	return b, nil
}

// cappedFS is a folder of the user's whose files are read whole (features,
// goldens): opening one that is not a regular file or a folder, or that is
// larger than max, fails with a message.
type cappedFS struct {
	fs.FS
	dir string
	max int64
}

func (c cappedFS) Open(name string) (fs.File, error) {
	if st, err := fs.Stat(c.FS, name); err == nil && !st.IsDir() {
		if !st.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
		}
		if st.Size() > c.max {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%d bytes, more than the %d a file of %s may have", st.Size(), c.max, c.dir)}
		}
	}
	return c.FS.Open(name)
}
