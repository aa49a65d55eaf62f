//go:build race

package driver_test

// raceBuild: the race detector's shadow memory multiplies a process's
// resident size (a 30 MiB runner peaks near 200 MiB), so memory bounds
// are not measured under -race.
const raceBuild = true
