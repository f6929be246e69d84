package store

import (
	"context"
	"slices"
	"time"
)

// Duel is a game between two members (a challenge until it is
// accepted): who plays, where it starts and every move so far, each as
// the two numbers a person types ("5 4"). First moves first from Start;
// the challenger is First when ChallengerFirst, Second otherwise.
type Duel struct {
	ID              string `json:"id"`
	First           string `json:"first"`
	Second          string `json:"second"`
	ChallengerFirst bool   `json:"challenger_first"`
	Guild           string `json:"guild,omitempty"`
	Game            string `json:"game"`
	// Start is the starting position's text and StartMover its mover.
	Start      string   `json:"start"`
	StartMover int      `json:"start_mover"`
	Moves      []string `json:"moves"`
	// Status is DuelOffered, DuelDeclined, DuelPlaying or DuelOver.
	Status string `json:"status"`
	// Result is "" until the duel is over, then "first", "second" or "tie".
	Result  string    `json:"result,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// The statuses of a duel.
const (
	DuelOffered  = "offered"
	DuelDeclined = "declined"
	DuelPlaying  = "playing"
	DuelOver     = "over"
)

// Challenger returns the member who issued the challenge.
func (d Duel) Challenger() string {
	if d.ChallengerFirst {
		return d.First
	}
	return d.Second
}

// Challenged returns the member who was challenged.
func (d Duel) Challenged() string {
	if d.ChallengerFirst {
		return d.Second
	}
	return d.First
}

// ErrInDuel reports that a member already has an unfinished duel; its
// User is who.
type ErrInDuel struct{ User string }

func (e *ErrInDuel) Error() string { return "store: " + e.User + " is already in an unfinished duel" }

const duelCols = `duel_id, first_user, second_user, challenger_first, guild_id, game, start, start_mover, moves, status, result, created_at, updated_at`

func scanDuel(row scanner) (Duel, error) {
	var d Duel
	var moves string
	var created, updated int64
	if err := row.Scan(&d.ID, &d.First, &d.Second, &d.ChallengerFirst, &d.Guild, &d.Game, &d.Start, &d.StartMover, &moves, &d.Status, &d.Result, &created, &updated); err != nil {
		return d, err
	}
	d.Created, d.Updated = fromMillis(created), fromMillis(updated)
	var err error
	d.Moves, err = parseList(moves, "a duel's moves")
	return d, err
}

// unfinished is the condition on a duel row that it still binds its
// players: a challenge offered after $2, or a game moved in after $3.
const unfinished = `((status = 'offered' AND created_at > $2) OR (status = 'playing' AND updated_at > $3))`

// CreateDuel stores a new challenge d, unless one of its players has an
// unfinished duel: a challenge offered after offeredAfter, or a game
// last moved in after playingAfter (older ones have been abandoned).
// Then it returns *ErrInDuel naming that player, and stores nothing.
func (s *Store) CreateDuel(ctx context.Context, d Duel, offeredAfter, playingAfter time.Time) error {
	moves, err := jsonList(d.Moves)
	if err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.Update(ctx, func(tx *Tx) error {
		for _, u := range []string{d.First, d.Second} {
			var n int
			err := tx.queryRow(`SELECT COUNT(*) FROM duels WHERE (first_user = $1 OR second_user = $1) AND `+unfinished,
				u, offeredAfter.UnixMilli(), playingAfter.UnixMilli()).Scan(&n)
			if err != nil {
				return err
			}
			if n > 0 {
				return &ErrInDuel{User: u}
			}
			if err := tx.touchUser(u); err != nil {
				return err
			}
		}
		if err := tx.JoinGuild(d.Guild, d.Challenger()); err != nil {
			return err
		}
		return tx.exec(`INSERT INTO duels (`+duelCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
			d.ID, d.First, d.Second, d.ChallengerFirst, d.Guild, d.Game, d.Start, d.StartMover, moves, d.Status, d.Result, now)
	})
}

// Duel returns one duel, or ErrNotFound.
func (s *Store) Duel(ctx context.Context, id string) (Duel, error) {
	d, err := scanDuel(s.queryRow(ctx, `SELECT `+duelCols+` FROM duels WHERE duel_id = $1`, id))
	return one(d, err, "duel")
}

// Duels returns the duels user plays in, newest first.
func (s *Store) Duels(ctx context.Context, user string, limit int) ([]Duel, error) {
	return queryAll(ctx, s, "duels", scanDuel, `SELECT `+duelCols+` FROM duels WHERE first_user = $1 OR second_user = $1 ORDER BY created_at DESC, duel_id LIMIT $2`, user, limit)
}

// AdvanceDuel sets a duel's status, moves and result, if its stored
// status and moves are exactly status and have, in one transaction; a
// click on an old board (or the same click twice) finds them changed and
// gets ErrGameMoved, so no move is played twice.
func (s *Store) AdvanceDuel(ctx context.Context, id, status string, have []string, next string, moves []string, result string) error {
	all, err := jsonList(moves)
	if err != nil {
		return err
	}
	return s.Update(ctx, func(tx *Tx) error {
		query := `SELECT status, moves FROM duels WHERE duel_id = $1`
		if s.kind == Postgres {
			query += ` FOR UPDATE`
		}
		var st, stored string
		err := tx.queryRow(query, id).Scan(&st, &stored)
		if _, err := one(st, err, "duel"); err != nil {
			return err
		}
		got, err := parseList(stored, "a duel's moves")
		if err != nil {
			return err
		}
		if st != status || !slices.Equal(got, have) {
			return ErrGameMoved
		}
		return tx.exec(`UPDATE duels SET status = $2, moves = $3, result = $4, updated_at = $5 WHERE duel_id = $1`, id, next, all, result, s.now().UnixMilli())
	})
}

// exportDuels puts the duels user plays in into e.
func exportDuels(ctx context.Context, s *Store, user string, e *Export) (err error) {
	e.Duels, err = s.Duels(ctx, user, 1<<30)
	return err
}
