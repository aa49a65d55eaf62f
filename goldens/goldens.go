// Package goldens holds the call corpus: for every scenario that makes a
// call, <scenario id>.jsonl, one line per call in order with the request
// and the reference's answer (canonical JSON), and tzdata.golden, the tzdata
// build of those answers (docs/vectors.md). Only the reference writes them,
// through gen (make gen); the conform binary embeds them so a run outside a
// checkout still compares at the exact level, and conform show and record
// read a scenario's calls here instead of running the reference.
package goldens

import (
	"embed"
	"io/fs"
)

// The corpus and the tzdata build; the Go files and the README stay out of
// the binary.
//
//go:embed tzdata.golden */*
var files embed.FS

// FS is the embedded goldens folder.
func FS() fs.FS { return files }
