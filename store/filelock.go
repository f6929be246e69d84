package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/nimtutor/nimtutor/fault"
)

// One process per SQLite file. Two processes on one file would each keep
// their own in-process state (the ledger of interactions, the rate
// limits), answer one interaction twice and let a user past the limit;
// several processes need PostgreSQL. So Open takes an exclusive lock on a
// file beside the database, PATH.lock, and holds it until the last Store
// of this process on that file is closed; a second process is refused at
// start with a message that says so. The lock is the kernel's (flock on
// Unix), so it goes with the process however it ends: a killed process
// leaves no stale lock. The lock file keeps the pid of its holder, to
// name it in the message.

// ErrFileInUse reports an SQLite file held by another process.
var ErrFileInUse = errors.New("in use by another process")

// sqliteFile is this process's hold on one SQLite file, shared by every
// Store open on it.
type sqliteFile struct {
	path string
	lock *os.File
	refs int
	// migrating serialises the migrations of this process's Opens.
	migrating sync.Mutex
}

// heldFiles are the SQLite files this process holds, by absolute path.
var heldFiles = struct {
	sync.Mutex
	m map[string]*sqliteFile
}{m: map[string]*sqliteFile{}}

// holdFile takes this process's hold on the SQLite file path, locking
// PATH.lock the first time.
func holdFile(path string) (*sqliteFile, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	heldFiles.Lock()
	defer heldFiles.Unlock()
	if f, ok := heldFiles.m[abs]; ok {
		f.refs++
		return f, nil
	}
	lockPath := abs + ".lock"
	lf, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, cannotCreate(filepath.Dir(abs), fmt.Errorf("store: opening the lock file %s: %w", lockPath, err))
	}
	if err := lockExclusive(lf); err != nil {
		holder := "another nimtutor process"
		if b, rerr := os.ReadFile(lockPath); rerr == nil && len(strings.TrimSpace(string(b))) > 0 {
			holder += " (pid " + strings.TrimSpace(string(b)) + ")"
		}
		lf.Close()
		if errors.Is(err, errLocked) {
			// The message is the person's (the command line shows it; a
			// bot refuses to start with it); the path and the lock file
			// are in the cause, for the log.
			return nil, fault.New(fault.EStore, "", "the practice database is in use by %s: one SQLite file serves one process; stop the other, give this one its own NIMTUTOR_DB, or use PostgreSQL (DATABASE_URL) to run several processes", holder).
				Wrap(fmt.Errorf("store: SQLite file %s is %w, which holds %s", abs, ErrFileInUse, lockPath))
		}
		return nil, fmt.Errorf("store: locking %s: %w", lockPath, err)
	}
	// Record who holds it; the lock, not this text, is what keeps others out.
	if err := lf.Truncate(0); err == nil {
		lf.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	f := &sqliteFile{path: abs, lock: lf, refs: 1}
	heldFiles.m[abs] = f
	return f, nil
}

// cannotCreate says, as an EStore error whose cause is err, why no file
// can be made in dir, the folder of the SQLite file: the folder is
// missing, or nimtutor may not write there. Whoever runs nimtutor reads
// it when it starts (or in the console), so it says what to change.
func cannotCreate(dir string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fault.New(fault.EStore, "", "the folder %s, where the SQLite file goes, does not exist; create it, or set NIMTUTOR_DB to a file in a folder that exists", dir).Wrap(err)
	case errors.Is(err, fs.ErrPermission):
		return fault.New(fault.EStore, "", "nimtutor may not create files in the folder %s, where the SQLite file goes; let it write there, or set NIMTUTOR_DB to a file in a folder it may write to", dir).Wrap(err)
	}
	return err
}

// release drops one Store's hold; the last one unlocks the file.
func (f *sqliteFile) release() {
	heldFiles.Lock()
	defer heldFiles.Unlock()
	f.refs--
	if f.refs > 0 {
		return
	}
	delete(heldFiles.m, f.path)
	f.lock.Truncate(0)
	f.lock.Close() // closing the descriptor releases the flock
}
