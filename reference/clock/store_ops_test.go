package clock_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/clockspec/clockspec/reference/clock"
)

// storeOpsDir holds the state file the store operations' valid inputs name;
// TestMutatedInputsAnswerCleanly removes it. Mutated paths ("", "x", other
// types) are never absolute, so no other file is written.
var storeOpsDir = filepath.Join(os.TempDir(), fmt.Sprintf("clockspec-store-ops-%d", os.Getpid()))

func init() {
	file := filepath.Join(storeOpsDir, "clock-state.json")
	validInputs["clock-core.store_on_user_message"] = fmt.Sprintf(`{"path": %q, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}`, file)
	validInputs["clock-core.store_read"] = fmt.Sprintf(`{"path": %q}`, file)
}

// TestStoreOperationsUseTheStore: a message recorded through the operation
// is in the file, written by the Store (the file reads as a v3 state), and
// a file the store refuses is left untouched by an update.
func TestStoreOperationsUseTheStore(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "clock-state.json")
	in := fmt.Sprintf(`{"path": %q, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}`, file)
	if _, perr := clock.Operations()["clock-core.store_on_user_message"]([]byte(in)); perr != nil {
		t.Fatal(perr)
	}
	st, err := clock.NewStore(file).Read()
	if err != nil {
		t.Fatal(err)
	}
	if u := st.Users["user:chat:u1"]; u == nil || u.LastInteractionAnyChannelISO != "2026-02-09T10:00:00+09:00" {
		t.Fatalf("the file does not hold the message: %+v", st.Users)
	}
	torn := []byte(`{"version": 3, "users": {"user:chat:u1": {"def`)
	if err := os.WriteFile(file, torn, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, perr := clock.Operations()["clock-core.store_on_user_message"]([]byte(in)); perr == nil || perr.Code != clock.CodeInvalidState {
		t.Fatalf("a torn file was not refused: %v", perr)
	}
	if b, _ := os.ReadFile(file); string(b) != string(torn) {
		t.Fatalf("the refused file was changed: %s", b)
	}
}
