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

// TestFolderCannotHoldTheFile opens an SQLite file in a folder that does
// not exist, and in one that cannot be written: each is refused with an
// EStore error whose message names the folder and says what to change
// (before, the message was the operating system's about the lock file,
// and the console answered with the apology kept for bugs).
func TestFolderCannotHoldTheFile(t *testing.T) {
	dir := t.TempDir()
	t.Run("missing", func(t *testing.T) {
		missing := dir + "/no/such/folder"
		_, err := store.Open(context.Background(), store.Config{Path: missing + "/x.db"})
		want := "the folder " + missing + ", where the SQLite file goes, does not exist; create it, or set NIMTUTOR_DB to a file in a folder that exists"
		if fault.Code(err) != fault.EStore || fault.Message(err) != want {
			t.Errorf("code %q, message %q; want code store, message %q", fault.Code(err), fault.Message(err), want)
		}
		if err != nil && !strings.Contains(fmt.Sprint(errors.Unwrap(err)), "no such file") {
			t.Errorf("the cause, for the log, is %v; want the operating system's words", errors.Unwrap(err))
		}
	})
	t.Run("unwritable", func(t *testing.T) {
		ro := dir + "/ro"
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		if f, err := os.Create(ro + "/probe"); err == nil {
			f.Close()
			t.Skip("this user may write to a read-only folder (root): the unwritable case cannot be made here")
		}
		_, err := store.Open(context.Background(), store.Config{Path: ro + "/x.db"})
		want := "nimtutor may not create files in the folder " + ro + ", where the SQLite file goes; let it write there, or set NIMTUTOR_DB to a file in a folder it may write to"
		if fault.Code(err) != fault.EStore || fault.Message(err) != want {
			t.Errorf("code %q, message %q; want code store, message %q", fault.Code(err), fault.Message(err), want)
		}
	})
}
