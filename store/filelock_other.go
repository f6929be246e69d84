//go:build !unix

package store

import (
	"errors"
	"os"
)

// errLocked reports a lock another process holds.
var errLocked = errors.New("locked")

// lockExclusive does nothing where flock does not exist: there, one
// process per SQLite file is the operator's rule to keep.
func lockExclusive(f *os.File) error { return nil }
