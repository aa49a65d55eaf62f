package agent

import (
	"math"
	"testing"
)

func TestPassHatK(t *testing.T) {
	for _, c := range []struct {
		n, c, k int
		want    float64
	}{
		{5, 5, 5, 1}, {5, 3, 5, 0}, {5, 4, 5, 0}, {5, 3, 1, 0.6}, {5, 3, 2, 0.3}, {5, 3, 3, 0.1}, {8, 8, 1, 1}, {4, 0, 1, 0},
	} {
		if got := PassHatK(c.n, c.c, c.k); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("pass^%d with %d of %d = %v, want %v", c.k, c.c, c.n, got, c.want)
		}
	}
	if !math.IsNaN(PassHatK(3, 2, 4)) {
		t.Error("k > n has no pass^k")
	}
}

// Wilson's interval, against values computed by hand (z = 1.96).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		c, n   int
		lo, hi float64
	}{
		{3, 5, 0.2307, 0.8824}, {5, 5, 0.5655, 1}, {0, 5, 0, 0.4345}, {50, 100, 0.4038, 0.5962},
	} {
		lo, hi := Wilson(c.c, c.n)
		if math.Abs(lo-c.lo) > 5e-4 || math.Abs(hi-c.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.c, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
