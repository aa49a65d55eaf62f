package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/features"
)

// The v1 profile certifies v1 as it shipped: the JavaScript oracle (v1's own
// code) may disagree with the reference only on @extension scenarios, so
// oracle/js/exceptions.json may list nothing else.

type oracleException struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// checkOracleExceptions returns a problem for each exception that matches no
// scenario or matches one that is not an @extension.
func checkOracleExceptions(suite *features.Suite, list []oracleException) []string {
	var problems []string
	for _, e := range list {
		id, _, _ := strings.Cut(e.ID, "#") // "<scenario id>#<call>"
		matched := 0
		for _, sc := range suite.Scenarios {
			if ok, _ := path.Match(id, sc.ID); !ok {
				continue
			}
			matched++
			if !slices.Contains(sc.Tags, "@extension") {
				problems = append(problems, fmt.Sprintf("%s excepts %s, which is not an @extension scenario", e.ID, sc.ID))
			}
		}
		if matched == 0 {
			problems = append(problems, e.ID+" matches no scenario")
		}
		if strings.TrimSpace(e.Reason) == "" {
			problems = append(problems, e.ID+" gives no reason")
		}
	}
	return problems
}

func TestOracleExceptionsAreExtensionsOnly(t *testing.T) {
	suite, err := features.Load(os.DirFS(filepath.Join("..", "..", "features")))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "oracle", "js", "exceptions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []oracleException
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatalf("oracle/js/exceptions.json: %v", err)
	}
	for _, p := range checkOracleExceptions(suite, list) {
		t.Error("oracle/js/exceptions.json: " + p)
	}

	// The check itself: a required scenario is refused, an extension accepted.
	bad := checkOracleExceptions(suite, []oracleException{{ID: "v1/scheduler/cron-before-spring-forward#1", Reason: "r"}})
	if len(bad) != 1 || !strings.Contains(bad[0], "not an @extension") {
		t.Errorf("a required scenario listed as an exception: got %q", bad)
	}
	if ok := checkOracleExceptions(suite, []oracleException{{ID: "v1/scheduler/cron-checked-before-zone#1", Reason: "r"}}); len(ok) != 0 {
		t.Errorf("an extension scenario listed as an exception: got %q", ok)
	}
}
