package explain

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

// texts renders everything cached per key, with and without a cap.
func texts(r solver.Result) string {
	return render(Explain(r, Options{})) + render(Explain(r, Options{MaxItems: 3})) +
		render(Hints(r, Options{})) + render(Hints(r, Options{MaxItems: 3}))
}

func TestKeyIgnoresStackOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	tests := []struct{ game, pos, first string }{
		{"binim2", "010 101", "Dee"},
		{"binim2", "0011 1 10 0 0110", "Dum"},
		{"binim2", "1 10 110", "Dee"},
		{"binim", "0011 1", "Dum"},
		{"binim", "0110 1001 0 1 1", "Dum"},
		{"binim", "0 00 000 1", "Dee"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.pos+" "+tt.first, func(t *testing.T) {
			base := solver.Solve(parse(t, tt.game, tt.pos, tt.first))
			want, wantKey := texts(base), Key(base.Position)
			stacks := strings.Fields(tt.pos)
			for range 20 {
				rng.Shuffle(len(stacks), func(i, j int) { stacks[i], stacks[j] = stacks[j], stacks[i] })
				r := solver.Solve(parse(t, tt.game, strings.Join(stacks, " "), tt.first))
				if got := Key(r.Position); got != wantKey {
					t.Fatalf("Key(%q) = %q, want %q", r.Position, got, wantKey)
				}
				if got := texts(r); got != want {
					t.Fatalf("%q explains differently from %q:\n%s\nwant\n%s", r.Position, tt.pos, got, want)
				}
				if m := LocalMove(r); m != nil {
					checkOptimal(t, r.Position, m, r.Outcome)
				}
			}
		})
	}
}

func TestKeySeparatesDifferentGames(t *testing.T) {
	tests := []struct {
		name string
		a, b solver.Position
	}{
		{"mover", parse(t, "binim2", "010 101", "Dee"), parse(t, "binim2", "010 101", "Dum")},
		{"misère", parse(t, "binim2", "010 101", "Dee"), parse(t, "binim", "010 101", "Dee")},
		{"stack content", parse(t, "binim2", "010", "Dee"), parse(t, "binim2", "0101", "Dee")},
		{"stack split", parse(t, "binim2", "01 0", "Dee"), parse(t, "binim2", "010", "Dee")},
		{"row", parse(t, "abgame", "A.B", ""), parse(t, "abgame", "A..B", "")},
		{"abgame mover", parse(t, "abgame", ".A..B", ""), play(t, parse(t, "abgame", "A...B", ""), solver.CellMove{From: 1, To: 2})},
		{"adapwns mover", parse(t, "adapwns", "..P.P.", ""), play(t, parse(t, "adapwns", "..P..P", ""), solver.CellMove{From: 6, To: 5})},
		{"binstring lead", play(t, parse(t, "binstring", "0111", ""), solver.RangeMove{Start: 1, End: 1}), play(t, parse(t, "binstring", "1111", ""), solver.RangeMove{Start: 1, End: 1})},
		{"game", parse(t, "binstring", "0110", ""), parse(t, "binim", "0110", "Dee")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if Key(tt.a) == Key(tt.b) {
				t.Errorf("%s %q and %s %q share the key %q", tt.a.Game().Name(), tt.a, tt.b.Game().Name(), tt.b, Key(tt.a))
			}
		})
	}
}

// play plays m on pos or fails the test.
func play(tb testing.TB, pos solver.Position, m solver.Move) solver.Position {
	tb.Helper()
	next, err := pos.Play(m)
	if err != nil {
		tb.Fatal(err)
	}
	return next
}

// TestKeyEnumerated checks every small starting position: distinct
// positions (as each game enumerates them) get distinct keys.
func TestKeyEnumerated(t *testing.T) {
	seen := map[string]string{}
	total := 0
	for _, g := range solver.Games() {
		states := map[solver.State]bool{}
		for size := 1; size <= 3; size++ {
			g.Starts(size, func(s solver.State) bool { states[s] = true; return true })
		}
		for s := range states {
			p := g.Decode(s)
			k := Key(p)
			desc := g.Name() + " " + p.String()
			if prev, ok := seen[k]; ok {
				t.Fatalf("%s and %s share the key %q", prev, desc, k)
			}
			seen[k] = desc
			total++
		}
	}
	t.Logf("%d enumerated positions, all with distinct keys", total)
}

// TestSameKeySameText plays random games and checks that every pair of
// positions reached with the same key is explained identically, for
// example binstring strings reached with different 0s held but the same
// lead.
func TestSameKeySameText(t *testing.T) {
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			byKey := map[string]string{}
			shared := 0
			for _, pos := range randomPositions(t, game, positionsPerGame) {
				r := solver.Solve(pos)
				k, txt := Key(pos), texts(r)
				if prev, ok := byKey[k]; ok {
					shared++
					if prev != txt {
						t.Fatalf("two positions with key %q explain differently:\n%s\nand\n%s", k, prev, txt)
					}
					continue
				}
				byKey[k] = txt
			}
			t.Logf("%d keys, %d positions met a key again", len(byKey), shared)
		})
	}
}

func TestKeyKeepsOnlyTheLead(t *testing.T) {
	fresh := parse(t, "binstring", "0110", "")
	start := parse(t, "binstring", "000110", "")
	held := play(t, play(t, start, solver.RangeMove{Start: 1, End: 1}), solver.RangeMove{Start: 1, End: 1})
	if got := held.(*solver.BinaryString).Held(); got != [2]int{1, 1} {
		t.Fatalf("held %v, want [1 1]", got)
	}
	if Key(fresh) != Key(held) {
		t.Fatalf("Key(fresh) = %q, Key(held) = %q; the lead is 0 in both", Key(fresh), Key(held))
	}
	if got, want := texts(solver.Solve(held)), texts(solver.Solve(fresh)); got != want {
		t.Fatalf("held explains differently:\n%s\nwant\n%s", got, want)
	}
}
