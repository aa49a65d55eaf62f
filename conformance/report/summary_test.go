package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// noTzdata says hello without a tzdata, as every MCP server does.
type noTzdata struct{ *reference.Implementation }

func (n noTzdata) Hello() protocol.Hello {
	h := n.Implementation.Hello()
	h.Tzdata = ""
	return h
}

// The summary names the tzdata an implementation reported, and says so
// when it reported none, rather than printing an empty name.
func TestSummarySaysWhenNoTzdataWasReported(t *testing.T) {
	for _, c := range []struct {
		impl conformance.Implementation
		want string
	}{
		{reference.New(), ", tzdata 2025c"},
		{noTzdata{reference.New()}, ", tzdata not reported\n"},
	} {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(c.impl),
			Goldens: goldensFS(), Run: []conformance.Pattern{"v1/escape-xml/plain"}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		report.WriteSummary(&b, rep)
		line := ""
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "implementation: ") {
				line = l + "\n"
			}
		}
		if !strings.Contains(line, c.want) || strings.Contains(line, "tzdata \n") || strings.Contains(line, "tzdata ,") {
			t.Errorf("implementation line %q, want it to contain %q", line, c.want)
		}
	}
}
