package tutor

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nimtutor/nimtutor/fault"
	"github.com/nimtutor/nimtutor/play"
	"github.com/nimtutor/nimtutor/practice"
	"github.com/nimtutor/nimtutor/solver"
	"github.com/nimtutor/nimtutor/store"
)

// A duel is a game between two members, refereed by the tutor. It is
// one stored record (store.Duel) from the challenge on, addressed by its
// id; its controls carry the id and the number of moves at that board,
// so a move acts on that record at that ply and on no other, and a
// restart loses nothing. Nothing runs in the background: a challenge
// expires when a click finds it older than DuelOfferTTL.

// DuelOfferTTL is how long a challenge can be accepted.
const DuelOfferTTL = 15 * time.Minute

// DuelIdle is how long a duel may go without a move before it no longer
// counts as unfinished (its players may start others).
const DuelIdle = 24 * time.Hour

// The statuses of a duel, as store.Duel holds them.
const (
	DuelOffered  = store.DuelOffered
	DuelDeclined = store.DuelDeclined
	DuelPlaying  = store.DuelPlaying
	DuelOver     = store.DuelOver
)

// Duel is a duel as a reply shows it.
type Duel struct {
	store.Duel
	// Pos is the position after the duel's moves.
	Pos solver.Position
	// Events say what just happened.
	Events []string
	// Reviews are the review of each seat's moves (first, second) once
	// the duel is over; nil before.
	Reviews [2]*Review
	// Picture is the board's picture (PNG), nil when left out.
	Picture []byte
}

// Expired reports whether d is a challenge nobody accepted in time.
func (d Duel) Expired(now time.Time) bool {
	return d.Status == store.DuelOffered && now.Sub(d.Created) > DuelOfferTTL
}

// ToMove returns the member whose turn it is.
func (d Duel) ToMove() string {
	if int(d.Pos.ToMove()) == d.StartMover {
		return d.First
	}
	return d.Second
}

// PlayerOf returns the member who plays p.
func (d Duel) PlayerOf(p solver.Player) string {
	if int(p) == d.StartMover {
		return d.First
	}
	return d.Second
}

// Duel-picking bounds: the remoteness (moves of both players under best
// play) of a position the tutor picks for a duel, and the states one
// exhaustive search may enter to find it.
const (
	DuelMinRemoteness = 5
	DuelMaxRemoteness = 15
	duelSearchBudget  = 200_000
	duelPickTries     = 1500
)

// PickDuelPosition returns a random position of g, drawn by seed, where
// the player to move wins under best play, has a move that throws the
// win away, and the win takes between DuelMinRemoteness and
// DuelMaxRemoteness moves by exhaustive search; the first such one of
// the game's random positions (puzzle-sized, or random texts of up to 15
// characters).
func PickDuelPosition(ctx context.Context, g solver.Game, seed uint64) (solver.Position, error) {
	h := fnv.New64a()
	h.Write([]byte(g.Name()))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	for try := range duelPickTries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Every other candidate is a puzzle-sized position; the others a
		// random text of 4 to 15 characters, since some games' puzzles
		// are almost all won or lost within a move or two.
		pos := g.Random(rng)
		if try%2 == 1 {
			text, first := g.RandomText(rng, 4+rng.IntN(12))
			p, err := g.Parse(text, solver.ParseOptions{First: first})
			if err != nil {
				continue
			}
			pos = p
		}
		if pos.Held() != [2]int{} {
			continue
		}
		v, ok := solver.Reach(ctx, pos, duelSearchBudget)
		if !ok || v.Outcome != solver.Win || v.Remoteness < DuelMinRemoteness || v.Remoteness > DuelMaxRemoteness {
			continue
		}
		if losing := slices.ContainsFunc(pos.Moves(), func(m solver.Move) bool {
			next, err := pos.Play(m)
			if err != nil {
				return false
			}
			w, ok := solver.Reach(ctx, next, duelSearchBudget)
			return ok && w.Outcome != solver.Loss
		}); losing {
			return pos, nil
		}
	}
	return nil, fault.New(fault.EInvalid, "game", "no %s position of moderate length was found to duel on; give one with position:", g.Name())
}

