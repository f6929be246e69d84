package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/store"
	"github.com/nimtutor/nimtutor/store/storetest"
)

// envOpenChild makes the test binary open the SQLite file it names and
// report how that went (openChild).
const envOpenChild = "NIMTUTOR_STORE_OPEN_CHILD"

// openChild opens the SQLite file path as a second process would, and
// prints "opened" or the error.
func openChild(path string) {
	s, err := store.Open(context.Background(), store.Config{Path: path})
	if err != nil {
		fmt.Printf("error: %v (ErrFileInUse: %v; code %s; cause: %v)\n", err, errors.Is(err, store.ErrFileInUse), fault.Code(err), errors.Unwrap(err))
		os.Exit(1)
	}
	s.Close()
	fmt.Println("opened")
}

// TestSecondProcessRefused holds an SQLite file in this process and
// starts a second process on it: it is refused with a message (an EStore
// error) that names the holder and says to use PostgreSQL for several
// processes; its cause, for the log, names the file. Once this
// process closes its stores, the second process opens the file.
func TestSecondProcessRefused(t *testing.T) {
	cfg := storetest.SQLiteConfig(t)
	s1, err := store.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := store.Open(context.Background(), cfg) // a second Store of this process shares the hold
	if err != nil {
		t.Fatal(err)
	}
	second := func() (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envOpenChild+"="+cfg.Path)
		out, err := cmd.CombinedOutput()
		return strings.TrimSpace(string(out)), err
	}
	out, err := second()
	want := fmt.Sprintf("error: the practice database is in use by another nimtutor process (pid %d): one SQLite file serves one process; stop the other, give this one its own NIMTUTOR_DB, or use PostgreSQL (DATABASE_URL) to run several processes (ErrFileInUse: true; code store; cause: store: SQLite file %s", os.Getpid(), cfg.Path)
	if err == nil || !strings.HasPrefix(out, want) {
		t.Errorf("a second process on a held file: %v,\n%s\nwant a refusal starting\n%s", err, out, want)
	}
	t.Logf("second process: %s", out)
	s1.Close()
	if out, err := second(); err == nil {
		t.Errorf("the file was let go while a Store of this process still had it open: %q", out)
	}
	s2.Close()
	if out, err := second(); err != nil || out != "opened" {
		t.Errorf("after this process closed the file, a second process: %v, %q; want it to open", err, out)
	}
}
