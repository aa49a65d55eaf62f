package clock

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// The spec catalog and the feature suite take seconds to load (every
// profile's schemas are compiled); the tests share one of each.
var (
	loadOnce    sync.Once
	sharedCat   *spec.Catalog
	sharedSuite *features.Suite
	loadErr     error
)

func catalogAndSuite(t testing.TB) (*spec.Catalog, *features.Suite) {
	t.Helper()
	loadOnce.Do(func() {
		if sharedCat, loadErr = spec.Load(); loadErr == nil {
			sharedSuite, loadErr = features.Load(features.FS())
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return sharedCat, sharedSuite
}

// repoFile reads a file of the checkout (the published spec artifacts that
// the spec package does not embed).
func repoFile(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func at(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := ParseInstant(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func zone(t testing.TB, name string) *Zone {
	t.Helper()
	z, err := CanonicalZone(name)
	if err != nil {
		t.Fatal(err)
	}
	return &z
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
