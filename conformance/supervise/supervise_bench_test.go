package supervise_test

import (
	"os/exec"
	"testing"

	"github.com/clockspec/clockspec/conformance/supervise"
)

// What supervision costs, against its baseline in the same run: ending a
// process with os/exec (Kill, Wait) versus ending its tree (the group kill
// and the sweeps until nothing is left), and one sweep of the process
// table (what every Kill and Stop repeats).
func BenchmarkEndAProcess(b *testing.B) {
	b.Run("os-exec-baseline", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command("sleep", "100")
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	b.Run("supervised-tree", func(b *testing.B) {
		for b.Loop() {
			tree, err := supervise.Start(exec.Command("sleep", "100"))
			if err != nil {
				b.Fatal(err)
			}
			if err := tree.Kill(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSweep(b *testing.B) {
	tree, err := supervise.Start(exec.Command("sleep", "100"))
	if err != nil {
		b.Fatal(err)
	}
	defer tree.Kill()
	for b.Loop() {
		tree.Members()
	}
}
