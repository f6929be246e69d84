//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// errLocked reports a lock another process holds.
var errLocked = errors.New("locked")

// lockExclusive takes an exclusive flock on f without waiting.
func lockExclusive(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
