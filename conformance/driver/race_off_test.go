//go:build !race

package driver_test

// raceBuild: see race_on_test.go.
const raceBuild = false
