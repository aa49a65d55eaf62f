// Package storecheck certifies an implementation's own state store against
// seed 004 §10.3: "state updates MUST be atomic (write temp file + rename)
// and MUST use a lock (or equivalent) to avoid concurrent write
// corruption". One call cannot show either, so the check drives the
// clock-core store operations itself, through the subprocess form of the
// protocol: several processes update one file at once (no update may be
// lost), and writers are killed mid-write (the file must always read as a
// whole v3 state holding every update that was acknowledged). It stands
// apart from the scenario runner because it needs processes it can start
// several of and kill (through conformance/driver, and raw pipes for the
// kills).
//
// Belongs here: checks of an implementation that no single call can show.
package storecheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/supervise"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// Options configure Run.
type Options struct {
	Argv []string // the implementation's command (subprocess form); no shell
	Env  []string // nil: the runner's environment
	// Dir is where the check's state files go; default a fresh temporary
	// folder, removed afterwards.
	Dir string
	// Writers processes each send Updates updates at once. Default 4 × 25.
	Writers, Updates int
	// Kills is how many writers are killed mid-write. Default 40: the kill
	// moments are spread over one update cycle, one in each 40th of it, so
	// a writer whose file is torn for more than a 40th of its cycle is
	// caught every run; 15 kills let a torn in-place writer pass 8 runs
	// of 18.
	Kills int
	// Preload is how many users the file holds before the kills, so that a
	// write takes long enough to be interrupted. Default 2000.
	Preload int
	// Deadline bounds each call, and a process's start. Default 20 s (a
	// store may fsync). The whole check takes at most WorstCase deadlines,
	// plus the seconds it takes to stop processes (supervise.KillBound
	// each at worst), whatever the store does.
	Deadline time.Duration
	// Seed makes the kill timing reproducible. Default 1.
	Seed int64
}

