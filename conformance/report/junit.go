package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/features"
)

// JUnit XML is written from the Report rather than by godog's formatter, so
// that a CI test view maps back to the suite: each testsuite is a feature
// ("profile/feature"), each testcase's classname is that feature and its
// name is the scenario id and title ("v1/escape-xml/ampersand: escapes
// ampersands") — the id is what --run, --known-failing and conform show
// take. A failure's message is its cause in one line — what was wanted
// and what came back, or the schema's complaint and the value returned —
// because that line is all many CI views show (Jenkins' "Error Message",
// GitLab's test summary); its body is the problem the summary shows. A known
// failure or a scenario of an unclaimed profile is skipped, with the reason.
// Each test's time is the scenario's own.

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

type junitCase struct {
	ClassName string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

// JUnitClassName is a scenario's JUnit classname: its profile and feature
// file ("v1/escape_xml"), or its profile when the suite is not at hand.
func JUnitClassName(s result.ScenarioResult, suite *features.Suite) string {
	if suite != nil {
		if sc, ok := suite.ByID(s.ID); ok {
			return strings.TrimSuffix(sc.URI, ".feature")
		}
	}
	return s.Profile
}

// JUnitName is a scenario's JUnit test name: its id and title.
func JUnitName(s result.ScenarioResult) string { return s.ID + ": " + s.Name }

// WriteJUnit writes the report as JUnit XML; suite (may be nil) names the
// features.
func WriteJUnit(w io.Writer, rep *result.Report, suite *features.Suite) error {
	all := junitSuites{Name: "clockspec", Time: seconds(rep.Duration.Seconds())}
	at := map[string]int{}
	for _, s := range rep.Scenarios {
		class := JUnitClassName(s, suite)
		i, ok := at[class]
		if !ok {
			i = len(all.Suites)
			at[class] = i
			all.Suites = append(all.Suites, junitSuite{Name: class, Time: "0"})
		}
		ts := &all.Suites[i]
		tc := junitCase{ClassName: class, Name: JUnitName(s), Time: fmt.Sprintf("%.6f", s.Duration.Seconds())}
		ts.Time = seconds(parseSeconds(ts.Time) + s.Duration.Seconds())
		switch status, message := junitStatus(rep, s); status {
		case "skipped":
			tc.Skipped = &junitSkipped{Message: message}
		case "failed":
			tc.Failure = &junitFailure{Message: message, Type: string(rep.LevelVerdict(s)), Text: s.Problem}
		}
		ts.Tests++
		all.Tests++
		if tc.Failure != nil {
			ts.Failures++
			all.Failures++
		}
		if tc.Skipped != nil {
			ts.Skipped++
			all.Skipped++
		}
		ts.Cases = append(ts.Cases, tc)
	}
	if rep.CouldNotRun != "" {
		// No scenario ran; CI must still see a failure, not an empty green suite.
		all.Suites = append(all.Suites, junitSuite{Name: "clockspec", Time: "0", Tests: 1, Failures: 1, Cases: []junitCase{{
			ClassName: "clockspec", Name: "the run could not happen", Time: "0",
			Failure: &junitFailure{Message: firstLine(rep.CouldNotRun), Type: "could not run", Text: rep.CouldNotRun}}}})
		all.Tests++
		all.Failures++
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return fmt.Errorf("conformance: junit: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func seconds(f float64) string { return fmt.Sprintf("%.3f", f) }

func parseSeconds(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// MaxFailureLine caps FailureLine.
const MaxFailureLine = 500

// FailureLine is a failure's cause in one line (at most MaxFailureLine
// bytes): the problem's first line, with what was wanted and what came
// back when that line does not already say it, or with the value
// returned for a schema violation.
func FailureLine(s result.ScenarioResult) string {
	line := firstLine(s.Problem)
	switch {
	case len(s.SchemaErrors) > 0 && s.Returned != "":
		line += "; returned " + s.Returned
	case s.Actual != "" && !strings.Contains(line, s.Actual):
		want, got := s.Expected, s.Actual
		if len(want)+len(got) > 2*excerptBytes {
			// Two long values (a whole output): where they part.
			want, got = excerpts(want, got)
		}
		if want != "" && !strings.HasPrefix(s.Expected, "output ") && !strings.Contains(line, s.Expected) {
			line += ": want " + oneLine(want) + ", got " + oneLine(got)
		} else {
			line += ", got " + oneLine(got)
		}
	}
	return result.Capped(line, MaxFailureLine)
}

// excerptBytes is how much of each of two long values FailureLine shows.
const excerptBytes = 100

// excerpts are want and got from a little before the first byte where they
// part, each at most excerptBytes long, "…" marking what is left out.
func excerpts(want, got string) (string, string) {
	p := 0
	for p < len(want) && p < len(got) && want[p] == got[p] {
		p++
	}
	from := max(0, p-excerptBytes/4)
	for from > 0 && from < len(want) && !utf8.RuneStart(want[from]) {
		from--
	}
	cut := func(s string) string {
		out := s[from:]
		if from > 0 {
			out = "…" + out
		}
		return result.Capped(out, excerptBytes)
	}
	return cut(want), cut(got)
}

// oneLine keeps a value on one line: a line break is written \n.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }
