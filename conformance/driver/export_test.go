package driver

import (
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clockspec/clockspec/protocol"
)

// UseSDKStdio makes the MCP drivers made until restore is called speak
// stdio through the SDK's own IOTransport (with the same bound), as they
// did before mcpline: the benchmark's baseline for what mcpline saves.
func UseSDKStdio() (restore func()) {
	orig := stdioTransport
	stdioTransport = func(stdout io.ReadCloser, stdin io.WriteCloser) mcp.Transport {
		return &mcp.IOTransport{Reader: stdout, Writer: stdin, MaxLineLength: protocol.MaxMessageBytes}
	}
	return func() { stdioTransport = orig }
}
