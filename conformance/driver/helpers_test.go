package driver_test

import (
	"io"
	"io/fs"

	"github.com/clockspec/clockspec/goldens"
)

func goldensFS() fs.FS { return goldens.FS() }

type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

func ioNopCloser(r io.Reader) io.ReadCloser { return nopCloser{r} }
