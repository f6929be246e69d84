package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/nimtutor/nimtutor/glicko2"
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
		// Both are members of the server the challenge is made in: the
		// duel leaderboard lists them there.
		for _, u := range []string{d.First, d.Second} {
			if err := tx.JoinGuild(d.Guild, u); err != nil {
				return err
			}
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
// status and moves are exactly status and have, in one transaction (the
// move that ends the game also rates both players, rateDuel); a
// click on an old board (or the same click twice) finds them changed and
// gets ErrGameMoved, so no move is played twice.
func (s *Store) AdvanceDuel(ctx context.Context, id, status string, have []string, next string, moves []string, result string) error {
	all, err := jsonList(moves)
	if err != nil {
		return err
	}
	return s.Update(ctx, func(tx *Tx) error {
		query := `SELECT status, moves, first_user, second_user, game FROM duels WHERE duel_id = $1`
		if s.kind == Postgres {
			query += ` FOR UPDATE`
		}
		var st, stored, first, second, game string
		err := tx.queryRow(query, id).Scan(&st, &stored, &first, &second, &game)
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
		if err := tx.exec(`UPDATE duels SET status = $2, moves = $3, result = $4, updated_at = $5 WHERE duel_id = $1`, id, next, all, result, s.now().UnixMilli()); err != nil {
			return err
		}
		if next == DuelOver && st == DuelPlaying {
			// The game's last move: both players are rated, once.
			return tx.rateDuel(first, second, game, result)
		}
		return nil
	})
}

// exportDuels puts the duels user plays in into e.
func exportDuels(ctx context.Context, s *Store, user string, e *Export) (err error) {
	e.Duels, err = s.Duels(ctx, user, 1<<30)
	return err
}

// DuelRating is a member's Glicko-2 rating in one game's duels, with
// their record there.
type DuelRating struct {
	User string `json:"-"`
	Game string `json:"game"`
	glicko2.Rating
	Wins    int       `json:"wins"`
	Losses  int       `json:"losses"`
	Ties    int       `json:"ties"`
	Updated time.Time `json:"updated"`
}

// Played is how many rated duels the rating counts.
func (r DuelRating) Played() int { return r.Wins + r.Losses + r.Ties }

const duelRatingCols = `user_id, game, rating, rd, vol, wins, losses, ties, updated_at`

func scanDuelRating(row scanner) (DuelRating, error) {
	var r DuelRating
	var at int64
	err := row.Scan(&r.User, &r.Game, &r.Rating.Rating, &r.RD, &r.Vol, &r.Wins, &r.Losses, &r.Ties, &at)
	r.Updated = fromMillis(at)
	return r, err
}

// rateDuel rates the players of a finished duel of game against each
// other (result "first", "second" or "tie"), in tx, creating their
// ratings at Glicko-2's start.
func (t *Tx) rateDuel(first, second, game, result string) error {
	var rs [2]DuelRating
	for k, u := range []string{first, second} {
		query := `SELECT ` + duelRatingCols + ` FROM duel_ratings WHERE user_id = $1 AND game = $2`
		if t.s.kind == Postgres {
			query += ` FOR UPDATE`
		}
		r, err := scanDuelRating(t.queryRow(query, u, game))
		if errors.Is(err, sql.ErrNoRows) {
			r, err = DuelRating{User: u, Game: game, Rating: glicko2.Default()}, nil
		}
		if err != nil {
			return err
		}
		rs[k] = r
	}
	score := map[string]float64{"first": 1, "second": 0, "tie": 0.5}[result]
	a, b := rs[0].Rating, rs[1].Rating
	rs[0].Rating = glicko2.Update(a, []glicko2.Result{{Opponent: b, Score: score}}, 0)
	rs[1].Rating = glicko2.Update(b, []glicko2.Result{{Opponent: a, Score: 1 - score}}, 0)
	for k := range rs {
		s := []float64{score, 1 - score}[k]
		switch {
		case s == 1:
			rs[k].Wins++
		case s == 0:
			rs[k].Losses++
		default:
			rs[k].Ties++
		}
		r := rs[k]
		err := t.exec(`INSERT INTO duel_ratings (`+duelRatingCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			ON CONFLICT (user_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
			wins = excluded.wins, losses = excluded.losses, ties = excluded.ties, updated_at = excluded.updated_at`,
			r.User, r.Game, r.Rating.Rating, r.RD, r.Vol, r.Wins, r.Losses, r.Ties, t.s.now().UnixMilli())
		if err != nil {
			return err
		}
	}
	return nil
}

// DuelRatings returns user's duel ratings, one per game they dueled in.
func (s *Store) DuelRatings(ctx context.Context, user string) ([]DuelRating, error) {
	return queryAll(ctx, s, "duel ratings", scanDuelRating, `SELECT `+duelRatingCols+` FROM duel_ratings WHERE user_id = $1 ORDER BY game`, user)
}

// RankedDuel is one place of a duel leaderboard.
type RankedDuel struct {
	Rank int
	DuelRating
}

// DuelLeaderboard returns the top n duel ratings of game among guild's
// members, and user's rank there (0 when unrated). A member who hides
// their progress is on nobody's board but their own.
func (s *Store) DuelLeaderboard(ctx context.Context, guild, game, user string, n int) ([]RankedDuel, int, error) {
	top, err := queryAll(ctx, s, "duel leaderboard", scanDuelRating, `SELECT d.`+strings.ReplaceAll(duelRatingCols, ", ", ", d.")+` FROM duel_ratings d
		JOIN guild_members m ON m.user_id = d.user_id AND m.guild_id = $1
		WHERE d.game = $2 AND (d.user_id = $4 OR `+notHidden("d")+`)
		ORDER BY d.rating DESC, d.user_id LIMIT $3`, guild, game, n, user)
	if err != nil {
		return nil, 0, err
	}
	var out []RankedDuel
	for i, r := range top {
		out = append(out, RankedDuel{Rank: i + 1, DuelRating: r})
	}
	var rank int
	err = s.queryRow(ctx, `SELECT 1 + (SELECT COUNT(*) FROM duel_ratings o JOIN guild_members m ON m.user_id = o.user_id AND m.guild_id = $1
			WHERE o.game = $2 AND (o.rating > d.rating OR o.rating = d.rating AND o.user_id < d.user_id) AND `+notHidden("o")+`)
		FROM duel_ratings d JOIN guild_members m ON m.user_id = d.user_id AND m.guild_id = $1
		WHERE d.game = $2 AND d.user_id = $3`, guild, game, user).Scan(&rank)
	if errors.Is(err, sql.ErrNoRows) {
		return out, 0, nil
	}
	return out, rank, err
}
