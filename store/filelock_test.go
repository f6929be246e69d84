package store_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

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
		fmt.Println("error:", err)
		os.Exit(1)
	}
	s.Close()
	fmt.Println("opened")
}

// TestSecondProcessRefused holds an SQLite file in this process and
// starts a second process on it: it is refused with a message that names
// the file and says to use PostgreSQL for several processes. Once this
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
	if err == nil || !strings.Contains(out, "in use by another process") || !strings.Contains(out, cfg.Path) || !strings.Contains(out, "PostgreSQL") || !strings.Contains(out, fmt.Sprintf("pid %d", os.Getpid())) {
		t.Errorf("a second process on a held file: %v, %q; want a refusal naming the file, this pid and PostgreSQL", err, out)
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
