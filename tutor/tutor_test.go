package tutor_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"

	_ "github.com/nimtutor/nimtutor/games/all"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/tutor"
	"github.com/nimtutor/nimtutor/tutor/tutortest"
)

type mapCache map[string]any

func (c mapCache) Get(k string) (any, bool) { v, ok := c[k]; return v, ok }
func (c mapCache) Set(k string, v any)      { c[k] = v }

func TestWalkPackages(t *testing.T) {
	w := &tutor.Walk{}
	ctx := tutor.WithWalk(context.Background(), w)
	for _, s := range [][2]string{{"commands", "route"}, {"tutor", "Move"}, {"store", "Game"}, {"store", "ReplaceMoves"}, {"commands", "reply"}} {
		tutor.Step(ctx, s[0], s[1])
	}
	tutor.Step(context.Background(), "store", "unseen") // no walk: nothing recorded
	if got, want := w.Packages(), "commands tutor store commands"; got != want {
		t.Errorf("Packages = %q, want %q", got, want)
	}
	if got := len(w.Steps()); got != 5 {
		t.Errorf("%d steps, want 5", got)
	}
}

// TestGameRecord plays on a stored game through the use cases: a move is
// added to its record, a second move on the same board is refused, a
// take-back shortens the record, and the review belongs to its learner.
func TestGameRecord(t *testing.T) {
	ctx := context.Background()
	tt := tutor.New(tutor.Config{Cache: mapCache{}, Practice: tutortest.SQLite(t).Opener(t)})
	g, _ := solver.Lookup("adapwns")
	pos, err := g.Parse("..P.P..P", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	start, err := tt.StartGame(ctx, "u1", "", pos, false)
	if err != nil || start.Game.Record == "" || start.Game.Ply != 0 {
		t.Fatalf("start: %+v, %v", start.Game, err)
	}
	m := solver.FirstMoves(pos, 1)[0]
	turn, err := tt.Move(ctx, start.Game, m)
	if err != nil || turn.Game.Ply != 2 || turn.Game.Record != start.Game.Record {
		t.Fatalf("move: %+v, %v", turn.Game, err)
	}
	if _, err := tt.Move(ctx, start.Game, m); !errors.Is(err, tutor.ErrBoardMoved) {
		t.Errorf("a second move on the first board: %v, want ErrBoardMoved", err)
	}
	if _, err := tt.TakeBack(ctx, start.Game); err != nil {
		t.Fatalf("take back: %v", err)
	}
	rec, _, err := tt.Review(ctx, "u1", start.Game.Record)
	if err != nil || len(rec.Moves) != 0 || rec.Result != "" {
		t.Errorf("after the take-back: %+v, %v; want no moves", rec, err)
	}
	if _, _, err := tt.Review(ctx, "u2", start.Game.Record); err == nil {
		t.Error("another learner reviewed the game")
	}
	// The first board is the latest again: the game goes on from it.
	if turn, err = tt.Move(ctx, start.Game, m); err != nil {
		t.Fatalf("move after the take-back: %v", err)
	}
	rec, rev, err := tt.Review(ctx, "u1", start.Game.Record)
	if err != nil || !slices.Equal(rec.Moves[:1], []string{tutor.MoveText(m)}) || len(rev.Moves) != 1 {
		t.Errorf("record %+v, review %+v, %v", rec, rev, err)
	}
}

// TestGameNotSavedSaysSo starts a game while the store cannot be opened:
// the game is played, unrecorded, and its first turn says it is not saved
// (before, only the log knew, and /history silently lacked the game).
func TestGameNotSavedSaysSo(t *testing.T) {
	ctx := context.Background()
	var logged bytes.Buffer
	tt := tutor.New(tutor.Config{Cache: mapCache{}, Log: slog.New(slog.NewTextHandler(&logged, nil)), Practice: func(context.Context) (*practice.Service, error) {
		return nil, errors.New("the database is down")
	}})
	g, err := solver.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.Parse("1 2", solver.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := tt.StartGame(ctx, "u1", "", pos, false)
	if err != nil {
		t.Fatal(err)
	}
	if turn.Game.Record != "" || !slices.Contains(turn.Events, tutor.NotSaved) {
		t.Errorf("record %q, events %q; want no record and the event %q", turn.Game.Record, turn.Events, tutor.NotSaved)
	}
	// The learner is told; the log keeps it for the operator as a
	// warning, not an error that a terminal console prints beside the
	// notice.
	if l := logged.String(); !strings.Contains(l, "level=WARN") || strings.Contains(l, "level=ERROR") {
		t.Errorf("log %q; want the failed store at level WARN, not ERROR", l)
	}
}