// Errors of the duel use cases that a member can act on.
var (
	errSelfDuel   = fault.New(fault.EInvalid, "user", "you cannot challenge yourself; name another member with user:")
	errBotDuel    = fault.New(fault.EInvalid, "user", "bots cannot duel; challenge a member who is a person")
	errDuelGone   = fault.New(fault.EExpired, "duel", "this duel is no longer stored (a player deleted their data); start a new one with /duel")
	errDuelMoved  = fault.New(fault.EExpired, "duel", "this board is no longer the duel's latest (a move was already made on it); use the latest board")
	errDuelOffer  = fault.New(fault.EExpired, "duel", "this challenge expired (it can be accepted for 15 minutes); challenge again with /duel")
	errDuelClosed = fault.New(fault.EExpired, "duel", "this challenge was already answered")
)

// Challenge stores challenger's challenge of challenged to a duel of
// pos's game from pos, the challenger moving first; pos nil lets the
// tutor pick one (PickDuelPosition). isBot says the challenged member is
// a bot. A member with an unfinished duel cannot be in another.
func (t *Tutor) Challenge(ctx context.Context, challenger, challenged, guild string, g solver.Game, pos solver.Position, isBot bool) (Duel, error) {
	Step(ctx, "tutor", "Challenge")
	switch {
	case challenged == challenger:
		return Duel{}, errSelfDuel
	case isBot:
		return Duel{}, errBotDuel
	}
	if pos == nil {
		var err error
		if pos, err = PickDuelPosition(ctx, g, rand.Uint64()); err != nil {
			return Duel{}, err
		}
	}
	if pos.Held() != [2]int{} {
		return Duel{}, fault.New(fault.EInvalid, "position", "a duel starts from a starting position, not one in the middle of a game")
	}
	if !solver.HasMoves(pos) {
		return Duel{}, fault.New(fault.EInvalid, "position", "this position is already over; give one with a move to make")
	}
	svc, err := t.practice(ctx)
	if err != nil {
		return Duel{}, err
	}
	d := store.Duel{ID: newID(), First: challenger, Second: challenged, ChallengerFirst: true, Guild: guild,
		Game: g.Name(), Start: pos.String(), StartMover: int(pos.ToMove()), Moves: []string{}, Status: store.DuelOffered}
	if err := t.createDuel(ctx, svc, d); err != nil {
		return Duel{}, err
	}
	return t.duelView(ctx, d, []string{fmt.Sprintf("<@%s> challenges <@%s> to a duel of %s.", challenger, challenged, g.Name())})
}

// createDuel stores d, saying who is busy if a player has a duel.
func (t *Tutor) createDuel(ctx context.Context, svc *practice.Service, d store.Duel) error {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	now := time.Now()
	Step(ctx, "store", "CreateDuel")
	err := svc.Store().CreateDuel(ctx, d, now.Add(-DuelOfferTTL), now.Add(-DuelIdle))
	var busy *store.ErrInDuel
	if errors.As(err, &busy) {
		if busy.User == d.Challenger() {
			return fault.New(fault.EInvalid, "user", "you are already in an unfinished duel; finish it (or let the challenge expire) first")
		}
		return fault.New(fault.EInvalid, "user", "<@%s> is already in an unfinished duel; challenge them when it is over", busy.User)
	}
	return err
}

