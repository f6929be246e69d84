package tutor

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nimtutor/nimtutor/explain"
	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// Games against the bot are stored with every move when there is a
// store, so that they survive a restart (/history resumes them) and get
// a review when they end. Each game is one record, addressed by its id:
// the controls of its board carry the id and the number of moves the
// record holds at that board (its ply), so that a move, a take-back or a
// resume acts on that record and on no other. A failing store never stops
// a game: it is logged, and the game goes on unrecorded.

// RecordIDLen is the length of a game record's id.
const RecordIDLen = 12

// GameRecord is a stored game, as /history lists it.
type GameRecord = store.GameRecord

// Review is the review of a game: a verdict per move of the learner's.
type Review = practice.Review

// Mistake is the verdict on a move that threw away the best outcome.
const Mistake = practice.Mistake

// Session is a game against the bot as package play runs it: the
// position, the learner's side and how they have played so far.
type Session = play.Session

// ErrNotYourTurn is returned by Move when the bot is to move.
var ErrNotYourTurn = play.ErrNotYourTurn

// Game is one game in progress, as its board's controls carry it.
type Game struct {
	play.Session
	// Owner is the learner who plays it.
	Owner string
	// Record is the id of its stored record, "" when it is not stored.
	Record string
	// Ply is how many moves the record holds at Pos.
	Ply int
}

// Turn is what a game use case did: the game after it, what happened,
// and what the reply shows.
type Turn struct {
	Game   Game
	Events []string
	// Why explains a learner's move that was worse than the best one,
	// and Back is the game before that move, for a take-back; both are
	// empty otherwise.
	Why  []explain.Step
	Back *Game
	// Review is the game's review when this turn ended a stored game.
	Review *Review
	// Picture is the board's picture (PNG), nil when left out.
	Picture []byte
}

// ErrBoardMoved answers a move or take-back on a board that is no longer
// its game's latest: the same click delivered twice, or an old board.
var ErrBoardMoved = fault.New(fault.EExpired, "game", "this board is no longer the game's latest (a move was already made on it); use the latest board, or resume the game from /history")

// newID returns a new record id: RecordIDLen random capitals and
// digits (60 bits), which a command line takes as an argument (no
// leading '-') and a custom_id as a field.
func newID() string {
	return rand.Text()[:RecordIDLen]
}

// moveTexts are moves as the store keeps them; nil moves are skipped.
func moveTexts(ms ...solver.Move) []string {
	var out []string
	for _, m := range ms {
		if m != nil {
			out = append(out, practice.MoveText(m))
		}
	}
	return out
}

// StartGame begins a game of user's on pos (in guild, "" for a direct
// message), the bot moving first when botFirst, and stores it.
func (t *Tutor) StartGame(ctx context.Context, user, guild string, pos solver.Position, botFirst bool) (Turn, error) {
	Step(ctx, "tutor", "StartGame")
	s, pt, err := play.Start(ctx, pos, botFirst)
	if err != nil {
		return Turn{}, err
	}
	g := Game{Session: s, Owner: user}
	g.Ply = len(moveTexts(s.Last))
	// A mid-game binstring (held 0s) cannot be restored from its text, so
	// it is not stored.
	events := pt.Events
	if t.HasStore() && pos.Held() == [2]int{} {
		rec := store.GameRecord{ID: newID(), User: user, Guild: guild, Game: pos.Game().Name(),
			Start: pos.String(), StartMover: int(pos.ToMove()), Side: int(g.Side), Moves: moveTexts(s.Last)}
		if err := t.saveGame(ctx, rec); err != nil {
			// A warning: the learner is told just below, so this is
			// not an internal error (which a console prints).
			t.cfg.Log.Warn("storing a game", "err", err)
			// The game goes on, unrecorded: say so, or the learner looks
			// for it in /history and its review in vain.
			events = append(slices.Clip(events), NotSaved)
		} else {
			g.Record = rec.ID
		}
	}
	return Turn{Game: g, Events: events, Picture: t.picture(ctx, g.Pos, false)}, nil
}

// NotSaved is the event line of a game that could not be stored: it is
// played out, but /history will not list it nor keep its review.
const NotSaved = "⚠️ The practice database is not available, so this game is not saved: you can play it out, but /history will not list it."

// storeTimeout bounds one game record's read or write.
const storeTimeout = 2 * time.Second

