package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hostServer is one server entry of an MCP host's configuration file.
type hostServer struct {
	Type    string   `json:"type"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// The configuration snippets docs/mcp.md gives for MCP hosts (Claude
// Desktop's mcpServers, VS Code's servers) parse as those hosts read them,
// and the server each names starts and lists the tools the page promises,
// through the official Go SDK's client, as a host would.
func TestMCPHostConfigsInTheDocsStart(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "mcp.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(string(b), -1)
	found := map[string]bool{}
	for _, m := range blocks {
		var cfg struct {
			MCPServers map[string]hostServer `json:"mcpServers"` // Claude Desktop and the hosts of its shape
			Servers    map[string]hostServer `json:"servers"`    // VS Code
		}
		if err := json.Unmarshal([]byte(m[1]), &cfg); err != nil {
			t.Fatalf("a JSON block of docs/mcp.md does not parse: %v\n%s", err, m[1])
		}
		for shape, servers := range map[string]map[string]hostServer{"mcpServers": cfg.MCPServers, "servers": cfg.Servers} {
			for name, s := range servers {
				found[shape] = true
				t.Run(shape+"/"+name, func(t *testing.T) {
					if shape == "servers" && s.Type != "stdio" {
						t.Errorf("VS Code needs \"type\": \"stdio\" for a command, got %q", s.Type)
					}
					if s.Command != "conform" {
						t.Fatalf("the snippet starts %q, not conform", s.Command)
					}
					argv := conformCommand(t, s.Args...)
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					defer cancel()
					client := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "1"}, nil)
					cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(argv[0], argv[1:]...)}, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer cs.Close()
					var names []string
					for tool, err := range cs.Tools(ctx, nil) {
						if err != nil {
							t.Fatal(err)
						}
						names = append(names, tool.Name)
					}
					for _, want := range []string{"datetime_math", "datetime_format", "clock_core_now", "clock_core_parse_anchored_time"} {
						if !slices.Contains(names, want) {
							t.Errorf("%s %s lists %v, without %s", s.Command, strings.Join(s.Args, " "), names, want)
						}
					}
				})
			}
		}
	}
	if !found["mcpServers"] || !found["servers"] {
		t.Errorf("docs/mcp.md lacks a host snippet: %v", found)
	}
}
