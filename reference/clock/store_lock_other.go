//go:build !unix

package clock

import "errors"

// lockFile is not implemented outside Unix: the reference store relies on
// flock, and writing without a lock would break §10.3.
func lockFile(string) (func(), error) {
	return nil, errors.New("clock: the state store needs flock, which this platform lacks")
}
