package driver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// expensive is a schema of n levels of two alternatives each pointing at
// the next level, named as ref writes it ("#/$defs/l%d", "#l%d" for an
// anchor, "l%d.json" for an $id): 2^n nodes to visit.
func expensive(n int, ref string) any {
	var b strings.Builder
	fmt.Fprintf(&b, `{"type":"object","$ref":%q,"$defs":{`, fmt.Sprintf(ref, 0))
	for i := range n {
		next := fmt.Sprintf(ref, i+1)
		fmt.Fprintf(&b, `"l%d":{"$anchor":"l%d","$id":"https://x.test/l%d.json","anyOf":[{"$ref":%q},{"$ref":%q,"type":"object"}]},`, i, i, i, next, next)
	}
	fmt.Fprintf(&b, `"l%d":{"$anchor":"l%d","$id":"https://x.test/l%d.json","type":"object"}}}`, n, n, n)
	v, err := decodeJSON([]byte(b.String()))
	if err != nil {
		panic(err)
	}
	return v
}

// The cost of a schema counts what its references expand to, however they
// name their target: a JSON pointer, an anchor or an $id. An anchor used to
// count as the root, already on the stack: one node, so an exponential
// schema of anchors passed.
func TestSchemaCostFollowsAnchorsAndIDs(t *testing.T) {
	for _, ref := range []string{"#/$defs/l%d", "#l%d", "l%d.json", "https://x.test/l%d.json"} {
		if cost := schemaCost(expensive(20, ref), maxSchemaCost); cost <= maxSchemaCost {
			t.Errorf("%s: 20 levels cost %d, want more than %d", ref, cost, maxSchemaCost)
		}
		if cost := schemaCost(expensive(5, ref), maxSchemaCost); cost > 1000 {
			t.Errorf("%s: 5 levels cost %d", ref, cost)
		}
	}
	unknown, _ := decodeJSON([]byte(`{"$ref":"#nowhere"}`))
	if cost := schemaCost(unknown, maxSchemaCost); cost <= maxSchemaCost {
		t.Errorf("an unresolvable reference costs %d: it must be refused", cost)
	}
	recursive, _ := decodeJSON([]byte(`{"$anchor":"node","type":"object","properties":{"next":{"$ref":"#node"}}}`))
	if cost := schemaCost(recursive, maxSchemaCost); cost > 10 {
		t.Errorf("a recursive schema costs %d", cost)
	}
}

// FastMCP's wrapping of a str return ({"result": text}) is named in the
// disagreement, with what to do about it.
func TestFastMCPResultWrapperIsExplained(t *testing.T) {
	text := `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":1}`
	_, err := agreeingTexts([]mcp.Content{&mcp.TextContent{Text: text}}, map[string]any{"result": text})
	if err == nil || !strings.Contains(err.Error(), "FastMCP") || !strings.Contains(err.Error(), "return type is str") {
		t.Fatalf("err %v, want the wrapper explained", err)
	}
	_, err = agreeingTexts([]mcp.Content{&mcp.TextContent{Text: text}}, map[string]any{"weekday": "Tuesday"})
	if err == nil || strings.Contains(err.Error(), "FastMCP") {
		t.Fatalf("err %v: another disagreement is not FastMCP's", err)
	}
}
