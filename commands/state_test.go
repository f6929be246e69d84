package commands

import (
	"errors"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// The state a custom_id carries is signed, so only a bug of ours or an
// old format can make it malformed; it is then refused whole, never read
// in part.
func TestDecodeStateIsStrict(t *testing.T) {
	good := positionState{text: "..P.P", mover: 1, held: [2]int{2, 3}}.encode()
	s, err := decodeState(good)
	if err != nil || s.text != "..P.P" || s.mover != solver.Player(1) || s.held != [2]int{2, 3} {
		t.Fatalf("decodeState(%q) = %+v, %v; want the state back", good, s, err)
	}
	for _, enc := range []string{
		good + " trailing",
		"1x.2.3." + good[6:],
		"1.2.3",
		"2.0.0." + good[6:],
		"-1.0.0." + good[7:],
		"",
	} {
		if _, err := decodeState(enc); !errors.Is(err, errBadState) {
			t.Errorf("decodeState(%q): got %v, want errBadState", enc, err)
		}
	}
	if ns, ok := numbers("1", "22", "-3"); !ok || ns[1] != 22 || ns[2] != -3 {
		t.Errorf(`numbers("1", "22", "-3") = %v, %v`, ns, ok)
	}
	for _, f := range []string{"5abc", "", " 5", "5 "} {
		if _, ok := numbers("1", f); ok {
			t.Errorf("numbers accepts %q", f)
		}
	}
}
