package conformance_test

import (
	"runtime"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/reference"
)

func BenchmarkZZWholeSuite(b *testing.B) {
	drv := conformance.InProcess(reference.New())
	runWholeSuite(b, drv)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		runWholeSuite(b, drv)
	}
}

func TestZZLive(t *testing.T) {
	var m runtime.MemStats
	drv := conformance.InProcess(reference.New())
	b := &testing.B{}
	runWholeSuite(b, drv)
	runtime.GC()
	runtime.ReadMemStats(&m)
	t.Logf("live after suite: %d MB, numgc %d", m.HeapAlloc>>20, m.NumGC)
	n0 := m.NumGC
	runWholeSuite(b, drv)
	runtime.ReadMemStats(&m)
	t.Logf("gc cycles in one run: %d, total alloc %d MB", m.NumGC-n0, m.TotalAlloc>>20)
	runGodogOutline(b, outlineFeature(2500))
	runtime.GC()
	runtime.ReadMemStats(&m)
	t.Logf("live after godog: %d MB", m.HeapAlloc>>20)
}
