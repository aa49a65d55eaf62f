package agentdriver

import (
	"strings"
	"testing"
)

// The agent's stderr is kept as its tail, whatever it writes: memory is
// bounded and the last words (what the crash message shows) are there.
func TestStderrKeepsItsTail(t *testing.T) {
	var l lockedBuffer
	for i := 0; i < 100000; i++ {
		if n, err := l.Write([]byte(strings.Repeat("x", 97) + "\n")); n != 98 || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	l.Write([]byte(strings.Repeat("y", 3*stderrKeep)))
	l.Write([]byte("the end"))
	s := l.String()
	if len(s) > 2*stderrKeep || !strings.HasSuffix(s, "y"+"the end") {
		t.Fatalf("kept %d bytes ending %q", len(s), s[max(0, len(s)-20):])
	}
	if l.b.Cap() > 4*stderrKeep {
		t.Errorf("the buffer grew to %d bytes", l.b.Cap())
	}
}