// Check is the verdict of one part of the check.
type Check struct {
	Name    string `json:"name"`
	Passed  bool   `json:"passed"`
	Problem string `json:"problem,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// The parts of the check (Check.Name).
const (
	Concurrent = "concurrent updates from several processes: none lost"
	Kill       = "a writer killed mid-write: the file is a whole v3 state with every acknowledged update"
)

var storeNow = time.Date(2026, 2, 9, 1, 0, 0, 0, time.UTC)

func storeUpdate(path, userID string, at time.Time) json.RawMessage {
	b, _ := json.Marshal(map[string]any{
		"path": path, "now": at.Format(time.RFC3339),
		"message": map[string]any{"channel": "chat", "thread": []string{"dm", userID}, "user_id": userID, "text": "hi"},
	})
	return b
}

// The check's budgets, in deadlines: each part runs under its own, so a
// store that never answers, or answers each call just in time, cannot keep
// the check going: the concurrent updates (two waves of calls through each
// process's window, after its start), each read (a start and a call), and
// the kills (all of them; a store too slow for that fails the part).
const (
	concurrentBudget = 3
	readBudget       = 2
	killsBudget      = 4
	// WorstCase is the longest the check takes, in deadlines: the
	// concurrent part and its read, the kills and theirs.
	WorstCase = concurrentBudget + readBudget + killsBudget + readBudget
)

// Run runs both parts of the store check. An error means the check could
// not run (no command, no folder); a store that fails is a verdict.
func Run(ctx context.Context, opts Options) ([]Check, error) {
	if len(opts.Argv) == 0 || opts.Argv[0] == "" {
		return nil, errors.New("store check: no command")
	}
	if _, err := exec.LookPath(opts.Argv[0]); err != nil {
		return nil, fmt.Errorf("store check: %w", err)
	}
	if opts.Writers <= 0 {
		opts.Writers = 4
	}
	if opts.Updates <= 0 {
		opts.Updates = 25
	}
	if opts.Kills <= 0 {
		opts.Kills = 40
	}
	if opts.Preload <= 0 {
		opts.Preload = 2000
	}
	if opts.Deadline <= 0 {
		opts.Deadline = 20 * time.Second
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	cat, err := spec.Load()
	if err != nil {
		return nil, err
	}
	dir := opts.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "clockspec-storecheck-"); err != nil {
			return nil, fmt.Errorf("store check: %w", err)
		}
		defer os.RemoveAll(dir)
	}
	c := &storeChecker{opts: opts, cat: cat}
	if err := c.preflight(ctx); err != nil {
		return nil, err
	}
	return []Check{
		c.concurrent(ctx, filepath.Join(dir, "concurrent", "clock-state.json")),
		c.kills(ctx, filepath.Join(dir, "kills", "clock-state.json")),
	}, nil
}

// storeOps are the operations the store check calls.
var storeOps = []string{"clock-core.store_on_user_message", "clock-core.store_read"}

// preflight has one process say hello before any part runs: an
// implementation that cannot start, or that lacks the store's operations,
// is a check that could not run (conform store-check exits 2), not two
// failed parts repeating one error a hundred times.
func (c *storeChecker) preflight(ctx context.Context) error {
	d, err := c.driver()
	if err != nil {
		return fmt.Errorf("store check: %w", err)
	}
	defer d.Close()
	ctx, cancel := context.WithTimeout(ctx, c.opts.Deadline)
	defer cancel()
	h, err := d.Hello(ctx)
	if err != nil {
		return fmt.Errorf("store check: the implementation could not be started: %w", err)
	}
	var missing []string
	for _, op := range storeOps {
		if !slices.Contains(h.Operations, op) {
			missing = append(missing, op)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("store check: %s does not implement %s (its hello lists the operations it has)", h.Implementation, strings.Join(missing, " and "))
	}
	return nil
}

// budget is ctx bounded by n deadlines.
func (c *storeChecker) budget(ctx context.Context, n int) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, time.Duration(n)*c.opts.Deadline)
}

// overBudget words a part that ran out of its budget.
func (c *storeChecker) overBudget(what string, n int) string {
	return fmt.Sprintf("%s did not finish within %d × the deadline (%s): the store does not answer in time", what, n, time.Duration(n)*c.opts.Deadline)
}

type storeChecker struct {
	opts Options
	cat  *spec.Catalog
}

func (c *storeChecker) driver() (driver.Driver, error) {
	return driver.Subprocess(driver.SubprocessOptions{Argv: c.opts.Argv, Env: c.opts.Env, Deadline: c.opts.Deadline,
		StartDeadline: c.opts.Deadline, MaxRestarts: -1})
}

// read asks a fresh process for the file's state, checked against the
// store_read output schema.
func (c *storeChecker) read(ctx context.Context, path string) (map[string]any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err // stopped: no process is started
	}
	ctx, cancel := c.budget(ctx, readBudget)
	defer cancel()
	d, err := c.driver()
	if err != nil {
		return nil, err
	}
	defer d.Close()
	in, _ := json.Marshal(map[string]string{"path": path})
	res, err := d.Call(ctx, "clock-core.store_read", in)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, errors.New(c.overBudget("store_read", readBudget))
	}
	if err != nil {
		return nil, fmt.Errorf("store_read: %w", err)
	}
	if res.Error != nil {
		return nil, fmt.Errorf("store_read refused the file: %s: %s", res.Error.Code, res.Error.Message)
	}
	if op, ok := c.cat.Operation("clock-core.store_read"); ok {
		if err := op.ValidateOutput(res.Output); err != nil {
			return nil, fmt.Errorf("store_read: %w", err)
		}
	}
	var out struct {
		State map[string]any `json:"state"`
	}
	if err := json.Unmarshal(res.Output, &out); err != nil {
		return nil, fmt.Errorf("store_read: %w", err)
	}
	return out.State, nil
}

// wholeFile checks the file's bytes as the next reader would find them: a
// v3 state by the state schema, or no file at all.
func (c *storeChecker) wholeFile(path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var st any
	if err := json.Unmarshal(b, &st); err != nil {
		return fmt.Errorf("the file is not JSON (%d bytes, begins %q): %v", len(b), head(b), err)
	}
	wrapped, _ := json.Marshal(map[string]any{"state": st, "source": "file"})
	if op, ok := c.cat.Operation("clock-core.store_read"); ok {
		if err := op.ValidateOutput(wrapped); err != nil {
			return fmt.Errorf("the file is not a v3 state: %v", err)
		}
	}
	return nil
}

func head(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

func missingUsers(st map[string]any, want []string) []string {
	users, _ := st["users"].(map[string]any)
	var missing []string
	for _, u := range want {
		if _, ok := users["user:chat:"+u]; !ok {
			missing = append(missing, u)
		}
	}
	return missing
}

func firstFew(list []string) string {
	sort.Strings(list)
	if len(list) > 8 {
		return strings.Join(list[:8], ", ") + fmt.Sprintf(" and %d more", len(list)-8)
	}
	return strings.Join(list, ", ")
}

// concurrent: Writers processes each send Updates updates for distinct
// users, all at once; afterwards every user must be in the file.
func (c *storeChecker) concurrent(parent context.Context, path string) Check {
	r := Check{Name: Concurrent}
	ctx, cancel := c.budget(parent, concurrentBudget)
	defer cancel()
	var (
		mu       sync.Mutex
		want     []string
		problems []string
		wg       sync.WaitGroup
	)
	var drivers []driver.Driver
	defer func() {
		// Closed together: each may take a second and a grace to stop.
		var cwg sync.WaitGroup
		for _, d := range drivers {
			cwg.Add(1)
			go func() { defer cwg.Done(); _ = d.Close() }()
		}
		cwg.Wait()
	}()
	for w := 0; w < c.opts.Writers; w++ {
		d, err := c.driver()
		if err != nil {
			r.Problem = err.Error()
			return r
		}
		drivers = append(drivers, d)
		for j := 0; j < c.opts.Updates; j++ {
			user := fmt.Sprintf("w%d-u%d", w, j)
			want = append(want, user)
			wg.Add(1)
			go func(at time.Time) {
				defer wg.Done()
				res, err := d.Call(ctx, "clock-core.store_on_user_message", storeUpdate(path, user, at))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					problems = append(problems, fmt.Sprintf("%s: %v", user, err))
				case res.Error != nil:
					problems = append(problems, fmt.Sprintf("%s: %s: %s", user, res.Error.Code, res.Error.Message))
				}
			}(storeNow.Add(time.Duration(j) * time.Second))
		}
	}
	wg.Wait()
	if ctx.Err() != nil && parent.Err() == nil {
		r.Problem = c.overBudget(fmt.Sprintf("%d updates from %d processes", len(want), c.opts.Writers), concurrentBudget)
		return r
	}
	if len(problems) > 0 {
		r.Problem = fmt.Sprintf("%d of %d updates failed: %s", len(problems), len(want), firstFew(problems))
		return r
	}
	if err := c.wholeFile(path); err != nil {
		r.Problem = err.Error()
		return r
	}
	st, err := c.read(parent, path)
	if err != nil {
		r.Problem = err.Error()
		return r
	}
	if missing := missingUsers(st, want); len(missing) > 0 {
		r.Problem = fmt.Sprintf("%d of %d acknowledged updates were lost (users %s): the store does not serialise its read-modify-write", len(missing), len(want), firstFew(missing))
		return r
	}
	r.Passed = true
	r.Detail = fmt.Sprintf("%d processes × %d updates, all %d kept", c.opts.Writers, c.opts.Updates, len(want))
	return r
}

// preload writes a valid v3 state holding Preload users.
func (c *storeChecker) preload(path string) ([]string, error) {
	users := map[string]any{}
	var ids []string
	for i := 0; i < c.opts.Preload; i++ {
		id := fmt.Sprintf("p%d", i)
		ids = append(ids, id)
		users["user:chat:"+id] = map[string]any{
			"last_interaction_any_channel_iso": "2026-02-09T00:00:00Z",
			"channels":                         map[string]any{"chat": map[string]any{"last_user_message_iso": "2026-02-09T00:00:00Z"}},
		}
	}
	b, err := json.Marshal(map[string]any{"version": 3, "users": users, "threads": map[string]any{}})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	return ids, os.WriteFile(path, b, 0o600)
}

// kills starts a writer, lets it work, kills it (SIGKILL) at a random
// moment while updates are in flight, and looks at the file; Kills times.
func (c *storeChecker) kills(parent context.Context, path string) Check {
	r := Check{Name: Kill}
	ctx, cancel := c.budget(parent, killsBudget)
	defer cancel()
	want, err := c.preload(path)
	if err != nil {
		r.Problem = "could not write the starting file: " + err.Error()
		return r
	}
	rng := rand.New(rand.NewSource(c.opts.Seed))
	landed := 0
	for k := 0; k < c.opts.Kills; k++ {
		if parent.Err() != nil {
			r.Problem = parent.Err().Error()
			return r
		}
		// The kill moments are spread evenly over one update cycle of the
		// writer (stratified, with a random offset in each stratum), so a
		// window in which the file is not whole is hit however short a part
		// of the cycle it is, as long as it is longer than cycle/Kills.
		frac := (float64(k) + rng.Float64()) / float64(c.opts.Kills)
		acked, inFlight, err := c.killOne(ctx, path, k, frac)
		if ctx.Err() != nil && parent.Err() == nil {
			r.Problem = c.overBudget(fmt.Sprintf("%d kills (%d done)", c.opts.Kills, k), killsBudget)
			return r
		}
		if err != nil {
			r.Problem = fmt.Sprintf("kill %d: %v", k+1, err)
			return r
		}
		want = append(want, acked...)
		if inFlight {
			landed++
		}
		if err := c.wholeFile(path); err != nil {
			r.Problem = fmt.Sprintf("after kill %d of %d: %v", k+1, c.opts.Kills, err)
			return r
		}
	}
	st, err := c.read(parent, path)
	if err != nil {
		r.Problem = err.Error()
		return r
	}
	if missing := missingUsers(st, want); len(missing) > 0 {
		r.Problem = fmt.Sprintf("%d acknowledged or stored users are missing after the kills (%s)", len(missing), firstFew(missing))
		return r
	}
	r.Passed = true
	r.Detail = fmt.Sprintf("%d kills (%d with updates in flight), a %d-user file, never torn, nothing acknowledged lost", c.opts.Kills, landed, c.opts.Preload)
	return r
}

// killOne runs one writer: hello, a burst of updates, and a kill at frac of
// an update cycle after the second acknowledgement (the cycle measured
// between the first two). The kill is SIGKILL to the writer's whole tree at
// once (supervise): a store whose writing happens in a child process (a
// wrapper such as sh -c or npm start, or a writer it forks) is killed at
// the moment of writing too. It answers the users whose updates were
// acknowledged (wrote true) and whether updates were still in flight.
func (c *storeChecker) killOne(ctx context.Context, path string, k int, frac float64) ([]string, bool, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, false, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, false, err
	}
	cmd := exec.Command(c.opts.Argv[0], c.opts.Argv[1:]...)
	cmd.Env = c.opts.Env
	cmd.Stdin, cmd.Stdout = inR, outW // stderr: /dev/null
	tree, err := supervise.Start(cmd)
	inR.Close() // the writer's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, false, err
	}
	var killed sync.Once
	kill := func() {
		killed.Do(func() {
			err := tree.Kill()
			inW.Close()
			if err != nil {
				// What survived cannot hold the check: its stdout is
				// closed unread. Otherwise every answer written before
				// the kill is read to the end of the pipe.
				outR.Close()
			}
		})
	}
	defer outR.Close()
	defer kill()
	const burst = 30
	users := map[string]string{}
	var reqs bytes.Buffer
	hello, _ := json.Marshal(protocol.Request{ID: "hello", Op: protocol.OpHello})
	reqs.Write(append(hello, '\n'))
	for j := 0; j < burst; j++ {
		id := fmt.Sprintf("k%d-%d", k, j)
		user := fmt.Sprintf("k%d-u%d", k, j)
		users[id] = user
		b, _ := json.Marshal(protocol.Request{ID: id, Op: "clock-core.store_on_user_message",
			Input: storeUpdate(path, user, storeNow.Add(time.Duration(k*burst+j)*time.Second))})
		reqs.Write(append(b, '\n'))
	}
	// The write ends with the kill at the latest (the pipe closes).
	go func() { _, _ = inW.Write(reqs.Bytes()) }()
	var (
		mu      sync.Mutex
		acked   []string
		answers int
		second  = make(chan time.Duration, 1)
		done    = make(chan struct{})
	)
	go func() {
		defer close(done)
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 64<<10), protocol.MaxMessageBytes+1)
		var firstAt time.Time
		for sc.Scan() {
			var resp protocol.Response
			if json.Unmarshal(sc.Bytes(), &resp) != nil || resp.ID == "hello" {
				continue
			}
			var out struct {
				Wrote bool `json:"wrote"`
			}
			_ = json.Unmarshal(resp.Output, &out)
			mu.Lock()
			answers++
			if resp.Error == nil && out.Wrote {
				acked = append(acked, users[resp.ID])
			}
			n := answers
			mu.Unlock()
			switch n {
			case 1:
				firstAt = time.Now()
			case 2:
				second <- time.Since(firstAt)
			}
		}
	}()
	timer := time.NewTimer(c.opts.Deadline)
	defer timer.Stop()
	select {
	case cycle := <-second:
		time.Sleep(time.Duration(frac * float64(cycle)))
	case <-done:
	case <-timer.C:
		return nil, false, fmt.Errorf("two updates were not answered within %s", c.opts.Deadline)
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	kill()
	<-done
	mu.Lock()
	defer mu.Unlock()
	return acked, answers < burst, nil
}
