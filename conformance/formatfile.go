package conformance

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/cucumber/godog"
)

// godog writes a "name:path" formatter's file through its colour filter,
// which makes one write system call per character: the Cucumber JSON of
// the whole suite took seconds. So FormatFiles do not use that syntax: a
// run borrows one of a few slots of formatters registered (at init, as
// godog's registry is not safe to change while a suite runs) under names of
// their own, "clockspec-file-<slot>-<format>", which build godog's own
// formatter of that name over a buffered file this package opened.
const formatSlots = 8

var fileFormatters struct {
	sync.Mutex
	cond    *sync.Cond
	busy    [formatSlots]bool
	targets [formatSlots]map[string]io.Writer
}

func init() {
	ff := &fileFormatters
	ff.cond = sync.NewCond(&ff.Mutex)
	for slot := 0; slot < formatSlots; slot++ {
		for _, name := range Formats {
			inner := godog.FindFmt(name)
			if inner == nil {
				continue
			}
			godog.Format(fileFormatterName(slot, name), "godog's "+name+" formatter into a file", func(suite string, _ io.Writer) godog.Formatter {
				ff.Lock()
				w := ff.targets[slot][name]
				ff.Unlock()
				if w == nil {
					w = io.Discard
				}
				return inner(suite, w)
			})
		}
	}
}

func fileFormatterName(slot int, format string) string {
	return fmt.Sprintf("clockspec-file-%d-%s", slot, format)
}

// acquireFormatSlot waits for a free slot and points it at targets.
func acquireFormatSlot(targets map[string]io.Writer) int {
	ff := &fileFormatters
	ff.Lock()
	defer ff.Unlock()
	for {
		for i, b := range ff.busy {
			if !b {
				ff.busy[i], ff.targets[i] = true, targets
				return i
			}
		}
		ff.cond.Wait()
	}
}

func releaseFormatSlot(slot int) {
	ff := &fileFormatters
	ff.Lock()
	ff.busy[slot], ff.targets[slot] = false, nil
	ff.Unlock()
	ff.cond.Signal()
}

// openFormatFiles creates the files, and returns godog's format list
// entries for them and a function that flushes and closes them.
func openFormatFiles(files []FormatFile) (formats []string, finish func() error, err error) {
	targets := map[string]io.Writer{}
	var opened []*os.File
	var bufs []*bufio.Writer
	closeAll := func() error {
		var errs []error
		for i, f := range opened {
			errs = append(errs, bufs[i].Flush(), f.Close())
		}
		return errors.Join(errs...)
	}
	for _, ff := range files {
		if _, dup := targets[ff.Format]; dup {
			_ = closeAll()
			return nil, nil, fmt.Errorf("conformance: two %s report files", ff.Format)
		}
		f, err := os.Create(ff.Path)
		if err != nil {
			_ = closeAll()
			return nil, nil, fmt.Errorf("conformance: %w", err)
		}
		b := bufio.NewWriterSize(f, 1<<16)
		opened, bufs = append(opened, f), append(bufs, b)
		targets[ff.Format] = b
	}
	slot := acquireFormatSlot(targets)
	for _, ff := range files {
		formats = append(formats, fileFormatterName(slot, ff.Format))
	}
	return formats, func() error {
		releaseFormatSlot(slot)
		return closeAll()
	}, nil
}
