package v1

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/cronparser"
	"github.com/clockspec/clockspec/reference/cronspec"
	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// Error codes of v1.compute_next_run beyond the protocol's.
const (
	CodeInvalidCron     = "invalid_cron"
	CodeInvalidTimezone = "invalid_timezone"
	CodeInvalidNextRun  = "invalid_next_run"
	CodeOutOfRange      = "out_of_range"
)

// Task is the part of v1's ScheduledTask that computeNextRun reads.
type Task struct {
	ScheduleType  string
	ScheduleValue string
	// NextRun is the stored anchor. JavaScript distinguishes a missing value
	// (new Date(undefined) is Invalid Date) from null (new Date(null) is the
	// epoch), and so does this field: NextRunSet false means missing.
	NextRun    *string
	NextRunSet bool
}

// jsDateLimit is the largest distance from the epoch a JavaScript Date can
// hold (±8.64e15 ms); toISOString throws a RangeError beyond it.
const jsDateLimit = 8.64e15

// invalidIntervalFallback is v1's answer to an unusable interval: now + 60 s.
const invalidIntervalFallback = 60_000

// ComputeNextRun is v1's computeNextRun at instant now, as v1 shipped it:
// nil for once tasks, the next grid point after now for intervals, and for
// cron tasks whatever cron-parser 5.5.0 answers for
// CronExpressionParser.parse(expr, {tz: timezone}).next(), its DST skips,
// reruns and accepted syntax included.
//
// processTZ is the zone of the process that parses the stored next_run
// (JavaScript's new Date reads a date-time without an offset as local time).
func ComputeNextRun(task Task, now time.Time, timezone, processTZ string) (*time.Time, *protocol.Error) {
	switch task.ScheduleType {
	case "once":
		return nil, nil
	case "interval":
		t, err := nextInterval(task, now, intlLocation(processTZ), false)
		return &t, err
	case "cron":
		// cron-parser parses the expression before it builds its start date
		// in the zone, so the expression's error comes first.
		expr, err := cronparser.Parse(task.ScheduleValue, cronparser.Options{Seed: hashSeedDraw})
		if err != nil {
			return nil, protocol.Errorf(CodeInvalidCron, "%v", err)
		}
		loc, ok := cronparser.Zone(timezone, intlLocation(processTZ))
		if !ok {
			return nil, protocol.Errorf(CodeInvalidTimezone, "time zone %q is not valid", timezone)
		}
		next, err := expr.Next(now, loc)
		if err != nil {
			return nil, protocol.Errorf(CodeInvalidCron, "%v", err)
		}
		return &next, nil
	}
	return nil, protocol.Errorf(protocol.CodeInvalidInput, "schedule_type %q is not once, interval or cron", task.ScheduleType)
}

// hashSeedDraw stands in for the Math.random draw with which cron-parser
// seeds H when no hashSeed is given (v1 gave none): v1's answer for an
// expression with H is random per parse, and the one the reference gives is
// one of them. No required scenario pins an H answer.
const hashSeedDraw = 0

// ComputeNextRunDSTSafe is the kit's corrected scheduler, an extension of
// the v1 profile: cron in the strict 5/6-field grammar, a run in a skipped
// hour moved forward, a run in a repeated hour once, no day skipped, a
// schedule that never fires an error; intervals answered in one step, with
// a result beyond JavaScript's Date range reported as out_of_range rather
// than v1's RangeError.
func ComputeNextRunDSTSafe(task Task, now time.Time, timezone, processTZ string) (*time.Time, *protocol.Error) {
	switch task.ScheduleType {
	case "once":
		return nil, nil
	case "interval":
		t, err := nextInterval(task, now, intlLocation(processTZ), true)
		return &t, err
	case "cron":
		sched, err := cronspec.Parse(task.ScheduleValue)
		if err != nil {
			return nil, protocol.Errorf(CodeInvalidCron, "%v", err)
		}
		loc, ok := tzdb.LookupIntl(timezone)
		if !ok {
			return nil, protocol.Errorf(CodeInvalidTimezone, "time zone %q is not valid", timezone)
		}
		next, err := sched.Next(now, loc)
		if err != nil {
			if errors.Is(err, cronspec.ErrNoRun) {
				return nil, protocol.Errorf(CodeInvalidCron, "%q never fires: %v", task.ScheduleValue, err)
			}
			return nil, protocol.Errorf(CodeInvalidCron, "%v", err)
		}
		return &next, nil
	}
	return nil, protocol.Errorf(protocol.CodeInvalidInput, "schedule_type %q is not once, interval or cron", task.ScheduleType)
}

