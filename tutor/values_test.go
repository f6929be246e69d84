package tutor_test

import (
	"bytes"
	"context"
	"image/png"
	"testing"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
)

// TestValues: a game with sequences (heaps) gives a rule's values with
// their chart; a game without (nim) and a wrong rule get input errors;
// a done context stops the use case before any work.
func TestValues(t *testing.T) {
	tt := tutor.New(tutor.Config{Cache: mapCache{}})
	heaps, _ := solver.Lookup("heaps")
	nim, _ := solver.Lookup("nim")
	v, err := tt.Values(context.Background(), heaps, "subtract 1,3,4", 14)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Proven || v.Period != 7 || len(v.Values) != 14 {
		t.Errorf("subtract 1,3,4: period %d, %d values", v.Period, len(v.Values))
	}
	if _, err := png.Decode(bytes.NewReader(v.Picture)); err != nil {
		t.Errorf("the chart is not a PNG: %v", err)
	}
	for _, tc := range []struct {
		g    solver.Game
		rule string
	}{{nim, "kayles"}, {heaps, "octal 0.8"}, {heaps, "nim"}} {
		if _, err := tt.Values(context.Background(), tc.g, tc.rule, 0); fault.Code(err) != fault.EInvalid {
			t.Errorf("%s %q: %v, want an input error", tc.g.Name(), tc.rule, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tt.Values(ctx, heaps, "kayles", 0); err == nil {
		t.Error("a done context: no error")
	}
	if check, named := tt.SuggestRules(nim, "kay"); fault.Code(check.Err) != fault.EInvalid || named != nil {
		t.Errorf("nim's rules: %+v %v", check, named)
	}
	if check, named := tt.SuggestRules(heaps, "kayles"); check.Err != nil || check.Rule != "kayles" || len(named) == 0 || !named[0].Match {
		t.Errorf("heaps' rule kayles: %+v %v", check, named)
	}
}
