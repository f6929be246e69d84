package play

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/nimtutor/nimtutor/solver"
)

func start(tb testing.TB, game, text, first string, botFirst bool) (Session, Turn) {
	tb.Helper()
	g, err := solver.Lookup(game)
	if err != nil {
		tb.Fatal(err)
	}
	pos, err := g.Parse(text, solver.ParseOptions{First: first})
	if err != nil {
		tb.Fatal(err)
	}
	s, t, err := Start(context.Background(), pos, botFirst)
	if err != nil {
		tb.Fatal(err)
	}
	return s, t
}

// TestTurns plays one move on small positions and checks the feedback,
// counted in moves, and the bot's answer.
func TestTurns(t *testing.T) {
	for _, tc := range []struct {
		game, text, first string
		a, b              int
		class             Class
		want              []string
	}{
		{"adapwns", "..P.P", "", 3, 1, Best, []string{"Good: the quickest win, 3 moves to the end.", "The bot answers"}},
		{"adapwns", "..P.P", "", 5, 4, Taught, []string{"Good: the move the strategy teaches, winning in 5 moves. The quickest: move the piece on cell 3 to cell 1, in 3 moves.", "holds out as long as it can"}},
		{"adapwns", "...P..P", "", 4, 3, Slower, []string{"Still winning, but slower: your move wins in 7 moves; move the piece on cell 7 to cell 5 wins in 5 moves."}},
		{"adapwns", "..P.P", "", 3, 2, Mistake, []string{"That throws away the win", "Against perfect play you lose in"}},
		{"binstring", "000011", "", 4, 6, Best, []string{"You keep the tie.", "keeps the game a tie"}},
		{"binim2", "0 1", "Dee", 1, 1, Forced, []string{"It was your only move."}},
	} {
		t.Run(tc.game+" "+tc.text, func(t *testing.T) {
			s, _ := start(t, tc.game, tc.text, tc.first, false)
			turn, err := s.Move(context.Background(), s.Pos.Game().MoveOf(tc.a, tc.b))
			if err != nil {
				t.Fatal(err)
			}
			if turn.Judgement.Class != tc.class {
				t.Errorf("class %q, want %q", turn.Judgement.Class, tc.class)
			}
			if worse := tc.class == Slower || tc.class == Mistake; worse != (len(turn.Why) > 0) {
				t.Errorf("a %q move has %d steps of why", tc.class, len(turn.Why))
			}
			all := strings.Join(turn.Events, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("events lack %q:\n%s", w, all)
				}
			}
			if s.Moves != 1 || (s.Kept == 1) == (tc.class == Mistake) {
				t.Errorf("kept %d of %d moves", s.Kept, s.Moves)
			}
		})
	}
}

func TestBotFirstAndGameOver(t *testing.T) {
	s, turn := start(t, "adapwns", "...P..P.P", "", true)
	if s.Side != 1 || turn.Bot == nil || s.Last != turn.Bot || !strings.Contains(turn.Events[0], "the bot moves first") {
		t.Fatalf("bot first: side %d, turn %+v", s.Side, turn)
	}
	if _, err := (&Session{Pos: s.Pos, Side: s.Side.Other()}).Move(context.Background(), s.Pos.Moves()[0]); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("a move out of turn: %v", err)
	}
	s, _ = start(t, "adapwns", ".P", "", false)
	if _, err := s.Move(context.Background(), s.Pos.Game().MoveOf(2, 1)); err != nil {
		t.Fatal(err)
	}
	if !s.Over() || Result(s.Pos, s.Side) != "won" || !strings.HasSuffix(s.Summary(), "You won! Your one move kept your best outcome.") {
		t.Errorf("over %v, result %q, summary %q", s.Over(), Result(s.Pos, s.Side), s.Summary())
	}
	if _, err := s.Move(context.Background(), s.Pos.Game().MoveOf(1, 1)); err == nil {
		t.Errorf("a move after the end was played")
	}
}

// TestLostSentence finds a move that loses sooner than it must and checks
// what the student is told.
func TestLostSentence(t *testing.T) {
	g, _ := solver.Lookup("adapwns")
	o := solver.NewOracle(context.Background(), g, 0)
	for size := 1; size <= 8; size++ {
		found := false
		g.Starts(size, func(st solver.State) bool {
			pos := g.Decode(st)
			for _, m := range pos.Moves() {
				j, err := Judge(o, pos, m)
				if err != nil {
					t.Fatal(err)
				}
				if j.Class != Lost {
					continue
				}
				if s := j.Sentence(m); !strings.Contains(s, "this loses sooner") || j.Dist >= j.BestDist {
					t.Errorf("%q %v: %q (%d against %d)", pos, m, s, j.Dist, j.BestDist)
				}
				found = true
				return false
			}
			return true
		})
		if found {
			return
		}
	}
	t.Fatal("no move loses sooner than it must on boards of up to 8 cells")
}
