package main

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// BenchmarkBuiltBinary runs this test binary as conform (TestMain), a
// process per iteration, and reports wall and CPU time (the child's user
// and system time) per run:
//
//   - version: a process start (every package's init, godog's included)
//     and the spec parsed; what every run, shard and serve child pays first;
//   - show: a start, one scenario's feature file parsed and its calls read
//     from the call corpus (no reference run; the goal: under 50 ms);
//   - list: a start, the spec and every feature file parsed;
//   - run-v1: --tags @v1, which parses v1's share only;
//   - run-all: the whole suite, --require all (the goal: at most
//     0.5 s wall and 0.6 s CPU).
//
// The test binary carries testscript and the test packages besides conform;
// a built conform starts a little faster.
func BenchmarkBuiltBinary(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"version", []string{"version"}},
		{"show", []string{"show", "v1/format-messages/json-spellings/escaped-first-key"}},
		{"list", []string{"list"}},
		{"run-v1", []string{"run", "--tags", "@v1"}},
		{"run-all", []string{"run", "--require", "all"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var wall, cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(exe, tc.args...)
				cmd.Env = append(os.Environ(), "CONFORM_TEST_AS_CONFORM=1")
				start := time.Now()
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("conform %v: %v\n%s", tc.args, err, out)
				}
				wall += time.Since(start)
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(wall.Microseconds())/float64(b.N)/1000, "wall-ms/run")
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N)/1000, "cpu-ms/run")
		})
	}
}