// saveGame writes a new record.
func (t *Tutor) saveGame(ctx context.Context, rec store.GameRecord) error {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	svc, err := t.practice(ctx)
	if err != nil {
		return err
	}
	Step(ctx, "store", "SaveGame")
	return svc.Store().SaveGame(ctx, rec)
}

// record reads g's record and checks that it is at g's board: the
// learner's, of g's game and side, holding g.Ply moves.
func (t *Tutor) record(ctx context.Context, svc *practice.Service, g Game) (store.GameRecord, error) {
	Step(ctx, "store", "Game")
	rec, err := svc.Store().Game(ctx, g.Record)
	if errors.Is(err, store.ErrNotFound) || err == nil && (rec.User != g.Owner || rec.Game != g.Pos.Game().Name() || rec.Side != int(g.Side)) {
		return rec, errGameGone
	}
	if err != nil {
		return rec, err
	}
	if len(rec.Moves) != g.Ply {
		return rec, ErrBoardMoved
	}
	return rec, nil
}

// errGameGone answers a board whose record is no longer stored (deleted
// by /forget).
var errGameGone = fault.New(fault.EExpired, "game", "this game is no longer stored (it was deleted); start a new one with the play command")

// Move plays the learner's move m in g, judges it, answers with the
// bot's move and records both on g's record, under ctx. A move that
// cannot be played returns Play's *fault.Error (EInvalid) and changes
// nothing; a board that is no longer the record's latest gets
// ErrBoardMoved.
func (t *Tutor) Move(ctx context.Context, g Game, m solver.Move) (Turn, error) {
	Step(ctx, "tutor", "Move")
	before := g
	var rec store.GameRecord
	var svc *practice.Service
	if g.Record != "" {
		var err error
		svc, err = t.practice(ctx)
		if err == nil {
			rctx, cancel := context.WithTimeout(ctx, storeTimeout)
			rec, err = t.record(rctx, svc, g)
			cancel()
		}
		switch {
		case errors.Is(err, ErrBoardMoved) || errors.Is(err, errGameGone):
			return Turn{}, err
		case err != nil:
			t.cfg.Log.Error("reading a game record", "game", g.Record, "err", err)
			g.Record = "" // the game goes on, unrecorded
		}
	}
	pt, err := g.Session.Move(ctx, m)
	if err != nil {
		return Turn{}, err
	}
	add := moveTexts(m, g.Last)
	g.Ply += len(add)
	turn := Turn{Game: g, Events: pt.Events, Why: pt.Why}
	if len(pt.Why) > 0 {
		turn.Back = &before
	}
	if g.Record != "" {
		result := play.Result(g.Pos, g.Side)
		wctx, cancel := context.WithTimeout(ctx, storeTimeout)
		Step(ctx, "store", "ReplaceMoves")
		err := svc.Store().ReplaceMoves(wctx, rec.ID, rec.Moves, slices.Concat(rec.Moves, add), result)
		cancel()
		switch {
		case errors.Is(err, store.ErrGameMoved):
			return Turn{}, ErrBoardMoved
		case err != nil:
			t.cfg.Log.Error("storing a move", "game", g.Record, "err", err)
			turn.Game.Record = "" // the game goes on, unrecorded
		case result != "":
			rec.Moves, rec.Result = slices.Concat(rec.Moves, add), result
			rev, err := practice.ReviewRecord(rec)
			if err != nil {
				t.cfg.Log.Error("reviewing a game", "game", rec.ID, "err", err)
			}
			turn.Review = rev
		}
	}
	turn.Picture = t.picture(ctx, turn.Game.Pos, false)
	return turn, nil
}

// TakeBack returns g, the game as it was before the learner's last move,
// and takes the moves made since off g's record: the learner's move and
// the bot's answer, and the result if that move ended the game. The
// record stays one game, whose review shows the line finally played.
func (t *Tutor) TakeBack(ctx context.Context, g Game) (Turn, error) {
	Step(ctx, "tutor", "TakeBack")
	if g.Record != "" {
		svc, err := t.practice(ctx)
		if err != nil {
			return Turn{}, err
		}
		ctx, cancel := context.WithTimeout(ctx, storeTimeout)
		defer cancel()
		Step(ctx, "store", "Game")
		rec, err := svc.Store().Game(ctx, g.Record)
		switch {
		case errors.Is(err, store.ErrNotFound) || err == nil && rec.User != g.Owner:
			return Turn{}, errGameGone
		case err != nil:
			return Turn{}, err
		case len(rec.Moves) < g.Ply:
			return Turn{}, ErrBoardMoved
		}
		Step(ctx, "store", "ReplaceMoves")
		err = svc.Store().ReplaceMoves(ctx, rec.ID, rec.Moves, rec.Moves[:g.Ply], "")
		if errors.Is(err, store.ErrGameMoved) {
			return Turn{}, ErrBoardMoved
		}
		if err != nil {
			return Turn{}, fmt.Errorf("taking a move back: %w", err)
		}
	}
	return Turn{Game: g, Events: []string{"You take your move back. Try again from here."}, Picture: t.picture(ctx, g.Pos, false)}, nil
}

