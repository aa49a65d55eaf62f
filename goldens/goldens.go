// Package goldens holds the expected response of every call of every
// scenario, byte for byte in canonical JSON: <scenario id>.<call>.golden.
// Only the reference writes them (make goldens); the conform binary embeds
// them so a run outside a checkout still compares at the exact level.
package goldens

import (
	"embed"
	"io/fs"
)

//go:embed *
var files embed.FS

// FS is the embedded goldens folder.
func FS() fs.FS { return files }
