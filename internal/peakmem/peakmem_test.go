package peakmem_test

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"

	"github.com/clockspec/clockspec/internal/peakmem"
)

// A child that touches 64 MiB peaks above 64 MiB and one that touches
// nothing stays far below, whatever this test binary holds: 200 MiB of it
// is resident here while both run (rusage would show it in both).
func TestRunMeasuresTheChildNotItsParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	if os.Getenv("PEAKMEM_CHILD") != "" {
		n, _ := strconv.Atoi(os.Getenv("PEAKMEM_CHILD"))
		b := make([]byte, n<<20)
		for i := range b {
			b[i] = 1
		}
		runtime.KeepAlive(b)
		return
	}
	ballast := make([]byte, 200<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	peak := func(mib int) int64 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRunMeasuresTheChildNotItsParent$")
		cmd.Env = append(os.Environ(), "PEAKMEM_CHILD="+strconv.Itoa(mib))
		p, err := peakmem.Run(cmd)
		if err != nil {
			t.Fatal(err)
		}
		return p >> 20
	}
	if small := peak(1); small > 100 {
		t.Errorf("a child that touches 1 MiB peaked at %d MiB", small)
	}
	if big := peak(64); big < 64 {
		t.Errorf("a child that touches 64 MiB peaked at %d MiB", big)
	}
	runtime.KeepAlive(ballast)
}
