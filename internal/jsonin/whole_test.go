package jsonin

import "testing"

func TestWhole(t *testing.T) {
	for _, c := range []struct {
		in, want string
		whole    bool
	}{
		{"3", "3", true}, {"3.0", "3", true}, {"9e1", "90", true}, {"9E+1", "90", true},
		{"-0", "0", true}, {"-0.0e5", "0", true}, {"0", "0", true}, {"-12", "-12", true},
		{"1200e-2", "12", true}, {"0.5e1", "5", true}, {"12345678901234567890123", "12345678901234567890123", true},
		{"3.0000000000000001", "", false}, {"0.1", "", false}, {"15e-1", "", false},
		{"1e-400", "", false}, {"1e401", "", false}, {"1e400", "1" + zeros(400), true},
		{"x", "", false}, {"", "", false}, {"1.2.3", "", false},
	} {
		got, ok := Whole(c.in)
		if got != c.want || ok != c.whole {
			t.Errorf("Whole(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.whole)
		}
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}
