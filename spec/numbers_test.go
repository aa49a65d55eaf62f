package spec

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

func TestTameNumberKeepsWhatSchemasCompare(t *testing.T) {
	for in, want := range map[string]string{
		"1e-1000000000":               "1e-400",
		"-2.5e-999999999999999999999": "-1e-400",
		"1e1000000000":                "1e400",
		"-7E+99999999999999999999999": "-1e400",
		"0e-1000000000":               "0",
		"0.000e99999999":              "0",
		"1e2":                         "1e2",
		"1.5":                         "1.5",
		"12345":                       "12345",
		"1000000e-1000000":            "1e-400",
		"1e-99":                       "1e-99",
		// a moderate value written with a huge exponent and as many digits
		"15" + strings.Repeat("0", 200000) + "e-200000":  "15",
		"-25" + strings.Repeat("0", 300000) + "e-300002": "-0.25",
	} {
		got := tameNumber(json.Number(in))
		if string(got) != want {
			t.Errorf("tameNumber(%.40s…) = %.40s, want %s", in, got, want)
		}
		if _, ok := new(big.Rat).SetString(string(got)); !ok {
			t.Errorf("tameNumber(%.40s…) = %.40s, which math/big cannot read", in, got)
		}
	}
}

// TestValidateSurvivesNumbersMathBigRefuses: the library panicked on these.
func TestValidateSurvivesNumbersMathBigRefuses(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	o, ok := cat.Operation("datetime_math")
	if !ok {
		t.Fatal("no datetime_math")
	}
	for _, in := range []string{
		`{"operation": "shift", "timestamp": "x", "days": 1e-1000000000}`,
		`{"operation": "shift", "timestamp": "x", "days": 1e1000000000}`,
		`{"operation": "shift", "timestamp": "x", "days": -1e-99999999999999999999999}`,
	} {
		_ = o.ValidateInput([]byte(in)) // must not panic
	}
	// whole numbers stay whole, fractions stay fractions
	whole := o.ValidateInput([]byte(`{"operation": "now", "days": 1e1000000000}`))
	frac := o.ValidateInput([]byte(`{"operation": "now", "days": 1e-1000000000}`))
	wholeSmall := o.ValidateInput([]byte(`{"operation": "now", "days": 1e300}`))
	fracSmall := o.ValidateInput([]byte(`{"operation": "now", "days": 1e-300}`))
	if (whole == nil) != (wholeSmall == nil) || (frac == nil) != (fracSmall == nil) {
		t.Fatalf("a tamed number is judged unlike its moderate twin: %v/%v, %v/%v", whole, wholeSmall, frac, fracSmall)
	}
}
