package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// record --ops writes only the named operations' calls, each with its
// input and the reference's answer; a name no scenario calls is a usage
// error with the nearest name, not "recorded 0 calls".
func TestRecordOps(t *testing.T) {
	code, stdout, stderr := conform(t, "record", "--ops", "v1.escape_xml", "--tags", "@v1")
	if code != exitOK {
		t.Fatalf("record: exit %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) == 0 || !strings.Contains(stderr, "recorded ") {
		t.Fatalf("record wrote %d lines, stderr %q", len(lines), stderr)
	}
	for _, l := range lines {
		var c map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		_, out := c["output"]
		_, bad := c["error"]
		if string(c["op"]) != `"v1.escape_xml"` || c["input"] == nil || out == bad {
			t.Errorf("a recorded call is not one call of v1.escape_xml with its answer: %s", l)
		}
	}
	for _, c := range []struct{ ops, want string }{
		{"v1.escape_xm", `--ops: no scenario calls "v1.escape_xm" (did you mean "v1.escape_xml"?)`},
		{"v1.escape_xml, nonsense", `--ops: no scenario calls "nonsense"`},
	} {
		code, stdout, stderr := conform(t, "record", "--ops", c.ops)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("record --ops %q: exit %d, stdout %d bytes, stderr %q", c.ops, code, len(stdout), stderr)
		}
	}
}
