package mcpserve_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
)

func TestErrorTextIsThePRDsCompactErrorObject(t *testing.T) {
	got := mcpserve.ErrorText(protocol.Errorf("invalid_style", "style <x> & more"))
	if want := `{"error":{"code":"invalid_style","message":"style <x> & more"}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// Over an in-memory session: the tools are listed as defined, a call
// without arguments is a call with {}, and an answer is one text content.
func TestServerAnswersAsThePRDSays(t *testing.T) {
	tools, err := mcpserve.Tools()
	if err != nil || len(tools) != 2 {
		t.Fatalf("tools %v: %v", tools, err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	srv := mcpserve.NewServer(reference.New(), tools)
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 2 {
		t.Fatalf("tools/list: %v %v", list, err)
	}
	for _, c := range []struct {
		args    any
		isError bool
		text    string
	}{
		{nil, true, `{"error":{"code":"missing_required_field","message":"operation is required"}}`},
		{json.RawMessage(`{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}`), false,
			`{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00","weekday":"Monday","weekday_index":1}`},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "datetime_math", Arguments: c.args})
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError != c.isError || len(res.Content) != 1 {
			t.Fatalf("%v: %+v", c.args, res)
		}
		if tc, ok := res.Content[0].(*mcp.TextContent); !ok || tc.Text != c.text {
			t.Errorf("%v: %+v, want text %s", c.args, res.Content[0], c.text)
		}
	}
}
