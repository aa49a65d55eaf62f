package cronparser

// The PRNG of cron-parser 5.5.0 (utils/random.js): mulberry32 seeded with
// the FNV-1a hash of hashSeed. Without a hashSeed cron-parser seeds it with
// Math.random, so H is random per parse; Options.Seed stands in for that draw.

// xfnv1a is FNV-1a over the UTF-16 code units of s.
func xfnv1a(s string) uint32 {
	h := uint32(2166136261)
	for _, u := range utf16Units(s) {
		h ^= uint32(u)
		h *= 16777619
	}
	return h
}

func utf16Units(s string) []uint16 {
	var out []uint16
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			out = append(out, uint16(0xd800+(r>>10)), uint16(0xdc00+(r&0x3ff)))
			continue
		}
		out = append(out, uint16(r))
	}
	return out
}

// mulberry32 returns cron-parser's generator: each call a float in [0, 1).
func mulberry32(seed uint32) func() float64 {
	return func() float64 {
		seed += 0x6d2b79f5
		t := seed
		t = (t ^ t>>15) * (t | 1)
		t ^= t + (t^t>>7)*(t|61)
		return float64(t^t>>14) / 4294967296
	}
}