// duelView replays d into a Duel with events, its picture and, when it
// is over, both reviews.
func (t *Tutor) duelView(ctx context.Context, d store.Duel, events []string) (Duel, error) {
	pos, err := Replay(store.GameRecord{Game: d.Game, Start: d.Start, StartMover: d.StartMover, Moves: d.Moves})
	if err != nil {
		return Duel{}, fmt.Errorf("replaying duel %s: %w", d.ID, err)
	}
	v := Duel{Duel: d, Pos: pos, Events: events}
	if d.Status == store.DuelOver {
		for seat := range 2 {
			rec := store.GameRecord{Game: d.Game, Start: d.Start, StartMover: d.StartMover, Side: d.StartMover ^ seat, Moves: d.Moves}
			if v.Reviews[seat], err = practice.ReviewRecord(rec); err != nil {
				t.cfg.Log.Error("reviewing a duel", "duel", d.ID, "err", err)
			} else {
				v.Reviews[seat].Opponent = fmt.Sprintf("<@%s>", []string{d.Second, d.First}[seat])
			}
		}
	}
	if d.Status != store.DuelDeclined {
		v.Picture = t.picture(ctx, pos, false)
	}
	return v, nil
}

// loadDuel reads duel id.
func (t *Tutor) loadDuel(ctx context.Context, id string) (*practice.Service, store.Duel, error) {
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, store.Duel{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "Duel")
	d, err := svc.Store().Duel(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, d, errDuelGone
	}
	return svc, d, err
}

// advance writes d's next status, moves and result if the record is
// still at status and have.
func (t *Tutor) advance(ctx context.Context, svc *practice.Service, d store.Duel, status string, have []string) error {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	Step(ctx, "store", "AdvanceDuel")
	err := svc.Store().AdvanceDuel(ctx, d.ID, status, have, d.Status, d.Moves, d.Result)
	switch {
	case errors.Is(err, store.ErrGameMoved):
		return errDuelMoved
	case errors.Is(err, store.ErrNotFound):
		return errDuelGone
	}
	return err
}

// AnswerChallenge accepts (or declines) duel id for user, who must be
// the challenged member, while the challenge is open.
func (t *Tutor) AnswerChallenge(ctx context.Context, user, id string, accept bool) (Duel, error) {
	Step(ctx, "tutor", "AnswerChallenge")
	svc, d, err := t.loadDuel(ctx, id)
	if err != nil {
		return Duel{}, err
	}
	switch {
	case user != d.Challenged():
		return Duel{}, fault.New(fault.EForbidden, "", "only <@%s>, who was challenged, can answer this challenge", d.Challenged())
	case d.Status != store.DuelOffered:
		return Duel{}, errDuelClosed
	case (Duel{Duel: d}).Expired(time.Now()):
		return Duel{}, errDuelOffer
	}
	d.Status = store.DuelDeclined
	events := []string{fmt.Sprintf("<@%s> declined the duel.", user)}
	if accept {
		d.Status = store.DuelPlaying
		events = []string{fmt.Sprintf("<@%s> accepted the duel.", user)}
	}
	if err := t.advance(ctx, svc, d, store.DuelOffered, d.Moves); err != nil {
		return Duel{}, err
	}
	return t.duelView(ctx, d, events)
}

// DuelAt returns duel id at its current board for user, checking that
// the board with ply moves is the latest and that it is user's turn:
// what a move form needs.
func (t *Tutor) DuelAt(ctx context.Context, user, id string, ply int) (Duel, error) {
	Step(ctx, "tutor", "DuelAt")
	_, d, err := t.loadDuel(ctx, id)
	if err != nil {
		return Duel{}, err
	}
	v, err := t.duelView(ctx, d, nil)
	if err != nil {
		return Duel{}, err
	}
	return v, checkTurn(v, user, ply)
}

// checkTurn refuses a move on v's board with ply moves by user when the
// duel is not being played, the board is old, or it is not user's turn.
func checkTurn(v Duel, user string, ply int) error {
	switch {
	case user != v.First && user != v.Second:
		return fault.New(fault.EForbidden, "", "you are not in this duel; challenge someone with /duel")
	case v.Status == store.DuelOver:
		return fault.New(fault.EExpired, "duel", "this duel is over")
	case v.Status != store.DuelPlaying:
		return errDuelOffer
	case len(v.Moves) != ply:
		return errDuelMoved
	case v.ToMove() != user:
		return fault.New(fault.EForbidden, "", "it is not your turn: <@%s> is to move", v.ToMove())
	}
	return nil
}

