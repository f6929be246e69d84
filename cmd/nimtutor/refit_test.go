package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefitCLI refits the difficulty model: on an empty store it says
// there are too few answers; on a short simulation it reports the fit
// of every model and writes the refitted one.
func TestRefitCLI(t *testing.T) {
	t.Setenv("NIMTUTOR_DB", filepath.Join(t.TempDir(), "refit.db"))
	code, _, errOut := runCLI(t, "", "refit")
	if code == 0 || !strings.Contains(errOut, "too few answers") {
		t.Errorf("refit on an empty store: exit %d, stderr %q; want a failure saying there are too few answers", code, errOut)
	}
	if testing.Short() || raceEnabled {
		return // the simulation takes minutes with -race; .ci/run runs it without
	}
	path := filepath.Join(t.TempDir(), "model.json")
	code, out, errOut := runCLI(t, "", "refit", "--simulated", "--rounds", "12", "--write", path)
	if code != 0 || !strings.Contains(out, "refitted model") || !strings.Contains(out, "hand-made guess") || !strings.Contains(out, "Wrote "+path) {
		t.Fatalf("refit --simulated: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Logf("\n%s", out)
}