// Resume returns user's stored game id at its last move, to play on.
func (t *Tutor) Resume(ctx context.Context, user, id string) (Turn, error) {
	Step(ctx, "tutor", "Resume")
	rec, rev, err := t.review(ctx, user, id)
	if err != nil {
		return Turn{}, err
	}
	pos, err := Replay(rec)
	if err != nil {
		return Turn{}, err
	}
	g := Game{Session: play.Session{Pos: pos, Side: solver.Player(rec.Side), Moves: len(rev.Moves)}, Owner: rec.User, Record: rec.ID, Ply: len(rec.Moves)}
	for _, m := range rev.Moves {
		if m.Class != practice.Mistake {
			g.Kept++
		}
	}
	events := []string{fmt.Sprintf("Resumed your game of %s from %s, %d moves in.", rec.Game, rec.Created.Format(time.DateOnly), len(rec.Moves))}
	return Turn{Game: g, Events: events, Picture: t.picture(ctx, pos, false)}, nil
}

// Review returns user's stored game id with its review. An id that is
// not one of user's games is not found.
func (t *Tutor) Review(ctx context.Context, user, id string) (GameRecord, *Review, error) {
	Step(ctx, "tutor", "Review")
	return t.review(ctx, user, id)
}

// LastFinished returns user's latest finished game with its review, or
// a message saying there is none.
func (t *Tutor) LastFinished(ctx context.Context, user string) (GameRecord, *Review, error) {
	Step(ctx, "tutor", "LastFinished")
	svc, err := t.practice(ctx)
	if err != nil {
		return GameRecord{}, nil, err
	}
	Step(ctx, "store", "Games")
	games, err := svc.Store().Games(ctx, user, 50)
	if err != nil {
		return GameRecord{}, nil, err
	}
	k := slices.IndexFunc(games, func(g store.GameRecord) bool { return g.Result != "" })
	if k < 0 {
		return GameRecord{}, nil, ErrNoFinishedGame
	}
	rev, err := practice.ReviewRecord(games[k])
	return games[k], rev, err
}

// ErrNoFinishedGame answers LastFinished for a learner who has finished
// no stored game.
var ErrNoFinishedGame = fault.New(fault.EInvalid, "", "no finished game is stored yet; play one with the play command")

// errNoSuchGame answers a review or resume of an id that is not one of
// the learner's stored games.
// It wraps ErrNoSuchGame, so that a surface other than Discord can name
// its own command that lists the games.
func errNoSuchGame(id string) error {
	return fault.New(fault.EInvalid, "game", "no stored game of yours has the id %q; /history lists them", clip(id, 40)).Wrap(ErrNoSuchGame)
}

// ErrNoSuchGame is the cause of the error a review or resume of an id
// that is not one of the learner's stored games returns.
var ErrNoSuchGame = errors.New("no stored game has that id")

func (t *Tutor) review(ctx context.Context, user, id string) (GameRecord, *Review, error) {
	svc, err := t.practice(ctx)
	if err != nil {
		return GameRecord{}, nil, err
	}
	Step(ctx, "store", "Game")
	rec, err := svc.Store().Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && rec.User != user {
		return GameRecord{}, nil, errNoSuchGame(id)
	}
	if err != nil {
		return GameRecord{}, nil, err
	}
	rev, err := practice.ReviewRecord(rec)
	if err != nil {
		return GameRecord{}, nil, err
	}
	return rec, rev, nil
}

// Replay rebuilds a stored game's current position.
func Replay(rec GameRecord) (solver.Position, error) {
	g, err := solver.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	pos, err := solver.Restore(g, rec.Start, solver.Player(rec.StartMover), [2]int{})
	if err != nil {
		return nil, err
	}
	ms, err := practice.ParseMoves(pos, rec.Moves)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		if pos, err = pos.Play(m); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// clip shortens s to at most n bytes for quoting in a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