// DuelMove plays user's move, which read takes from the board of duel id
// with ply moves, refusing an illegal one with the reason; the move that
// ends the game ends the duel, with both players' reviews.
func (t *Tutor) DuelMove(ctx context.Context, user, id string, ply int, read func(solver.Position) (solver.Move, error)) (Duel, error) {
	Step(ctx, "tutor", "DuelMove")
	svc, d, err := t.loadDuel(ctx, id)
	if err != nil {
		return Duel{}, err
	}
	v, err := t.duelView(ctx, d, nil)
	if err != nil {
		return Duel{}, err
	}
	if err := checkTurn(v, user, ply); err != nil {
		return Duel{}, err
	}
	m, err := read(v.Pos)
	if err != nil {
		return Duel{}, err
	}
	next, err := v.Pos.Play(m)
	if err != nil {
		why := err.Error()
		var fe *fault.Error
		if errors.As(err, &fe) {
			why = fe.Msg
		}
		return Duel{}, fault.New(fault.EInvalid, "move", "%s cannot be played: %s; the board is unchanged, try another move", m, why)
	}
	have := d.Moves
	d.Moves = slices.Concat(have, moveTexts(m))
	events := []string{fmt.Sprintf("<@%s> played %s.", user, m)}
	if r := play.Result(next, solver.Player(d.StartMover)); r != "" {
		d.Status, d.Result = store.DuelOver, map[string]string{"won": "first", "lost": "second", "tie": "tie"}[r]
	}
	if err := t.advance(ctx, svc, d, store.DuelPlaying, have); err != nil {
		return Duel{}, err
	}
	return t.duelView(ctx, d, events)
}

// Rematch challenges the other player of finished duel id to a new duel
// from the same start with the sides swapped; user must have played it.
func (t *Tutor) Rematch(ctx context.Context, user, id string) (Duel, error) {
	Step(ctx, "tutor", "Rematch")
	svc, d, err := t.loadDuel(ctx, id)
	if err != nil {
		return Duel{}, err
	}
	if user != d.First && user != d.Second {
		return Duel{}, fault.New(fault.EForbidden, "", "only the two players of this duel can ask for a rematch; challenge someone with /duel")
	}
	if d.Status != store.DuelOver {
		return Duel{}, fault.New(fault.EInvalid, "duel", "this duel is not over yet")
	}
	other := d.First
	if user == d.First {
		other = d.Second
	}
	re := store.Duel{ID: newID(), First: d.Second, Second: d.First, ChallengerFirst: user == d.Second, Guild: d.Guild,
		Game: d.Game, Start: d.Start, StartMover: d.StartMover, Moves: []string{}, Status: store.DuelOffered}
	if err := t.createDuel(ctx, svc, re); err != nil {
		return Duel{}, err
	}
	return t.duelView(ctx, re, []string{fmt.Sprintf("<@%s> asks <@%s> for a rematch of %s, sides swapped.", user, other, d.Game)})
}

// RankedDuel is one place of a duel leaderboard.
type RankedDuel = store.RankedDuel

// DuelLeaderboard returns the top n duel ratings of game in guild and
// user's rank there (0 when unrated).
func (t *Tutor) DuelLeaderboard(ctx context.Context, guild, game, user string, n int) ([]RankedDuel, int, error) {
	Step(ctx, "tutor", "DuelLeaderboard")
	svc, err := t.practice(ctx)
	if err != nil {
		return nil, 0, err
	}
	Step(ctx, "store", "DuelLeaderboard")
	return svc.Store().DuelLeaderboard(ctx, guild, game, user, n)
}