// nextInterval follows v1's loop `next = anchor + ms; while (next <= now)
// next += ms` in closed form (the same grid point, at once instead of after
// minutes of looping). v1's toISOString threw one RangeError for an
// unparseable anchor and for a result beyond the Date range: both are
// invalid_next_run, unless distinguish asks for out_of_range on the second.
func nextInterval(task Task, now time.Time, processLoc *time.Location, distinguish bool) (time.Time, *protocol.Error) {
	rangeCode := CodeInvalidNextRun
	if distinguish {
		rangeCode = CodeOutOfRange
	}
	nowMs := now.UnixMilli()
	ms, ok := jsrt.ParseInt10(task.ScheduleValue)
	if !ok || ms <= 0 {
		return time.UnixMilli(nowMs + invalidIntervalFallback).UTC(), nil
	}
	var anchor int64
	switch {
	case !task.NextRunSet:
		return time.Time{}, protocol.Errorf(CodeInvalidNextRun, "next_run is missing: new Date(undefined) is Invalid Date")
	case task.NextRun == nil:
		anchor = 0 // new Date(null) is the epoch
	default:
		t, ok := jsrt.ParseDate(*task.NextRun, processLoc)
		if !ok {
			return time.Time{}, protocol.Errorf(CodeInvalidNextRun, "next_run %q is not a date JavaScript can parse", *task.NextRun)
		}
		anchor = t.UnixMilli()
	}
	if ms > 2*jsDateLimit {
		return time.Time{}, protocol.Errorf(rangeCode, "interval %s ms puts the next run outside the JavaScript Date range", task.ScheduleValue)
	}
	step := int64(ms)
	next := anchor + step
	if next <= nowMs {
		next += ((nowMs-next)/step + 1) * step
	}
	if math.Abs(float64(next)) > jsDateLimit {
		return time.Time{}, protocol.Errorf(rangeCode, "the next run is outside the JavaScript Date range")
	}
	return time.UnixMilli(next).UTC(), nil
}

// ISOString is JavaScript's Date#toISOString: UTC with milliseconds, and a
// six-digit signed year outside 0000–9999.
func ISOString(t time.Time) string {
	t = t.UTC()
	y := t.Year()
	year := fmt.Sprintf("%04d", y)
	if y < 0 || y > 9999 {
		sign := "+"
		if y < 0 {
			sign, y = "-", -y
		}
		year = fmt.Sprintf("%s%06d", sign, y)
	}
	return year + t.Format("-01-02T15:04:05.000Z")
}

var folderPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// ValidGroupFolder is v1's group-folder check: a single safe directory name.
func ValidGroupFolder(folder string) bool {
	return folder != "" &&
		folder == jsrt.Trim(folder) &&
		folderPattern.MatchString(folder) &&
		!strings.ContainsAny(folder, `/\`) &&
		!strings.Contains(folder, "..") &&
		!strings.EqualFold(folder, "global")
}

// DueTaskOutcome is what the scheduler does with a due task before running it.
type DueTaskOutcome struct {
	Action string // run, pause or skip
	Status string
	// RunLogError is the run-log row's error; empty when no row is written.
	RunLogError string
}

// CheckDueTask is the v1 scheduler's guard. v1 only ever runs an active
// task: getDueTasks selects status 'active' and the loop skips a task whose
// status is anything else, before any other check. A due active task (a
// missing status counts as active) whose group folder is invalid is paused
// with one error row in the run log, and never run.
func CheckDueTask(folder, status *string) DueTaskOutcome {
	if status != nil && *status != "active" {
		return DueTaskOutcome{Action: "skip", Status: *status}
	}
	if folder == nil || !ValidGroupFolder(*folder) {
		// v1 wrote the folder into a template literal: no escaping, and a
		// null folder reads "null".
		shown := "null"
		if folder != nil {
			shown = *folder
		}
		return DueTaskOutcome{Action: "pause", Status: "paused", RunLogError: `Invalid group folder "` + shown + `"`}
	}
	return DueTaskOutcome{Action: "run", Status: "active"}
}
