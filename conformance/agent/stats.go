package agent

import "math"

// PassHatK is τ-bench's pass^k: the chance that k trials drawn without
// replacement from n, c of which passed, all pass — C(c,k)/C(n,k). With
// k = n it is 1 when every trial passed and 0 otherwise; with k = 1 it is
// the pass rate.
func PassHatK(n, c, k int) float64 {
	if k < 1 || k > n || c < 0 || c > n {
		return math.NaN()
	}
	if c < k {
		return 0
	}
	p := 1.0
	for i := range k {
		p *= float64(c-i) / float64(n-i)
	}
	return p
}

// Wilson is the Wilson score interval of c successes in n trials at 95 %:
// unlike the normal approximation it stays inside [0, 1] and is not empty
// at 0 or n successes, which small K makes common.
func Wilson(c, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(c) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}
