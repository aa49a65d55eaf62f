package conformance_test

import (
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
