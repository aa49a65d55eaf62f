package datetime

import (
	"encoding/json"
	"slices"
	"testing"
)

// jsonCase is one request to a JSON entry point with either the exact output
// bytes (want) or an error code (code).
type jsonCase struct {
	name string
	in   string
	want string
	code string
}

// runJSON runs cases through call and checks bytes or code. It also checks
// that every success is valid JSON and every error has a known code, so a
// table entry cannot pass by accident.
func runJSON(t *testing.T, call func([]byte) ([]byte, *Error), cases []jsonCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, e := call([]byte(c.in))
			switch {
			case c.code == "" && e != nil:
				t.Fatalf("got error %v, want %s", e, c.want)
			case c.code == "" && string(out) != c.want:
				t.Fatalf("got  %s\nwant %s", out, c.want)
			case c.code == "" && !json.Valid(out):
				t.Fatalf("invalid JSON %s", out)
			case c.code != "" && e == nil:
				t.Fatalf("got %s, want error %s", out, c.code)
			case c.code != "" && e.Code != c.code:
				t.Fatalf("got error %v, want code %s", e, c.code)
			case c.code != "" && out != nil:
				t.Fatalf("error with output %s", out)
			}
			if e != nil && !slices.Contains(Codes(), e.Code) {
				t.Fatalf("unknown code %q", e.Code)
			}
			if e != nil && e.Message == "" {
				t.Fatalf("code %s without message", e.Code)
			}
		})
	}
}

// diffOut builds the expected diff payload.
func diffOut(left, right, s, m, h, d string, sign int) string {
	return `{"operation":"diff","left":"` + left + `","right":"` + right +
		`","duration_seconds":` + s + `,"duration_minutes":` + m + `,"duration_hours":` + h +
		`,"duration_days":` + d + `,"sign":` + itoa(sign) + `}`
}

func shiftOut(in, res string) string {
	return `{"operation":"shift","input":"` + in + `","result":"` + res + `"}`
}

func convertOut(in, zone, res string) string {
	return `{"operation":"convert_timezone","input":"` + in + `","target_timezone":"` + zone + `","result":"` + res + `"}`
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
